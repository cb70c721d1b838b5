/// A record that could not be mapped, or a value that broke a rule.
///
/// Each error names where in the input it happened, which model and field,
/// what went wrong, and the rule in the rules file that failed.
public struct MappingError: Error, Sendable, Equatable {
    /// Where in the input document the offending value is (or would be).
    public package(set) var path: JSONPath
    /// The model being mapped.
    public package(set) var model: String
    /// The field being mapped, or `nil` for a model-level check.
    public package(set) var field: String?
    /// What went wrong.
    public package(set) var problem: MappingProblem
    /// The rules file the failing rule is in.
    public package(set) var ruleFile: String
    /// Where the failing rule is written.
    public package(set) var ruleLocation: SourceLocation
    /// The failing rule as messages show it, such as ``rule `nonEmpty` ``.
    public package(set) var rule: String
    /// How to fix it, when the input suggests something: a key close to the
    /// one that is missing (`the input has "userId"; …`), or a key the
    /// model reads close to an unknown one.
    public package(set) var help: String?

    /// What went wrong, lowercase, with no trailing period.
    public var message: String { problem.message }

    /// Creates a mapping error.
    package init(
        path: JSONPath, model: String, field: String?, problem: MappingProblem, ruleFile: String,
        ruleLocation: SourceLocation, rule: String
    ) {
        self.path = path
        self.model = model
        self.field = field
        self.problem = problem
        self.ruleFile = ruleFile
        self.ruleLocation = ruleLocation
        self.rule = rule
    }

    /// The field or model the error is about: ``field `Issue.title` `` or ``model `Issue` ``.
    package var owner: String { field.map { "field `\(model).\($0)`" } ?? "model `\(model)`" }

    /// The failing rule, or, for an error of the field's declaration itself
    /// (its keys or type), the field: never empty.
    package var ruleName: String { rule.isEmpty ? owner : rule }

    /// The rule and what it belongs to, as messages end: ``rule `nonEmpty`
    /// of field `Issue.title` ``, or the field alone for its declaration.
    package var ruleDescription: String { rule.isEmpty ? owner : "\(rule) of \(owner)" }

    /// The error as it reads for a record inside a document, at `component`.
    func inside(_ component: JSONPath.Component) -> MappingError {
        var error = self
        error.path = JSONPath(components: [component] + path.components)
        return error
    }
}

/// The ways mapping a value can fail, with what the message needs.
public enum MappingProblem: Error, Sendable, Equatable {
    /// A check's condition was false; the message is the check's own.
    case checkFailed(String)
    /// A string, array or dictionary had no elements.
    case empty(found: String)
    /// A value was not one the enum lists.
    case unknownEnumValue(enumName: String, found: String, known: [String])
    /// A whole number exceeded 64 bits where an `Int` was required.
    case integerOutOfRange(found: String)
    /// A number with a fraction, or a string holding one, where an `Int`
    /// was required; `found` is the value as the input gives it.
    case notAnInteger(found: String)
    /// A transformer could not read its input.
    case invalidValue(transformer: String, found: String, reason: String)
    /// A string, array or dictionary had a length outside the rule's bounds.
    case lengthOutOfRange(count: Int, range: String)
    /// No key the field reads is present.
    case missingKey(keys: [String])
    /// A number that does not fit in a `Double`.
    case notFinite(found: String)
    /// A value not among the rule's choices.
    case notOneOf(found: String, choices: [String])
    /// A required field's value was `null`.
    case nullValue(key: String)
    /// A number outside the rule's bounds.
    case outOfRange(found: String, range: String)
    /// A string in which the rule's pattern finds no match.
    case patternMismatch(found: String, pattern: String)
    /// Matching the pattern against the string passed `Pattern.stepLimit(scalars:)` without an answer.
    case patternTooCostly(found: String, pattern: String, scalars: Int)
    /// A choice's discriminator key is missing and the choice has no default.
    case missingDiscriminator(choice: String, key: String, known: [String])
    /// A discriminator value no variant of the choice lists, and no default.
    case unknownVariant(choice: String, found: String, known: [String])
    /// A model that rejects unknown keys found some.
    case unknownKeys(model: String, keys: [String])
    /// In reverse mapping, a value that no row of a table gives.
    case notATableOutput(table: String, found: String)
    /// A value not in a table, which has no default.
    case tableMiss(table: String, found: String)
    /// A value of the wrong JSON type.
    case typeMismatch(expected: String, found: String)
    /// An expression's arithmetic could not be worked out: an overflow, a
    /// division by zero, a result past its type's limits.
    case arithmeticFailed(reason: String)
    /// A computed field's expression gave `null`, and the field is not optional.
    case computedNull
    /// Not an error but a warning: a `lossy` field left out this element,
    /// which failed to map for these reasons.
    case droppedElement(reasons: [MappingError])
    /// Not an error but a warning (`--warn-coercions`): lenient coercion
    /// converted `found` into `result` (a type's name and the value), for
    /// the field's type or, when `by` names one, for a transformer or table
    /// (`result` then the value it gave).
    case coerced(found: String, result: String, by: String?)
    /// Lenient coercion would have converted `found` as `coerced` says,
    /// which `--warn-coercions=error` refuses.
    case coercionRefused(found: String, result: String, by: String?)

