import MapLang
import Testing

/// The library's mapping API as an embedding tool sees it: compile errors as
/// data, mapping bytes, text and parsed values, and reading the results.
struct LibraryMappingTests {
    static let rules = """
        root Issue
        keys snake_case

        enum State {
          open
          closed from "closed", "done"
        }

        model User {
          login: String where nonEmpty
        }

        model Issue {
          number: Int where range(1...)
          title: String where nonEmpty
          htmlURL: URL
          state: State
          createdAt: Date using iso8601
          reporterLogin: String from user.login
          assignee: User?
          price: Decimal?
          labels: [String] default []
        }
        """

    static func compiled() throws -> Rules {
        try Rules(source: SourceFile(name: "issues.map", text: rules))
    }

    static let issue = """
        {"number": 7, "title": "Crash", "html_url": "https://x.test/7", "state": "done",
         "created_at": "2016-05-24T18:43:37Z", "user": {"login": "ada"}, "assignee": {"login": "bob"},
         "price": 19.990}
        """

    @Test func compileErrorsAreDataWithPlacesAndTheCLIRendering() {
        let source = SourceFile(name: "bad.map", text: "model A {\n  x: Strin\n  y: Int where lenght(1)\n}\n")
        do {
            _ = try Rules(source: source)
            Issue.record("compiled")
        } catch {
            #expect(error.diagnostics.map(\.code) == ["unknown-type", "unknown-rule"])
            #expect(error.diagnostics.map { "\($0.source.name):\($0.location)" } == ["bad.map:2:6", "bad.map:3:16"])
            #expect(error.diagnostics[0].message == "unknown type `Strin`")
            #expect(error.diagnostics[0].help == "did you mean `String`?")
            #expect(error.description == DiagnosticRenderer().render(error.diagnostics))
            #expect(error.description.hasSuffix("\n2 errors\n"))
        }
    }

    @Test func mapsBytesTextAndParsedValuesAlike() throws {
        let rules = try Self.compiled()
        let fromText = try rules.map(Self.issue)
        let fromBytes = try rules.map(Array(Self.issue.utf8))
        let fromValue = try rules.map(try JSONReader.parse(Array(Self.issue.utf8)))
        #expect(fromText == fromBytes)
        #expect(fromText == fromValue)
        #expect(
            fromText.jsonText()
                == #"{"number":7,"title":"Crash","htmlURL":"https://x.test/7","state":"closed","createdAt":"2016-05-24T18:43:37Z","reporterLogin":"ada","assignee":{"login":"bob"},"price":19.990,"labels":[]}"#
        )
    }

    @Test func accessorsReadTypedCases() throws {
        let issue = try Self.compiled().map(Self.issue)
        #expect(issue["assignee"]?["login"]?.stringValue == "bob")
        #expect(issue["number"]?.intValue == 7)
        #expect(issue["number"]?.doubleValue == 7)
        #expect(issue["createdAt"]?.timestampValue == Timestamp(seconds: 1_464_115_417))
        #expect(issue["createdAt"]?.dateValue?.timeIntervalSince1970 == 1_464_115_417)
        #expect(issue["htmlURL"]?.urlValue?.absoluteString == "https://x.test/7")
        #expect(issue["price"]?.decimalValue?.description == "19.99")
        #expect(issue["labels"]?.arrayValue == [])
        #expect(issue["missing"] == nil)
        #expect(issue["title"]?["nested"] == nil)
        #expect(issue["labels"]?[0] == nil)
        #expect(issue.objectValue?.members.count == 9)
        #expect(issue["assignee"]?.isNull == false)
    }

    @Test func prettyTextMatchesTheCLI() throws {
        let value = try Self.compiled().map(#"[{"number": 1, "title": "t", "html_url": "https://x.test/1", "state": "open", "created_at": "2020-01-01T00:00:00Z", "user": {"login": "a"}}]"#)
        #expect(
            value.jsonText(pretty: true) == """
                [
                  {
                    "number": 1,
                    "title": "t",
                    "htmlURL": "https://x.test/1",
                    "state": "open",
                    "createdAt": "2020-01-01T00:00:00Z",
                    "reporterLogin": "a",
                    "assignee": null,
                    "price": null,
                    "labels": []
                  }
                ]
                """)
    }

    /// A bad record fails the whole call, with every error and the records that did map.
    @Test func failuresCarryEveryErrorAndTheGoodRecords() throws {
        let input = #"[{"number": 0, "title": "", "html_url": "https://x.test/1", "state": "open", "created_at": "2020-01-01T00:00:00Z", "user": {"login": "a"}}, {"number": 2, "title": "ok", "html_url": "https://x.test/2", "state": "open", "created_at": "2020-01-01T00:00:00Z", "user": {"login": "b"}}]"#
        let rules = try Self.compiled()
        do {
            _ = try rules.map(input)
            Issue.record("mapped")
        } catch let failure {
            #expect(failure.errors.map(\.path.description) == ["$[0].number", "$[0].title"])
            #expect(failure.errors.map(\.field) == ["number", "title"])
            #expect(failure.errors.map(\.rule) == ["rule `range`", "rule `nonEmpty`"])
            #expect(failure.errors.map { "\($0.ruleFile):\($0.ruleLocation)" } == ["issues.map:14:21", "issues.map:15:23"])
            #expect(failure.mapped?.arrayValue?.count == 1)
            #expect(failure.mapped?[0]?["number"]?.intValue == 2)
            #expect(
                failure.description == """
                    input: error[out-of-range]: $[0].number: 0 is not in 1...
                      --> issues.map:14:21: rule `range` of field `Issue.number`
                    input: error[empty]: $[0].title: expected a non-empty value, found ""
                      --> issues.map:15:23: rule `nonEmpty` of field `Issue.title`

                    """)
        }
    }

    @Test func invalidJSONAndUnknownModelsAreMappingFailuresToo() throws {
        let rules = try Self.compiled()
        #expect {
            try rules.map("{\"number\": }")
        } throws: { error in
            guard case .invalidJSON(let syntax) = error as? MappingFailure else { return false }
            return (syntax.line, syntax.column, syntax.message) == (1, 12, "expected a value, found `}`")
                && "\(error)" == "input:1:12: error[json-unexpected-token]: expected a value, found `}`\n"
        }
        #expect(throws: MappingFailure.modelChoice(.unknownModel(name: "Isue", suggestion: "Issue", available: ["User", "Issue"]))) {
            try rules.map("{}", to: "Isue")
        }
        #expect(
            "\(MappingFailure.modelChoice(.unknownModel(name: "Isue", suggestion: "Issue", available: ["User", "Issue"])))"
                == "error: the rules declare no model `Isue`\n  = help: did you mean `Issue`?\n")
    }

    /// One compiled value, shared by many tasks at once, gives every one the same answers.
    @Test func oneCompiledRulesValueServesManyTasks() async throws {
        let rules = try Self.compiled()
        let expected = try rules.map(Self.issue)
        let results = try await withThrowingTaskGroup(of: [MappedValue].self) { group in
            for task in 0..<8 {
                group.addTask {
                    try (0..<200).map { index in
                        try rules.map(Self.issue.replacingOccurrences(of: "\"number\": 7", with: "\"number\": \(task * 1000 + index + 1)"))
                    }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(results.count == 1600)
        #expect(Set(results.compactMap { $0["number"]?.intValue }).count == 1600)
        #expect(results.allSatisfy { $0["reporterLogin"] == expected["reporterLogin"] && $0["createdAt"] == expected["createdAt"] })
    }
}
