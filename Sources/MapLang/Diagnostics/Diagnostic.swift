/// A problem found in a rules file, with everything needed to show it.
///
/// Diagnostics are data: the library never prints them. `DiagnosticRenderer`
/// turns them into text for people, `DiagnosticJSON` into JSON for tools.
public struct Diagnostic: Sendable, Equatable, Error {
    /// How serious the problem is.
    public package(set) var severity: Severity
    /// A stable identifier for the kind of problem, such as `unknown-type`.
    public package(set) var code: String
    /// What is wrong, lowercase, with no trailing period.
    public package(set) var message: String
    /// The file the problem is in.
    public package(set) var source: SourceFile
    /// The text the problem is about.
    public package(set) var span: Span
    /// A short note printed under the caret, if any.
    public package(set) var label: String?
    /// Other places that explain this one, such as where a bracket was opened.
    public package(set) var secondaryLabels: [SecondaryLabel]
    /// Extra facts, each printed as `note: …`.
    public package(set) var notes: [String]
    /// How to fix it, printed as `help: …`.
    public package(set) var help: String?

    /// Creates a diagnostic.
    package init(
        severity: Severity = .error, code: String, message: String, source: SourceFile, span: Span,
        label: String? = nil, secondaryLabels: [SecondaryLabel] = [], notes: [String] = [], help: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.source = source
        self.span = span
        self.label = label
        self.secondaryLabels = secondaryLabels
        self.notes = notes
        self.help = help
    }

    /// The 1-based line and column where the problem starts.
    public var location: SourceLocation { source.location(of: span.start) }

    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Equatable {
        /// The rules cannot be used.
        case error
        /// The rules work but probably not as meant.
        case warning
    }

    /// A second place in the source that a diagnostic points at.
    public struct SecondaryLabel: Sendable, Equatable {
        /// The place.
        public package(set) var span: Span
        /// What it has to do with the problem.
        public package(set) var message: String

        /// Creates a secondary label.
        package init(span: Span, message: String) {
            self.span = span
            self.message = message
        }
    }
}

/// What each phase's catalogue of problems provides: a stable code, the
/// message, and optionally how to fix it.
protocol DiagnosticMessage {
    /// A stable identifier such as `unknown-type`.
    var code: String { get }
    /// What is wrong, lowercase, with no trailing period.
    var message: String { get }
    /// How to fix it, if there is something useful to say.
    var help: String? { get }
}

extension Diagnostic {
    /// Creates an error diagnostic from a phase's catalogue entry.
    init(
        _ problem: some DiagnosticMessage, source: SourceFile, span: Span, label: String? = nil,
        secondaryLabels: [SecondaryLabel] = [], notes: [String] = []
    ) {
        self.init(
            code: problem.code, message: problem.message, source: source, span: span, label: label,
            secondaryLabels: secondaryLabels, notes: notes, help: problem.help)
    }
}
