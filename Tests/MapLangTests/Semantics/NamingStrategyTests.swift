import Testing

@testable import MapLang

/// `keys strategy`: how a field's name becomes its JSON key (grammar.md 3.1).
struct NamingStrategyTests {
    struct NameCase: Sendable, CustomTestStringConvertible {
        let name: String
        let asIs: String
        let snake: String
        let kebab: String
        let screaming: String
        let pascal: String
        let lower: String
        var testDescription: String { name }
    }

    static let cases: [NameCase] = [
        NameCase(
            name: "htmlURL", asIs: "htmlURL", snake: "html_url", kebab: "html-url", screaming: "HTML_URL",
            pascal: "HtmlURL", lower: "htmlurl"),
        NameCase(
            name: "avatarURL", asIs: "avatarURL", snake: "avatar_url", kebab: "avatar-url", screaming: "AVATAR_URL",
            pascal: "AvatarURL", lower: "avatarurl"),
        NameCase(
            name: "siteAdmin", asIs: "siteAdmin", snake: "site_admin", kebab: "site-admin", screaming: "SITE_ADMIN",
            pascal: "SiteAdmin", lower: "siteadmin"),
        NameCase(
            name: "URLString", asIs: "URLString", snake: "url_string", kebab: "url-string", screaming: "URL_STRING",
            pascal: "URLString", lower: "urlstring"),
        NameCase(
            name: "userID", asIs: "userID", snake: "user_id", kebab: "user-id", screaming: "USER_ID",
            pascal: "UserID", lower: "userid"),
        NameCase(
            name: "sha256Sum", asIs: "sha256Sum", snake: "sha256_sum", kebab: "sha256-sum", screaming: "SHA256_SUM",
            pascal: "Sha256Sum", lower: "sha256sum"),
        NameCase(name: "id", asIs: "id", snake: "id", kebab: "id", screaming: "ID", pascal: "Id", lower: "id"),
        NameCase(
            name: "already_snake", asIs: "already_snake", snake: "already_snake", kebab: "already-snake",
            screaming: "ALREADY_SNAKE", pascal: "AlreadySnake", lower: "already_snake"),
    ]

    @Test(arguments: cases)
    func keyForEveryStrategy(_ testCase: NameCase) {
        let keys = [NamingStrategy.asIs, .snakeCase, .kebabCase, .screamingSnakeCase, .pascalCase, .lowercase]
            .map { $0.key(for: testCase.name) }
        #expect(
            keys == [
                testCase.asIs, testCase.snake, testCase.kebab, testCase.screaming, testCase.pascal, testCase.lower,
            ])
    }

    @Test(arguments: [
        ("htmlURL", ["html", "URL"]),
        ("URLString", ["URL", "String"]),
        ("avatarURL", ["avatar", "URL"]),
        ("sha256Sum", ["sha256", "Sum"]),
        ("userID", ["user", "ID"]),
        ("already_snake", ["already", "snake"]),
    ])
    func wordSplitting(_ name: String, _ words: [String]) {
        #expect(NamingStrategy.words(of: name) == words)
    }

    @Test func strategiesAreNamedAsInTheRules() {
        #expect(
            NamingStrategy.allCases.map(\.rawValue) == [
                "as_is", "snake_case", "kebab_case", "SCREAMING_SNAKE_CASE", "PascalCase", "lowercase",
            ])
    }

    struct MappingCase: Sendable, CustomTestStringConvertible {
        let id: String
        let rules: String
        let input: String
        let output: String
        var testDescription: String { id }
    }

    /// The strategy as the interpreter applies it: file-wide, per model, and never over an explicit `from`.
    @Test(arguments: [
        MappingCase(
            id: "file snake_case", rules: "keys snake_case\nmodel A { htmlURL: URL\n siteAdmin: Bool }",
            input: #"{"html_url": "https://x.org", "site_admin": true, "htmlURL": "https://wrong.org"}"#,
            output: #"{"htmlURL":"https://x.org","siteAdmin":true}"#),
        MappingCase(
            id: "model kebab_case wins over file snake_case",
            rules: "keys snake_case\nmodel A {\n  keys kebab_case\n  htmlURL: URL\n}",
            input: #"{"html_url": "https://wrong.org", "html-url": "https://x.org"}"#,
            output: #"{"htmlURL":"https://x.org"}"#),
        MappingCase(
            id: "model keys written after its fields still applies to them",
            rules: "model A {\n  userID: Int\n  keys SCREAMING_SNAKE_CASE\n}",
            input: #"{"USER_ID": 7, "userID": 8}"#, output: #"{"userID":7}"#),
        MappingCase(
            id: "PascalCase", rules: "keys PascalCase\nmodel A { avatarURL: URL }",
            input: #"{"AvatarURL": "https://x.org/a.png"}"#, output: #"{"avatarURL":"https://x.org/a.png"}"#),
        MappingCase(
            id: "lowercase", rules: "keys lowercase\nmodel A { siteAdmin: Bool }",
            input: #"{"siteadmin": false}"#, output: #"{"siteAdmin":false}"#),
        MappingCase(
            id: "as_is resets a file strategy for one model",
            rules: "keys snake_case\nmodel A {\n  keys as_is\n  siteAdmin: Bool\n}",
            input: #"{"siteAdmin": true, "site_admin": false}"#, output: #"{"siteAdmin":true}"#),
        MappingCase(
            id: "from is never renamed", rules: "keys SCREAMING_SNAKE_CASE\nmodel A { siteAdmin: Bool from siteAdmin }",
            input: #"{"siteAdmin": true, "SITE_ADMIN": false}"#, output: #"{"siteAdmin":true}"#),
        MappingCase(
            id: "the strategy names the missing key", rules: "keys snake_case\nmodel A { htmlURL: URL }",
            input: #"{"htmlURL": "https://x.org"}"#,
            output: "$.html_url A.htmlURL: missing required key `html_url` @2:11"),
    ])
    func interpreterReadsTheRenamedKey(_ testCase: MappingCase) {
        #expect(RulesTestSupport.outcome(testCase.rules, testCase.input) == [testCase.output])
    }
}
