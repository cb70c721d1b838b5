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
        guard let identity = console.identity(of: update.path), let files = kept[identity] else { return nil }
        let others = files.filter { !(update.replacesRulesFile && $0.isRulesFile && $0.path == rulesPath) }
        guard let other = others.first else { return nil }
        let what = other.isRulesFile ? "the rules file" : "the test input"
        return "cannot update `\(update.path)`: it is \(what) `\(other.path)`, which `--update` never writes"
    }
}
