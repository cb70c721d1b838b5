import Testing

@testable import MapLang

/// Every built-in transformer (grammar.md 3.5) through `Rules`, on one field
/// `v` declared on line 2 of `model A`. A case gives the field's output
/// value as JSON, or every error as `path Model.field: message @line:column rule`.
struct TransformerBuiltinTests {
    struct TransformCase: Sendable, CustomTestStringConvertible {
        let type: String
        let pipeline: String
        /// The JSON value of `v`.
        let input: String
        let expected: String
        var strict = false
        var testDescription: String { "\(strict ? "strict " : "")\(type) using \(pipeline) on \(input)" }

        init(_ type: String, _ pipeline: String, _ input: String, _ expected: String, strict: Bool = false) {
            self.type = type
            self.pipeline = pipeline
            self.input = input
            self.expected = expected
            self.strict = strict
        }

        var rules: String {
            strict
                ? "model A {\n  strict\n  v: \(type) using \(pipeline)\n}"
                : "model A {\n  v: \(type) using \(pipeline)\n}"
        }
    }

    static func run(_ testCase: TransformCase) -> String {
        do {
            let record = try RulesTestSupport.map(testCase.rules, #"{"v": \#(testCase.input)}"#)
            guard record.errors.isEmpty else { return record.errors.map(RulesTestSupport.line).joined(separator: "\n") }
            guard case .object(let object) = record.value else { return "<no object>" }
            return RulesTestSupport.json(object["v"])
        } catch {
            return "error: \(error)"
        }
    }

    // In `model A {\n  v: Date using …`, the first transformer starts at 2:17.
    @Test(arguments: [
        TransformCase("Date", "iso8601", #""2016-05-24T18:43:37Z""#, #""2016-05-24T18:43:37Z""#),
        TransformCase("Date", "iso8601", #""2016-05-24T18:43:37.123Z""#, #""2016-05-24T18:43:37.123Z""#),
        TransformCase("Date", "iso8601", #""2016-05-24T18:43:37.5Z""#, #""2016-05-24T18:43:37.500Z""#),
        TransformCase("Date", "iso8601", #""2016-05-24T18:43:37.1234Z""#, #""2016-05-24T18:43:37.123400Z""#),
        TransformCase("Date", "iso8601", #""2016-05-24T18:43:37.1234567Z""#, #""2016-05-24T18:43:37.123456700Z""#),
        TransformCase("Date", "iso8601", #""2016-05-24T18:43:37.1234567891Z""#, #""2016-05-24T18:43:37.123456789Z""#),
        TransformCase("Date", "iso8601", #""2016-05-24T18:43:37+02:00""#, #""2016-05-24T16:43:37Z""#),
        TransformCase("Date", "iso8601", #""2016-05-24T18:43:37-0530""#, #""2016-05-25T00:13:37Z""#),
        TransformCase("Date", "iso8601", #""2016-05-24T18:43:37+02""#, #""2016-05-24T16:43:37Z""#),
        TransformCase("Date", "iso8601", #""2016-05-24""#, #""2016-05-24T00:00:00Z""#),
        TransformCase("Date", "iso8601", #""2016-05-24t18:43:37z""#, #""2016-05-24T18:43:37Z""#),
        TransformCase("Date", "iso8601", #""2016-05-24 18:43:37Z""#, #""2016-05-24T18:43:37Z""#),
        TransformCase(
            "Date", "iso8601", #""2016-05-24T18:43:37""#,
            #"$.v A.v: `iso8601` cannot read "2016-05-24T18:43:37": expected a time zone offset such as `Z`, `+02:00` or `-0530`, found the end of the input @2:17 transformer `iso8601`"#
        ),
        TransformCase(
            "Date", "iso8601", #""2016-12-31T23:59:60Z""#,
            #"$.v A.v: `iso8601` cannot read "2016-12-31T23:59:60Z": leap second 60 is not supported @2:17 transformer `iso8601`"#
        ),
        TransformCase(
            "Date", "iso8601", #""2015-02-29""#,
            #"$.v A.v: `iso8601` cannot read "2015-02-29": day 29 is out of range for February 2015, which has 28 days @2:17 transformer `iso8601`"#
        ),
        TransformCase(
            "Date", "iso8601", "42", "$.v A.v: expected a string for `iso8601`, found 42 @2:17 transformer `iso8601`"),
    ])
    func iso8601(_ testCase: TransformCase) {
        #expect(Self.run(testCase) == testCase.expected)
    }

    @Test(arguments: [
        TransformCase("Date", "timestamp", "1464116217", #""2016-05-24T18:56:57Z""#),
        TransformCase("Date", "timestamp", "1464116217.5", #""2016-05-24T18:56:57.500Z""#),
        TransformCase("Date", "timestamp", "1464116217.123456789", #""2016-05-24T18:56:57.123456789Z""#),
        TransformCase("Date", "timestamp", "1.4641162175e9", #""2016-05-24T18:56:57.500Z""#),
        TransformCase("Date", "timestamp", "0", #""1970-01-01T00:00:00Z""#),
        TransformCase("Date", "timestamp", "-1", #""1969-12-31T23:59:59Z""#),
        TransformCase("Date", "timestamp", "-1.5", #""1969-12-31T23:59:58.500Z""#),
        TransformCase("Date", "timestamp", #""1464116217""#, #""2016-05-24T18:56:57Z""#),
        TransformCase("Date", "timestamp(seconds)", "1464116217", #""2016-05-24T18:56:57Z""#),
        TransformCase("Date", "timestamp(ms)", "1464116300123", #""2016-05-24T18:58:20.123Z""#),
        TransformCase("Date", "timestamp(ms)", "1.5", #""1970-01-01T00:00:00.001500Z""#),
        TransformCase("Date", "timestamp(ms)", "-1", #""1969-12-31T23:59:59.999Z""#),
        // The first instant of year 0000 reads; a second before it does not,
        // since no date is written in a year before 0000.
        TransformCase("Date", "timestamp", "-62167219200", #""0000-01-01T00:00:00Z""#),
        TransformCase(
            "Date", "timestamp", "-62167219201",
            "$.v A.v: `timestamp` cannot read -62167219201: `-62167219201` seconds is outside the supported range of years 0000 to 9999 @2:17 transformer `timestamp`"
        ),
        TransformCase("Date", "timestamp", "253402300799.999999999", #""9999-12-31T23:59:59.999999999Z""#),
        TransformCase(
            "Date", "timestamp", "253402300800",
            "$.v A.v: `timestamp` cannot read 253402300800: `253402300800` seconds is outside the supported range of years 0000 to 9999 @2:17 transformer `timestamp`"
        ),
        TransformCase(
            "Date", "timestamp", "1e12",
            "$.v A.v: `timestamp` cannot read 1e12: `1e12` seconds is outside the supported range of years 0000 to 9999 @2:17 transformer `timestamp`"
        ),
        TransformCase(
            "Date", "timestamp(ms)", "1e15",
            "$.v A.v: `timestamp` cannot read 1e15: `1e15` milliseconds is outside the supported range of years 0000 to 9999 @2:17 transformer `timestamp`"
        ),
        TransformCase(
            "Date", "timestamp", #""soon""#,
            #"$.v A.v: expected a number for `timestamp`, found "soon" @2:17 transformer `timestamp`"#),
        TransformCase(
            "Date", "timestamp", "true", "$.v A.v: expected a number for `timestamp`, found true @2:17 transformer `timestamp`"
        ),
        TransformCase(
            "Date", "timestamp", #""1464116217""#,
            #"$.v A.v: expected a number for `timestamp`, found "1464116217" @3:17 transformer `timestamp`"#,
            strict: true),
        TransformCase("Date", "timestamp", "1464116217", #""2016-05-24T18:56:57Z""#, strict: true),
    ])
    func timestamp(_ testCase: TransformCase) {
        #expect(Self.run(testCase) == testCase.expected)
    }

    static let twitter = #"date("EEE MMM dd HH:mm:ss Z yyyy")"#

    @Test(arguments: [
        TransformCase("Date", twitter, #""Wed Aug 27 13:08:45 +0000 2008""#, #""2008-08-27T13:08:45Z""#),
        TransformCase("Date", twitter, #""Wed Aug 27 13:08:45 +0200 2008""#, #""2008-08-27T11:08:45Z""#),
        TransformCase("Date", twitter, #""wednesday AUGUST 27 13:08:45 +0000 2008""#, #""2008-08-27T13:08:45Z""#),
        TransformCase(
            "Date", twitter, #""Thu Aug 27 13:08:45 +0000 2008""#,
            #"$.v A.v: `date` cannot read "Thu Aug 27 13:08:45 +0000 2008": day of week `Thu` does not match 2008-08-27, a Wednesday @2:17 transformer `date`"#
        ),
        TransformCase("Date", #"date("yyyy-MM-dd")"#, #""2016-05-24""#, #""2016-05-24T00:00:00Z""#),
        TransformCase(
            "Date", #"date("yyyy-MM-dd")"#, #""2016/05/24""#,
            #"$.v A.v: `date` cannot read "2016/05/24": expected `-`, found `/` @2:17 transformer `date`"#),
        TransformCase("Date", #"date("d/M/yyyy")"#, #""7/8/2008""#, #""2008-08-07T00:00:00Z""#),
        TransformCase("Date", #"date("dd/MM/yyyy")"#, #""7/8/2008""#, #""2008-08-07T00:00:00Z""#),
        TransformCase("Date", #"date("yyyyMMdd")"#, #""20080827""#, #""2008-08-27T00:00:00Z""#),
        TransformCase("Date", #"date("yy-MM-dd")"#, #""69-01-01""#, #""1969-01-01T00:00:00Z""#),
        TransformCase("Date", #"date("yy-MM-dd")"#, #""68-12-31""#, #""2068-12-31T00:00:00Z""#),
        TransformCase("Date", #"date("hh:mm a")"#, #""01:08 PM""#, #""1970-01-01T13:08:00Z""#),
        TransformCase("Date", #"date("hh:mm a")"#, #""12:00 am""#, #""1970-01-01T00:00:00Z""#),
        TransformCase("Date", #"date("yyyy-MM-dd'T'HH:mm:ss")"#, #""2016-05-24T18:43:37""#, #""2016-05-24T18:43:37Z""#),
        TransformCase("Date", #"date("yyyy-MM-dd HH:mm:ss.SSS")"#, #""2016-05-24 18:43:37.123""#, #""2016-05-24T18:43:37.123Z""#),
        TransformCase("Date", #"date("yyyy-MM-dd'T'HH:mm:ssXXX")"#, #""2016-05-24T18:43:37+02:00""#, #""2016-05-24T16:43:37Z""#),
        TransformCase("Date", #"date("yyyy-MM-dd'T'HH:mm:ssXXX")"#, #""2016-05-24T18:43:37Z""#, #""2016-05-24T18:43:37Z""#),
        TransformCase("Date", #"date("MMMM d, yyyy")"#, #""August 7, 2008""#, #""2008-08-07T00:00:00Z""#),
    ])
    func datePattern(_ testCase: TransformCase) {
        #expect(Self.run(testCase) == testCase.expected)
    }

    // In `model A {\n  v: URL using …`, the first transformer starts at 2:16.
    @Test(arguments: [
        TransformCase("URL", "url", #""https://example.com/a?b=c#d""#, #""https://example.com/a?b=c#d""#),
        TransformCase("URL", "url", #""mailto:ann@example.com""#, #""mailto:ann@example.com""#),
        TransformCase("URL", "url", #""https://user@example.com:8080/""#, #""https://user@example.com:8080/""#),
        TransformCase(
            "URL", "url", #""example.com""#,
            #"$.v A.v: `url` cannot read "example.com": a URL starts with a scheme such as `https:` @2:16 transformer `url`"#),
        TransformCase(
            "URL", "url", #""https://""#,
            #"$.v A.v: `url` cannot read "https://": a `https` URL needs a host @2:16 transformer `url`"#),
        TransformCase(
            "URL", "url", #""http:example.com""#,
            #"$.v A.v: `url` cannot read "http:example.com": a `http` URL needs `//` and a host @2:16 transformer `url`"#),
        TransformCase(
            "URL", "url", #""https://exa mple.com""#,
            #"$.v A.v: `url` cannot read "https://exa mple.com": URLs cannot contain spaces or control characters @2:16 transformer `url`"#
        ),
        TransformCase(
            "URL", "url", #""https://x.org/%zz""#,
            #"$.v A.v: `url` cannot read "https://x.org/%zz": `%` must be followed by two hex digits @2:16 transformer `url`"#),
        TransformCase(
            "URL", "url", #""https://x.org/<a>""#,
            #"$.v A.v: `url` cannot read "https://x.org/<a>": URLs cannot contain `<` @2:16 transformer `url`"#),
        TransformCase("URL", "url", "42", "$.v A.v: expected a string for `url`, found 42 @2:16 transformer `url`"),
        TransformCase("URL", "url", #""httpx:""#, #""httpx:""#),
        TransformCase("URL", "url", #""WS://h/p""#, #""WS://h/p""#),
        TransformCase(
            "URL", "url", #""HtTpS:x""#,
            #"$.v A.v: `url` cannot read "HtTpS:x": a `https` URL needs `//` and a host @2:16 transformer `url`"#),
        TransformCase(
            "URL", "url", #""wss://a@b@:1/x""#,
            #"$.v A.v: `url` cannot read "wss://a@b@:1/x": a `wss` URL needs a host @2:16 transformer `url`"#),
        TransformCase(
            "URL", "url", #""ftp://@?q""#,
            #"$.v A.v: `url` cannot read "ftp://@?q": a `ftp` URL needs a host @2:16 transformer `url`"#),
    ])
    func url(_ testCase: TransformCase) {
        #expect(Self.run(testCase) == testCase.expected)
    }

    // In `model A {\n  v: String using …`, the first transformer starts at 2:19; in `v: Int using …` at 2:16.
    @Test(arguments: [
        TransformCase("String", "string", "42", #""42""#),
        TransformCase("String", "string", "1.50", #""1.50""#),
        TransformCase("String", "string", "1e3", #""1e3""#),
        TransformCase("String", "string", "true", #""true""#),
        TransformCase("String", "string", #""x""#, #""x""#),
        TransformCase("String", "string", "42", #""42""#, strict: true),
        TransformCase("String", "string", "false", #""false""#, strict: true),
        TransformCase("String", "url | string", #""https://x.org""#, #""https://x.org""#),
        TransformCase("String", "iso8601 | string", #""2016-05-24T20:43:37+02:00""#, #""2016-05-24T18:43:37Z""#),
        TransformCase("String", "string", "[1]", "$.v A.v: expected a string, found [1] @2:3"),
        TransformCase("Int", "number", #""42""#, "42"),
        TransformCase("Int", "number", "42", "42"),
        TransformCase("Int", "number", #""42""#, "42", strict: true),
        TransformCase("Decimal", "number", #""19.990""#, "19.990"),
        TransformCase("Double", "number", #""-1.5e3""#, "-1500"),
        TransformCase(
            "Int", "number", #""4x""#, #"$.v A.v: `number` cannot read "4x": not a number @2:16 transformer `number`"#),
        TransformCase(
            "Int", "number", "true", "$.v A.v: expected a string or number for `number`, found true @2:16 transformer `number`"),
    ])
    func stringAndNumber(_ testCase: TransformCase) {
        #expect(Self.run(testCase) == testCase.expected)
    }

    static let notABoolean = "not `true`, `false`, `yes`, `no`, `1` or `0`"

    // In `model A {\n  v: Bool using bool`, `bool` starts at 2:17.
    @Test(arguments: [
        TransformCase("Bool", "bool", "true", "true"),
        TransformCase("Bool", "bool", "false", "false"),
        TransformCase("Bool", "bool", "1", "true"),
        TransformCase("Bool", "bool", "0", "false"),
        TransformCase("Bool", "bool", #""true""#, "true"),
        TransformCase("Bool", "bool", #""TRUE""#, "true"),
        TransformCase("Bool", "bool", #""yes""#, "true"),
        TransformCase("Bool", "bool", #""Y""#, "true"),
        TransformCase("Bool", "bool", #""on""#, "true"),
        TransformCase("Bool", "bool", #""1""#, "true"),
        TransformCase("Bool", "bool", #""False""#, "false"),
        TransformCase("Bool", "bool", #""no""#, "false"),
        TransformCase("Bool", "bool", #""n""#, "false"),
        TransformCase("Bool", "bool", #""Off""#, "false"),
        TransformCase("Bool", "bool", #""0""#, "false"),
        TransformCase("Bool", "bool", #""yes""#, "true", strict: true),
        TransformCase("Bool", "bool", #""maybe""#, #"$.v A.v: `bool` cannot read "maybe": \#(notABoolean) @2:17 transformer `bool`"#),
        TransformCase("Bool", "bool", "2", "$.v A.v: `bool` cannot read 2: \(notABoolean) @2:17 transformer `bool`"),
    ])
    func bool(_ testCase: TransformCase) {
        #expect(Self.run(testCase) == testCase.expected)
    }

    @Test(arguments: [
        TransformCase("String", "trim", #"" \t hi there \n""#, #""hi there""#),
        TransformCase("String", "trim", #""\u00a0hi\u2028""#, #""hi""#),
        TransformCase("String", "lowercase", #""HeLLo ÉCOLE""#, #""hello école""#),
        TransformCase("String", "uppercase", #""straße""#, #""STRASSE""#),
        TransformCase("String", "trim | uppercase", #"" mixed Case ""#, #""MIXED CASE""#),
        TransformCase("String", "trim", "42", #""42""#),
        TransformCase("String", "lowercase", "true", #""true""#),
        TransformCase("String", "uppercase", "1.50", #""1.50""#),
        TransformCase("String", "trim", "42", "$.v A.v: expected a string for `trim`, found 42 @3:19 transformer `trim`", strict: true),
        TransformCase(
            "String", "lowercase", "true", "$.v A.v: expected a string for `lowercase`, found true @3:19 transformer `lowercase`",
            strict: true),
    ])
    func textFolding(_ testCase: TransformCase) {
        #expect(Self.run(testCase) == testCase.expected)
    }

    // In `model A {\n  v: [Date] using …`, the first transformer starts at 2:19.
    @Test(arguments: [
        TransformCase("[String]", "trim | uppercase", #"[" a", "b "]"#, #"["A","B"]"#),
        TransformCase("String?", "trim", "null", "null"),
        TransformCase("String?", "trim", #"" x ""#, #""x""#),
        TransformCase("[String: Date]", "timestamp", #"{"a": 0, "b": 1.5}"#, #"{"a":"1970-01-01T00:00:00Z","b":"1970-01-01T00:00:01.500Z"}"#),
        TransformCase("[Int?]", "number", #"["1", null, 3]"#, "[1,null,3]"),
        TransformCase(
            "[Date]", "iso8601", #"["2016-05-24", "nope", 3]"#,
            #"$.v[1] A.v: `iso8601` cannot read "nope": expected 4 digits for the year, found `n` @2:19 transformer `iso8601`"#
                + "\n$.v[2] A.v: expected a string for `iso8601`, found 3 @2:19 transformer `iso8601`"),
    ])
    func transformersRunOnEachElement(_ testCase: TransformCase) {
        #expect(Self.run(testCase) == testCase.expected)
    }
}
