/// The files `maplang test --update` never writes: every rules file and
/// every test input of the run, told apart by device and inode after every
/// link, whatever the spelling of their names, as `run -o` tells its output
/// from its inputs.
struct UpdateGuard {
    /// A file the guard keeps: its path as the run names it, and what it is.
    private struct Kept {
        let path: String
        let isRulesFile: Bool
    }

    /// Where the run reads and writes.
    private let console: any Console
    /// The files kept, by identity; one file may be both a rules file and an input.
    private let kept: [FileIdentity: [Kept]]

    /// Notes the identities of the run's rules files and inputs, before anything is written.
    init(console: any Console, rulesFiles: [String], inputs: [String]) {
        self.console = console
        var kept: [FileIdentity: [Kept]] = [:]
        for (path, isRulesFile) in rulesFiles.map({ ($0, true) }) + inputs.map({ ($0, false) }) {
            guard let identity = console.identity(of: path) else { continue }
            kept[identity, default: []].append(Kept(path: path, isRulesFile: isRulesFile))
        }
        self.kept = kept
    }

    /// Why a planned change may not be made, or `nil` when it may: it would
    /// write or remove a rules file or an input of the run, other than the
    /// rules file whose `test` blocks it rewrites.
    ///
    /// - Parameters:
    ///   - update: The change.
    ///   - rulesPath: The rules file whose tests it updates.
    func refusal(of update: PlannedUpdate, rulesPath: String) -> String? {
        if case .write = update.change, leadsNowhere(update.path) {
            return "cannot update `\(update.path)`: it is a symbolic link that leads to no file, "
                + "and `--update` never makes a file the tests do not name; remove the link or make its file"
        }
        guard let identity = console.identity(of: update.path), let files = kept[identity] else { return nil }
        // The rules file itself, by whichever name the run found it.
        let itself = update.replacesRulesFile && identity == console.identity(of: rulesPath)
        let others = files.filter { !(itself && $0.isRulesFile) }
        guard let other = others.first else { return nil }
        let what = other.isRulesFile ? "the rules file" : "the test input"
        return "cannot update `\(update.path)`: it is \(what) `\(other.path)`, which `--update` never writes"
    }

    /// Whether `path` is a symbolic link to nothing: writing through it
    /// would make a file elsewhere, named by the link alone.
    private func leadsNowhere(_ path: String) -> Bool {
        guard console.kind(of: path) == nil else { return false }
        let folder = OutputFile.directory(of: path)
        let name = String(path.dropFirst(folder.count))
        let entries = try? console.entries(of: folder.isEmpty ? "." : folder)
        return entries?.contains { $0.name == name && $0.kind == .symbolicLink } ?? false
    }

    /// Why changes may not be made because two of them would change one
    /// file, whose last change would undo the other: a message each.
    func clashes(among updates: [PlannedUpdate]) -> [String] {
        var first: [FileIdentity: String] = [:]
        var clashes: [String] = []
        for update in updates {
            guard let identity = console.identity(of: update.path) else { continue }
            if let earlier = first[identity] {
                clashes.append("cannot update `\(update.path)`: `\(earlier)` is updated too, and it is the same file")
            } else {
                first[identity] = update.path
            }
        }
        return clashes
    }
}
