import Foundation
import MapLang
import Testing

/// `Rules.decode`: mapping with rules, then filling plain `Decodable` types
/// whose property names are the model's field names.
struct LibraryDecodingTests {
    enum State: String, Decodable, Equatable {
        case open, closed
    }

    enum Priority: Int, Decodable, Equatable {
        case low = 1, high = 3
    }

    struct User: Decodable, Equatable {
        let login: String
        let id: Int
    }

    struct Label: Decodable, Equatable {
        let name: String
    }

    struct Ticket: Decodable, Equatable {
        let number: Int
        let title: String
        let htmlURL: URL
        let state: State
        let priority: Priority
        let createdAt: Date
        let closedAt: Date?
        let reporterLogin: String
        let assignee: User?
        let labels: [Label]
        let score: Double
        let price: Decimal?
        let extra: MappedValue
    }

    static let rules = """
        root Issue
        keys snake_case

        enum IssueState {
          open
          closed from "closed", "done"
        }

        table priority {
          "low" -> 1
          "high", "urgent" -> 3
        }

        model User {
          login: String
          id: Int
        }

        model Label {
          name: String
        }

        model Issue {
          number: Int where range(1...)
          title: String where nonEmpty
          htmlURL: URL
          state: IssueState
          priority: Int using priority
          createdAt: Date using timestamp
          closedAt: Date? using iso8601
          reporterLogin: String from user.login
          assignee: User?
          labels: [Label] default []
          score: Double
          price: Decimal?
          extra: JSON? from meta
        }
        """

    static func compiled() throws -> Rules {
        try Rules(source: SourceFile(name: "issues.map", text: rules))
    }

    static func record(number: Int = 1, title: String = "Crash", state: String = "done", assignee: String = "null") -> String {
        """
        {"number": \(number), "title": "\(title)", "html_url": "https://x.test/\(number)", "state": "\(state)",
         "priority": "urgent", "created_at": 1464116217, "closed_at": "2016-05-25T00:00:00.5Z",
         "user": {"login": "ada"}, "assignee": \(assignee), "labels": [{"name": "bug"}], "score": 2,
         "price": 19.990, "meta": {"k": [1, true]}}
        """
    }

    @Test func decodesNestedStructsArraysOptionalsEnumsDatesAndURLs() throws {
        let issue = try Self.compiled().decode(Ticket.self, from: Self.record(assignee: #"{"login": "bob", "id": 9}"#))
        #expect(issue.number == 1)
        #expect(issue.htmlURL == URL(string: "https://x.test/1"))
        #expect(issue.state == .closed)
        #expect(issue.priority == .high)
        #expect(issue.createdAt == Date(timeIntervalSince1970: 1_464_116_217))
        #expect(issue.closedAt == Date(timeIntervalSince1970: 1_464_134_400.5))
        #expect(issue.reporterLogin == "ada")
        #expect(issue.assignee == User(login: "bob", id: 9))
        #expect(issue.labels == [Label(name: "bug")])
        #expect(issue.score == 2)
        #expect(issue.price == Decimal(string: "19.99"))
        #expect(issue.extra == .object(MappedObject([MappedMember(key: "k", value: .array([.int(1), .bool(true)]))])))
    }

    @Test func decodesArraysOfRecordsFromDataAndBytes() throws {
        let rules = try Self.compiled()
        let document = "[" + Self.record(number: 1) + "," + Self.record(number: 2) + "]"
        let fromData = try rules.decode([Ticket].self, from: Data(document.utf8))
        let fromBytes = try rules.decode([Ticket].self, from: Array(document.utf8))
        #expect(fromData == fromBytes)
        #expect(fromData.map(\.number) == [1, 2])
        #expect(fromData.allSatisfy { $0.assignee == nil })
    }

    /// A broken rule is a `DecodingError` for Swift code that expects one,
    /// and underneath it the `MappingFailure` with the path, field and rule.
    @Test func ruleFailuresAreDecodingErrorsCarryingTheMappingErrors() throws {
        do {
            _ = try Self.compiled().decode([Ticket].self, from: "[" + Self.record(number: 1) + "," + Self.record(number: 0, title: "") + "]")
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 1", "number"])
            #expect(context.debugDescription == "$[1].number: 0 is not in 1... (rule `range` at issues.map:24:21)")
            let failure = try #require(context.underlyingError as? MappingFailure)
            #expect(failure.errors.map(\.path.description) == ["$[1].number", "$[1].title"])
            #expect(failure.errors.map(\.model) == ["Issue", "Issue"])
            #expect(failure.errors.map(\.field) == ["number", "title"])
        }
    }

    struct Mismatched: Decodable {
        let number: String
    }

    struct Missing: Decodable {
        let nickname: String
    }

    struct Narrow: Decodable {
        let number: Int8
    }

    /// A Swift type that does not fit the model fails with the usual decoding errors, at the field.
    @Test func typesThatDoNotFitTheModelGetTheUsualDecodingErrors() throws {
        let rules = try Self.compiled()
        let record = Self.record(number: 300)
        #expect {
            try rules.decode(Mismatched.self, from: record)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["number"] && context.debugDescription == "expected a string, found 300"
        }
        #expect {
            try rules.decode(Missing.self, from: record)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "nickname"
        }
        #expect {
            try rules.decode(Narrow.self, from: record)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.debugDescription == "expected an integer that fits `Int8`, found 300"
        }
    }

    /// Outside MapLang's decoder a `MappedValue` reads plain JSON of any shape.
    @Test func mappedValueDecodesFromAnyDecoder() throws {
        let value = try JSONDecoder().decode(MappedValue.self, from: Data(#"{"a": [1, 2.5, "x", true, null]}"#.utf8))
        #expect(value["a"] == .array([.int(1), .double(2.5), .string("x"), .bool(true), .null]))
    }
}

/// `decode` throws only `DecodingError`, as `JSONDecoder` does, with MapLang's
/// own error as the underlying one.
struct LibraryDecodingErrorTests {
    struct Item: Decodable { let id: Int }
    static let rules = try! Rules(source: SourceFile(name: "r.map", text: "model Item {\n  id: Int where range(1...)\n}\n"))

    func underlying(_ text: String, model: String? = nil) -> (any Error)? {
        do {
            _ = try Self.rules.decode([Item].self, from: text, model: model)
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            return context.underlyingError
        } catch {
            Issue.record("not a DecodingError: \(error)")
            return nil
        }
    }

    @Test func everyFailureIsADecodingError() {
        let invalid = MappingFailure.invalidJSON(JSONSyntaxError(reason: .unexpectedEnd(expected: .value), offset: 3, line: 1, column: 4))
        #expect(underlying("[1,") as? MappingFailure == invalid)
        #expect(
            underlying(#"[{"id": 1}]"#, model: "Nope") as? MappingFailure
                == .modelChoice(.unknownModel(name: "Nope", suggestion: nil, available: ["Item"])))
        #expect((underlying(#"[{"id": 0}]"#) as? MappingFailure)?.errors.map(\.path.description) == ["$[0].id"])
        #expect(underlying(#"[{"id": 2}]"#) == nil)
    }
}
