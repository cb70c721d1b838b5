/// The exit statuses of `maplang`, documented in the README and `grammar.md`.
public enum ExitCode: Int32, Sendable {
    /// Everything mapped.
    case success = 0
    /// Some records broke the rules; the others were written.
    case mappingFailed = 1
    /// The input is not valid JSON.
    case invalidJSON = 2
    /// The command line is wrong.
    case usage = 64
    /// The rules file has errors.
    case rulesError = 65
    /// A file could not be read.
    case unreadableInput = 66
    /// A bug in MapLang.
    case internalError = 70
    /// The output could not be written.
    case outputError = 74
}
