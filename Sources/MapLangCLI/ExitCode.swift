/// The exit statuses of `maplang`, documented in the README and `grammar.md`.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Everything mapped.
    case success = 0
    /// Some records broke the rules; the others were written. Or, for
    /// `maplang test`, some tests failed.
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

    /// A few words on what the status means, as the overview and the manual page list it.
    var meaning: String {
        switch self {
        case .success: "success"
        case .mappingFailed: "records or tests failed"
        case .invalidJSON: "invalid JSON input"
        case .usage: "usage error"
        case .rulesError: "errors in the rules file"
        case .unreadableInput: "unreadable file"
        case .internalError: "internal error"
        case .outputError: "output not written"
        }
    }
}

extension ExitCode {
    /// The status of a run of several inputs whose statuses were `self`
    /// and `other`: the graver of the two, where a problem with a file
    /// outweighs invalid JSON, which outweighs records that failed.
    func graver(_ other: ExitCode) -> ExitCode {
        other.gravity > gravity ? other : self
    }

    /// How grave the status is, for `graver`.
    private var gravity: Int {
        switch self {
        case .success: 0
        case .mappingFailed: 1
        case .invalidJSON: 2
        case .usage, .rulesError: 3
        case .unreadableInput: 4
        case .outputError: 5
        case .internalError: 6
        }
    }
}