    /// The record's output would nest arrays and objects deeper than the
    /// JSON reader reads (`limit` levels where the record stands), so
    /// reverse mapping could not read it back.
    case outputTooDeep(limit: Int)
    /// More errors, or warnings, in one record than it keeps: `count` more
    /// past the first `limit`, counted only; `first` is the code of the
    /// first of them, and a warning's code makes this a warning.
    case problemsNotKept(count: Int, limit: Int, first: String)

    /// Whether the problem is a warning, which leaves its record mapped.
    public var isWarning: Bool {
        if case .droppedElement = self { return true }
        if case .coerced = self { return true }
        if case .problemsNotKept(_, _, let first) = self { return Self.warningCodes.contains(first) }
        return false
    }

    /// The codes of the problems that are warnings.
    static let warningCodes: Set<String> = ["dropped-element", "coerced-value"]

    /// A stable identifier for the kind of problem, such as `missing-key`.
    public var code: String {
        switch self {
        case .checkFailed: "check-failed"
        case .empty: "empty"
        case .unknownEnumValue: "unknown-enum-value"
        case .integerOutOfRange: "integer-out-of-range"
        case .notAnInteger: "not-an-integer"
        case .invalidValue: "invalid-value"
        case .lengthOutOfRange: "length-out-of-range"
        case .missingKey: "missing-key"
        case .notATableOutput: "not-a-table-output"
        case .missingDiscriminator: "missing-discriminator"
        case .unknownVariant: "unknown-variant"
        case .unknownKeys: "unknown-keys"
        case .notFinite: "not-finite"
        case .notOneOf: "not-one-of"
        case .nullValue: "null-value"
        case .outOfRange: "out-of-range"
        case .patternMismatch: "pattern-mismatch"
        case .patternTooCostly: "pattern-too-costly"
        case .tableMiss: "table-miss"
        case .typeMismatch: "type-mismatch"
        case .droppedElement: "dropped-element"
        case .coerced: "coerced-value"
        case .coercionRefused: "coercion-refused"
        case .arithmeticFailed: "arithmetic-failed"
        case .computedNull: "computed-null"
        case .problemsNotKept: "problems-not-kept"
        case .outputTooDeep: "output-too-deep"
        }
    }

