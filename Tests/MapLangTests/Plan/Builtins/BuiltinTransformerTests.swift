@testable import MapLang
import Testing

/// Each built-in is one declaration; the language reference and the
/// checker agree with what the declarations say.
struct BuiltinTransformerTests {
    /// A kind as grammar.md's transformer table writes it.
    static func documented(_ kind: ValueKind) -> String {
        switch kind {
        case .text: "String"
        case .number: "number"
        case .boolean: "Bool"
        case .date: "Date"
        case .url: "URL"
        case .data: "Data"
        case .json: "JSON"
        }
    }

    /// The rows of grammar.md's table of transformers: each written form,
    /// with the kinds it reads and the kind it produces.
    static func documentedRows() throws -> [String: (reads: Set<String>, produces: String)] {
        let grammar = try TestFiles.text(TestFiles.packageRoot + "/grammar.md")
        let section = try #require(grammar.components(separatedBy: "### 3.5 Transformers").dropFirst().first)
        let table = section.components(separatedBy: "\n\n").first { $0.hasPrefix("| transformer |") } ?? ""
        var rows: [String: (reads: Set<String>, produces: String)] = [:]
        for line in table.split(separator: "\n").dropFirst(2) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
            guard cells.count > 4, cells[1].hasPrefix("`") else { continue }
            let reads = Set(cells[2].components(separatedBy: ", "))
            for form in cells[1].matches(of: #/`([^`]*)`/#) {
                rows[String(form.output.1)] = (reads, cells[3])
            }
        }
        return rows
    }

    @Test func grammarListsEveryFormWithTheKindsItsDeclarationGives() throws {
        let rows = try Self.documentedRows()
        var declared: Set<String> = []
        for builtin in BuiltinTransformer.all {
            for form in builtin.forms {
                declared.insert(form)
                let row = try #require(rows[form], "grammar.md has no row for `\(form)`")
                // A built-in that changes the value's shape says so in its row.
                let reads = builtin.shape == .joins ? ["an array of String", "number", "Bool"] : Set(builtin.accepts.map(Self.documented))
                let produces = builtin.shape == .splits ? "an array of String" : Self.documented(builtin.output)
                #expect(row.reads == reads, "\(form)")
                #expect(row.produces == produces, "\(form)")
            }
        }
        #expect(Set(rows.keys) == declared)
    }

    @Test func namesAreUniqueAndEveryFormStartsWithTheName() {
        let names = BuiltinTransformer.all.map(\.name)
        #expect(Set(names).count == names.count)
        for builtin in BuiltinTransformer.all {
            #expect(BuiltinTransformer.named[builtin.name]?.forms == builtin.forms)
            #expect(builtin.forms.allSatisfy { $0 == builtin.name || $0.hasPrefix(builtin.name + "(") })
        }
    }

    /// The type a field needs to take a kind of value.
    static func fieldType(for kind: ValueKind) -> String {
        switch kind {
        case .text: "String"
        case .number: "Double"
        case .boolean: "Bool"
        case .date: "Date"
        case .url: "URL"
        case .data: "Data"
        case .json: "JSON"
        }
    }

    /// Every form the declarations list compiles, and the pattern form with
    /// a real pattern; a built-in without arguments refuses them.
    @Test func everyDeclaredFormCompiles() throws {
        for builtin in BuiltinTransformer.all {
            for form in builtin.forms {
                // The placeholders of the written forms, filled in.
                let written = form.replacing(#"extract("pattern")"#, with: #"extract("v(\\d+)")"#)
                    .replacing(#"("pattern")"#, with: #"("yyyy-MM-dd")"#).replacing("(n)", with: "(2)")
                let type = builtin.shape == .splits ? "[String]" : Self.fieldType(for: builtin.output)
                let text = "model A {\n  x: \(type)? using \(written)\n}\n"
                #expect(throws: Never.self, "\(form)") { try Rules(source: SourceFile(name: "a.map", text: text)) }
            }
            guard builtin.forms == [builtin.name] else { continue }
            let text = "model A {\n  x: \(Self.fieldType(for: builtin.output))? using \(builtin.name)(1)\n}\n"
            #expect(throws: RulesError.self, "\(builtin.name)(1)") { try Rules(source: SourceFile(name: "a.map", text: text)) }
        }
    }
}
