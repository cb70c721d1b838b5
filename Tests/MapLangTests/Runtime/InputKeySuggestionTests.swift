import Testing

@testable import MapLang

/// Did-you-mean for input keys: a required key that is missing, next to a
/// key of the input that differs in case, separators or a small edit, gets
/// help naming that key and the `from` that reads it; so do unknown keys
/// close to keys a model with `unknown reject` reads.
struct InputKeySuggestionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let rules: String
        let input: String
        /// The help of each error, in order; `nil` for an error with none.
        let help: [String?]
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(
            id: "snake case in the input", rules: "model U {\n  userId: Int\n}", input: #"{"user_id": 1}"#,
            help: [#"the input has "user_id"; to read it, write `from user_id`"#]),
        Case(
            id: "case and separators differ", rules: "model U {\n  userId: Int\n}", input: #"{"UserID": 1}"#,
            help: [#"the input has "UserID"; to read it, write `from UserID`"#]),
        Case(
            id: "a small edit", rules: "model U {\n  title: String\n}", input: #"{"titel": "a"}"#,
            help: [#"the input has "titel"; to read it, write `from titel`"#]),
        Case(
            id: "inside a key path, at the object where it stops", rules: "model U {\n  name: String from user.login\n}",
            input: #"{"user": {"Login": "x"}}"#, help: [#"the input has "Login"; to read it, write `from user.Login`"#]),
        Case(
            id: "a key that must be quoted", rules: "model U {\n  title: String\n}", input: #"{"Title!": "a"}"#,
            help: [#"the input has "Title!"; to read it, write `from "Title!"`"#]),
        Case(
            id: "the first fallback key with a close key", rules: "model U {\n  id: Int from ident, label\n}",
            input: #"{"lable": 1}"#, help: [#"the input has "lable"; to read it, write `from ident, lable`"#]),
        Case(
            id: "a close key whose value does not lead on", rules: "model U {\n  name: String from profile.name\n}",
            input: #"{"Profile": 5}"#, help: [nil]),
        Case(
            id: "a close key from which the rest of the path finds nothing", rules: "model U {\n  name: String from profile.name\n}",
            input: #"{"Profile": {"nom": "x"}}"#, help: [nil]),
        Case(
            id: "an unknown key is not offered for a key the object has",
            rules: "model U {\n  unknown reject\n  title: String\n}", input: #"{"title": "a", "titel": "b"}"#, help: [nil]),
        Case(
            id: "a key the model reads for another field is not offered",
            rules: "model U {\n  name: String from user_name\n  userId: Int\n}", input: #"{"user_name": "a"}"#, help: [nil]),
        Case(
            id: "a short key only by case and separators", rules: "model U {\n  n: Int\n  id: Int\n}", input: #"{"p": 1, "ID": 2}"#,
            help: [nil, #"the input has "ID"; to read it, write `from ID`"#]),
        Case(
            id: "a clause word is quoted at the start of a path", rules: "model U {\n  defaults: Int\n}", input: #"{"default": 1}"#,
            help: [#"the input has "default"; to read it, write `from "default"`"#]),
        Case(
            id: "nothing close", rules: "model U {\n  title: String\n}", input: #"{"body": "a"}"#, help: [nil]),
        Case(
            id: "a null key is no missing key", rules: "model U {\n  userId: Int\n}", input: #"{"userId": null, "user_id": 1}"#,
            help: [nil]),
        Case(
            id: "unknown keys close to keys the model reads",
            rules: "model U {\n  unknown reject\n  userId: Int?\n  title: String?\n}", input: #"{"user_id": 1, "titel": "a", "zzz": 0}"#,
            help: [#"close to keys the model reads: "user_id" to `userId`, "titel" to `title`; to read a key under another name, use `from`"#]),
    ]

    @Test(arguments: cases)
    func helpNamesTheKey(_ testCase: Case) throws {
        let rules = try Rules(source: SourceFile(name: "r.map", text: testCase.rules))
        do {
            _ = try rules.map(testCase.input)
            Issue.record("mapped")
        } catch {
            guard case .brokenRules(let errors, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(errors.map(\.help) == testCase.help)
        }
    }

    /// A record with a thousand keys and more is compared on its first thousand only.
    @Test func onlyTheFirstThousandKeysAreLookedAt() throws {
        let rules = try Rules(source: SourceFile(name: "r.map", text: "model U {\n  userId: Int\n}"))
        let padding = (0..<InputKeySuggestion.keysLooked).map { #""k\#($0)": 0"# }.joined(separator: ", ")
        do {
            _ = try rules.map("{" + padding + #", "user_id": 1}"#)
            Issue.record("mapped")
        } catch {
            guard case .brokenRules(let errors, _) = error else { return }
            #expect(errors.map(\.help) == [nil])
        }
    }

    @Test func theRendererShowsTheHelp() throws {
        let rules = try Rules(source: SourceFile(name: "r.map", text: "model U {\n  userId: Int\n}"))
        do {
            _ = try rules.map(#"{"user_id": 1}"#)
        } catch {
            guard case .brokenRules(let errors, _) = error else { return }
            #expect(
                DiagnosticRenderer().render(errors[0], input: "in.json") == """
                    in.json: error[missing-key]: $.userId: missing required key `userId`
                      --> r.map:2:3: field `U.userId`
                       = help: the input has "user_id"; to read it, write `from user_id`

                    """)
        }
    }
}