    /// The problem as a sentence: lowercase, no trailing period, code in backticks.
    public var message: String {
        switch self {
        case .checkFailed(let message):
            message
        case .empty(let found):
            "expected a non-empty value, found \(found)"
        case .unknownEnumValue(let enumName, let found, let known):
            "\(found) is not a value of `\(enumName)` (expected one of \(known.joined(separator: ", ")))"
        case .integerOutOfRange(let found):
            "expected an integer that fits in 64 bits, found \(found)"
        case .notAnInteger(let found):
            "expected an integer, found \(found), which has a fraction"
        case .invalidValue(let transformer, let found, let reason):
            "`\(transformer)` cannot read \(found): \(reason)"
        case .lengthOutOfRange(let count, let range):
            "length \(count) is not in \(range)"
        case .missingKey(let keys) where keys.count == 1:
            "missing required key `\(keys[0])`"
        case .missingKey(let keys):
            "none of the keys " + keys.map { "`\($0)`" }.joined(separator: ", ") + " is present"
        case .missingDiscriminator(let choice, let key, let known):
            "missing the key `\(key)` that chooses the model of `\(choice)` (expected one of " + known.joined(separator: ", ") + ")"
        case .unknownVariant(let choice, let found, let known):
            "\(found) chooses no model of `\(choice)` (expected one of " + known.joined(separator: ", ") + ")"
        case .unknownKeys(let model, let keys):
            // Each key as a 40-character preview, and ten at most: a record may hold millions.
            "`\(model)` does not take the " + (keys.count == 1 ? "key " : "keys ")
                + keys.prefix(Self.unknownKeysShown).map { JSONWriter.preview(string: $0) }.joined(separator: ", ")
                + (keys.count > Self.unknownKeysShown ? " and \(Self.grouped(keys.count - Self.unknownKeysShown)) more" : "")
        case .notATableOutput(let table, let found):
            "\(found) is not an output of the table `\(table)`"
        case .notFinite(let found):
            "\(found) is too large for a `Double`"
        case .notOneOf(let found, let choices):
            "\(found) is not one of \(choices.joined(separator: ", "))"
        case .nullValue(let key):
            "`\(key)` is null but the field is required"
        case .outOfRange(let found, let range):
            "\(found) is not in \(range)"
        case .patternMismatch(let found, let pattern):
            "\(found) does not match the pattern `\(pattern.unsafeCharactersEscaped)`"
        case .patternTooCostly(let found, let pattern, let scalars):
            "matching the pattern `\(pattern.unsafeCharactersEscaped)` against \(found), \(Self.grouped(scalars)) characters long, takes more than "
                + "\(Self.grouped(Pattern.stepLimit(scalars: scalars))) steps; it is not known whether it matches"
        case .tableMiss(let table, let found):
            "\(found) is not in the table `\(table)`"
        case .typeMismatch(let expected, let found):
            "expected \(expected), found \(found)"
        case .arithmeticFailed(let reason):
            "the expression cannot be worked out: \(reason)"
        case .computedNull:
            "the expression gave null but the field is required"
        case .coerced(let found, let result, nil):
            "coerced \(found) to the \(result)"
        case .coerced(let found, let result, let reader?):
            "\(reader) read \(found) by coercion, giving \(result)"
        case .coercionRefused(let found, let result, nil):
            "\(found) is not of the field's type; coercion would make it the \(result), which `--warn-coercions=error` refuses"
        case .coercionRefused(let found, let result, let reader?):
            "\(reader) would read \(found) only by coercion, giving \(result), which `--warn-coercions=error` refuses"
        case .outputTooDeep(let limit):
            "the record's output would nest arrays and objects more than \(limit) deep, deeper than MapLang reads JSON back"
        case .problemsNotKept(let count, let limit, let first):
            "\(Self.grouped(count)) more \(Self.warningCodes.contains(first) ? "warning" : "error")\(count == 1 ? "" : "s") in this record, "
                + "the first `\(first)`, counted but not kept past the first \(Self.grouped(limit))"
        case .droppedElement(let reasons):
            "dropped this element, which the field's `lossy` allows: "
                + reasons.map { reason in
                    "\(reason.path): \(reason.message) (\(reason.ruleDescription) at "
                        + "\(reason.ruleFile):\(reason.ruleLocation.line):\(reason.ruleLocation.column))"
                }.joined(separator: "; ")
        }
    }

    /// How many unknown keys a message names before it says how many more there are.
    static let unknownKeysShown = 10

    /// A count with its thousands grouped by commas: `1,999,990`.
    package static func grouped(_ count: Int) -> String {
        var digits = String(count)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }
}
