import MapLangCLI

/// A console over memory: files come from a directory on disk (or from a
/// table), standard input from a buffer, and everything written is kept.
final class MemoryConsole: Console, @unchecked Sendable {
    /// The directory relative paths are read from.
    let directory: String
    /// Files served from memory instead of disk, by path.
    var files: [String: [UInt8]]
    /// What standard input holds.
    let standardInput: [UInt8]
    /// Everything written to standard output.
    private(set) var output: [UInt8] = []
    /// Everything written to standard error.
    private(set) var error = ""
    /// Files written with `replaceFile`, by path.
    private(set) var written: [String: [UInt8]] = [:]

    init(directory: String = ".", files: [String: [UInt8]] = [:], standardInput: [UInt8] = []) {
        self.directory = directory
        self.files = files
        self.standardInput = standardInput
    }

    /// Standard output as text.
    var outputText: String { String(decoding: output, as: UTF8.self) }

    func readFile(_ path: String) throws(ConsoleError) -> [UInt8] {
        if let bytes = files[path] { return bytes }
        let full = path.hasPrefix("/") ? path : directory + "/" + path
        do {
            return try TestFiles.read(full)
        } catch {
            throw ConsoleError(message: "cannot read `\(path)`: No such file or directory")
        }
    }

    func readStandardInput() throws(ConsoleError) -> [UInt8] { standardInput }

    func writeOutput(_ bytes: [UInt8]) throws(ConsoleError) { output += bytes }

    func writeError(_ text: String) { error += text }

    func replaceFile(_ path: String, with bytes: [UInt8]) throws(ConsoleError) { written[path] = bytes }

    var errorIsTerminal: Bool { false }
}
