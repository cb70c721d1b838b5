@testable import MapLang

/// Compiling rules text and mapping JSON text through it, for the checker,
/// interpreter, transformer, coercion and validation tests.
enum RulesTestSupport {
    /// The name every test rules file is compiled under.
    static let fileName = "test.map"

    /// The character tests place in rules text where a diagnostic must start.
    static let marker: Character = "»"
    /// The character tests place where a diagnostic's secondary label must start.
    static let secondaryMarker: Character = "†"

    /// Rules text with its markers removed and where each marker stood.
    struct Marked {
        /// The text without markers.
        let text: String
        /// The 1-based line and column of each `»`, in order.
        let locations: [SourceLocation]
        /// The 1-based line and column of each `†`, in order.
        let secondaryLocations: [SourceLocation]

        init(_ marked: String) {
            var text = ""
            var locations: [SourceLocation] = []
            var secondaryLocations: [SourceLocation] = []
            var line = 1
            var column = 1
            for character in marked {
                if character == RulesTestSupport.marker {
                    locations.append(SourceLocation(line: line, column: column))
                    continue
                }
                if character == RulesTestSupport.secondaryMarker {
                    secondaryLocations.append(SourceLocation(line: line, column: column))
                    continue
                }
                text.append(character)
                if character == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            self.text = text
            self.locations = locations
            self.secondaryLocations = secondaryLocations
        }
    }

    /// Parses and checks rules text, returning only the checker's diagnostics
    /// after making sure the parser found nothing wrong.
    static func checkerDiagnostics(_ text: String) -> (parse: [Diagnostic], check: [Diagnostic], plan: Plan?) {
        let source = SourceFile(name: fileName, text: text)
        let parsed = RulesParser.parse(source)
        let (plan, diagnostics) = Checker.check(parsed.file, source: source)
        return (parsed.diagnostics, diagnostics, plan)
    }

    /// Compiles rules text.
    static func rules(_ text: String) throws(RulesError) -> Rules {
        try Rules(source: SourceFile(name: fileName, text: text))
    }

    /// The diagnostics compiling rules text throws, or `[]` when it compiles.
    static func compileErrors(_ text: String) -> [Diagnostic] {
        do {
            _ = try rules(text)
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// Parses JSON text.
    static func parseJSON(_ text: String) throws -> JSONValue {
        try JSONReader.parse(Array(text.utf8))
    }

    /// Compiles rules and maps one JSON record to a model (the root model when `model` is `nil`).
    static func map(_ rulesText: String, _ json: String, model: String? = nil) throws -> MappedRecord {
        let compiled = try rules(rulesText)
        let id = try compiled.model(named: model)
        return compiled.map(try parseJSON(json), to: id)
    }

    /// A mapped value as compact JSON text.
    static func json(_ value: MappedValue?) -> String {
        guard let value else { return "<none>" }
        return String(decoding: JSONWriter.serialize(value, style: .compact), as: UTF8.self)
    }

    /// A mapping error on one line: `$.path Model.field: message @line:column rule`.
    static func line(_ error: MappingError) -> String {
        let field = error.field.map { "." + $0 } ?? ""
        let rule = error.rule.isEmpty ? "" : " " + error.rule
        return "\(error.path) \(error.model)\(field): \(error.message) @\(error.ruleLocation)\(rule)"
    }

    /// What mapping gave: the output JSON, or every error as a `line`.
    static func outcome(_ record: MappedRecord) -> [String] {
        record.errors.isEmpty ? [json(record.value)] : record.errors.map(line)
    }

    /// Maps a record and describes the outcome; a rules or model error becomes its description.
    static func outcome(_ rulesText: String, _ json: String, model: String? = nil) -> [String] {
        do {
            return outcome(try map(rulesText, json, model: model))
        } catch let error as RulesError {
            return error.diagnostics.map { "rules error \($0.location) \($0.code): \($0.message)" }
        } catch {
            return ["error: \(error)"]
        }
    }

    /// A diagnostic as `line:column code: message`.
    static func summary(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.location) \(diagnostic.code): \(diagnostic.message)"
    }
}
