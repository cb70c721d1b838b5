import Testing

@testable import MapLang
@testable import MapLangCLI

/// Definition, references, rename, hover and completion over one file.
struct LanguageServerNavigationTests {
    static let text = """
        root Issue
        keys snake_case
        model Base {
          id: Int
        }
        model Issue extends Base {
          state: State using stateTable
          htmlURL: String using trim where nonEmpty
          labels: [Label] from tags, labels
          check state == open
        }
        enum State {
          open
          closed
        }
        table stateTable {
          "o" -> "open"
        }
        model Label {
          name: String
        }

        """

    static let document = TextDocument(uri: "file:///r.map", version: 1, text: text)

    static func json(_ value: JSONValue) -> String { String(decoding: JSONWriter.serialize(value), as: UTF8.self) }

    static func at(_ line: Int, _ character: Int) -> TextPosition16 { TextPosition16(line: line, character: character) }

    static func range(_ line: Int, _ start: Int, _ end: Int) -> String {
        #"{"start":{"line":\#(line),"character":\#(start)},"end":{"line":\#(line),"character":\#(end)}}"#
    }

    @Test func definitionLeadsToTheDeclaredName() {
        #expect(Self.json(LanguageServer.definition(in: Self.document, at: Self.at(5, 22))) == #"{"uri":"file:///r.map","range":"# + Self.range(2, 6, 10) + "}")
        #expect(Self.json(LanguageServer.definition(in: Self.document, at: Self.at(8, 13))) == #"{"uri":"file:///r.map","range":"# + Self.range(18, 6, 11) + "}")
        #expect(LanguageServer.definition(in: Self.document, at: Self.at(3, 3)) == .null)
    }

    @Test func aNameInAnOnlyListLeadsToTheInheritedField() {
        let text = "model Base {\n  id: Int\n  name: String\n}\nmodel Short extends Base {\n  only id\n}\n"
        let document = TextDocument(uri: "file:///o.map", version: 1, text: text)
        #expect(Self.json(LanguageServer.definition(in: document, at: Self.at(5, 7))) == #"{"uri":"file:///o.map","range":"# + Self.range(1, 2, 4) + "}")
    }

    @Test func referencesListEveryPlaceWithOrWithoutTheDeclaration() {
        let all = Self.json(LanguageServer.references(in: Self.document, at: Self.at(11, 6), includeDeclaration: true))
        #expect(all == "[" + [Self.range(6, 9, 14), Self.range(11, 5, 10)].map { #"{"uri":"file:///r.map","range":\#($0)}"# }.joined(separator: ",") + "]")
        let uses = Self.json(LanguageServer.references(in: Self.document, at: Self.at(15, 8), includeDeclaration: false))
        #expect(uses == #"[{"uri":"file:///r.map","range":"# + Self.range(6, 21, 31) + "}]")
        #expect(Self.json(LanguageServer.references(in: Self.document, at: Self.at(1, 0), includeDeclaration: true)) == "[]")
    }

    @Test func renameChangesEveryPlaceAndRefusesClashes() throws {
        let renamed = try LanguageServer.rename(in: Self.document, at: Self.at(0, 6), to: "Ticket").get()
        #expect(
            Self.json(renamed)
                == #"{"changes":{"file:///r.map":["# + [Self.range(0, 5, 10), Self.range(5, 6, 11)].map { #"{"range":\#($0),"newText":"Ticket"}"# }
                .joined(separator: ",") + "]}}")
        #expect(throws: RenameRefusal.self) { try LanguageServer.rename(in: Self.document, at: Self.at(0, 6), to: "Label").get() }
        let clash = LanguageServer.rename(in: Self.document, at: Self.at(0, 6), to: "Label")
        if case .failure(let refusal) = clash { #expect(refusal.message == "`Label` is already declared, as a model on line 19") }
        let enumClash = LanguageServer.rename(in: Self.document, at: Self.at(0, 6), to: "State")
        #expect(enumClash.failure?.message == "`State` is already declared, as an enum on line 12")
        let bad = LanguageServer.rename(in: Self.document, at: Self.at(0, 6), to: "1x")
        if case .failure(let refusal) = bad {
            #expect(refusal.message == "`1x` is not a name: letters, digits and `_`, not starting with a digit")
        } else {
            Issue.record("`1x` was accepted")
        }
        for keyword in ["default", "from", "model", "where", "using", "lossy"] {
            let refused = LanguageServer.rename(in: Self.document, at: Self.at(0, 6), to: keyword)
            #expect(refused.failure?.message == "`\(keyword)` is a word of the language, such as `from` or `default`", "\(keyword)")
        }
        let nothing = LanguageServer.rename(in: Self.document, at: Self.at(3, 3), to: "x")
        if case .failure(let refusal) = nothing {
            #expect(refusal.message == "there is no declared model, enum, table, transform or choice here to rename")
        } else {
            Issue.record("a field was renamed")
        }
    }

    @Test func hoverOnAFieldShowsItsTypeKeysTransformersAndRules() {
        let hover = LanguageServer.hover(in: Self.document, at: Self.at(7, 4))
        #expect(
            hover["contents"]?["value"]?.stringValue
                == "```maplang\nhtmlURL: String\n```\n\nfield of `Issue`\n\nreads `html_url` (its name, after `keys snake_case`)\n\nusing `trim`\n\nwhere `nonEmpty`")
        #expect(Self.json(hover["range"] ?? .null) == Self.range(7, 2, 9))
        #expect(
            LanguageServer.hover(in: Self.document, at: Self.at(8, 4))["contents"]?["value"]?.stringValue
                == "```maplang\nlabels: [Label]\n```\n\nfield of `Issue`\n\nreads `tags`, then `labels`")
    }

    @Test func hoverOnNamesBuiltinsAndNothing() {
        #expect(
            LanguageServer.hover(in: Self.document, at: Self.at(8, 12))["contents"]?["value"]?.stringValue
                == "```maplang\nmodel Label {\n```\n\nmodel declared on line 19")
        let trim = BuiltinTransformer.all.first { $0.name == "trim" }
        #expect(
            LanguageServer.hover(in: Self.document, at: Self.at(7, 25))["contents"]?["value"]?.stringValue
                == "built-in transformer `trim`: \(trim?.summary ?? "")")
        #expect(
            LanguageServer.hover(in: Self.document, at: Self.at(7, 38))["contents"]?["value"]?.stringValue
                == "built-in rule `nonEmpty`: there is at least one character or element")
        #expect(LanguageServer.hover(in: Self.document, at: Self.at(20, 0)) == .null)
    }

    /// The labels completion offers at the end of `line` typed into the sample's body of `Issue`.
    static func labels(_ line: String) -> [String] {
        let text = "model Issue {\n  state: State\n" + line + "\n}\nenum State {\n  open\n}\ntable codes {\n  1 -> 2\n}\n"
        let document = TextDocument(uri: "file:///c.map", version: 1, text: text)
        guard case .array(let items) = LanguageServer.completion(in: document, at: Self.at(2, line.utf16.count)) else { return [] }
        return items.compactMap { $0["label"]?.stringValue }
    }

    @Test func completionFollowsTheContext() {
        #expect(Self.labels("  a: String using tr").sorted() == ["trim"])
        #expect(Self.labels("  a: Int using ").contains("codes"))
        #expect(Self.labels("  a: Int using ").contains("timestamp"))
        #expect(Self.labels("  a: String where ") == ["length", "nonEmpty", "oneOf", "pattern", "range"])
        #expect(Self.labels("  a: String where nonEmpty, p") == ["pattern"])
        #expect(Self.labels("  a: ") == ["String", "Int", "Double", "Decimal", "Bool", "Date", "URL", "Data", "JSON", "Issue", "State"])
        #expect(Self.labels("  check state == o") == ["or", "open"])
        #expect(Self.labels("  ch") == ["check"])
        #expect(Self.labels("  a: Int u") == ["using"])
    }

    @Test func aNameMeansOnlyTheKindsOfDeclarationItsPlaceTakes() {
        let text = "model trim {\n  name: String using trim\n  other: trim?\n}\n"
        let document = TextDocument(uri: "file:///t.map", version: 1, text: text)
        let uses = Self.json(LanguageServer.references(in: document, at: Self.at(0, 7), includeDeclaration: true))
        #expect(uses == "[" + [Self.range(0, 6, 10), Self.range(2, 9, 13)].map { #"{"uri":"file:///t.map","range":\#($0)}"# }.joined(separator: ",") + "]")
        #expect(LanguageServer.definition(in: document, at: Self.at(1, 22)) == .null)
        for builtin in ["Int", "JSON", "trim"] {
            if case .failure(let refusal) = LanguageServer.rename(in: document, at: Self.at(0, 7), to: builtin) {
                #expect(refusal.message == "`\(builtin)` is the name of a built-in type or transformer")
            } else {
                Issue.record("renamed to the built-in `\(builtin)`")
            }
        }
    }

    @Test func hoverTakesTheNamingStrategyAModelInherits() {
        let text = "keys SCREAMING_SNAKE_CASE\nmodel Base {\n  keys snake_case\n  htmlURL: URL\n}\nmodel Child extends Base {\n  avatarURL: URL\n}\n"
        let document = TextDocument(uri: "file:///k.map", version: 1, text: text)
        let value = LanguageServer.hover(in: document, at: Self.at(6, 3))["contents"]?["value"]?.stringValue ?? ""
        #expect(value.contains("reads `avatar_url` (its name, after `keys snake_case`)"), "\(value)")
    }

    @Test func aByteOrderMarkShiftsNothing() {
        let document = TextDocument(uri: "file:///b.map", version: 1, text: "\u{FEFF}model A {\n  x: Intt\n}\n")
        #expect(Self.json(LanguageServer.definition(in: document, at: Self.at(0, 8))) == #"{"uri":"file:///b.map","range":"# + Self.range(0, 7, 8) + "}")
        let diagnostics = DocumentDiagnostics.diagnostics(of: document).map(Self.json)
        #expect(diagnostics.first?.hasPrefix(#"{"range":"# + Self.range(1, 5, 9)) == true, "\(diagnostics)")
    }

    @Test func noCompletionInsideStringsCommentsOrTestData() {
        #expect(Self.labels("  v: String where pattern(\"a|").isEmpty)
        #expect(Self.labels("  // using ").isEmpty)
        #expect(Self.labels("  input {\"a\":").isEmpty)
    }
}

extension Result {
    /// The error, for a failure.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
