#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

@testable import MapLang
import MapLangFuzzing

/// The direct path (`Rules.serializeDocument`) must give exactly what the
/// tree path (`Rules.mapDocument` and `JSONWriter`) gives: the same JSON for
/// every record, the same errors, the same syntax error, the same offsets.
struct DirectPathTests {
    /// A shipped example: its rules, its input and the model it maps to.
    struct Example: CustomTestStringConvertible, Sendable {
        var name: String
        var rules: Rules
        var input: [UInt8]
        var model: String?
        var testDescription: String { name }
    }

    /// Every example with rules and an input.
    static let examples: [Example] = {
        ExampleFolders.names.compactMap { name in
            let folder = "\(ExampleFolders.root)/\(name)"
            guard let text = try? TestFiles.text("\(folder)/\(name).map"), let input = try? TestFiles.read("\(folder)/input.json"),
                let rules = try? Rules(source: SourceFile(name: "\(name).map", text: text))
            else { return nil }
            let args = ((try? TestFiles.text("\(folder)/args")) ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
            let model = args.firstIndex(of: "--model").flatMap { args.indices.contains($0 + 1) ? args[$0 + 1] : nil }
            return Example(name: name, rules: rules, input: input, model: model)
        }
    }()

    /// Every example compiles and is compared here: none drops out unseen.
    @Test func everyExampleIsFound() {
        #expect(Self.examples.map(\.name) == ExampleFolders.names)
    }

    @Test(arguments: examples)
    func examplesAgree(_ example: Example) throws {
        let model = try example.rules.model(named: example.model)
        for style in [JSONWriter.Style.compact, .pretty] {
            #expect(DirectPathComparison.difference(example.rules, example.input, model: model, style: style) == nil)
        }
        #expect(DirectPathComparison.wholeDocumentDifference(example.rules, example.input, model: model) == nil)
    }

    /// Records for `FuzzEntryPoints.directRules`, each written to reach one
    /// branch of the direct path or one way of giving up.
    static let records: [(String, String)] = [
        ("everything", #"{"id": 1, "title": "t", "label": "aa", "count": 3, "flag": true, "when": "2024-01-02T03:04:05Z", "since": 1700000000, "link": "https://e.com/a", "home": "http://h.org", "kind": "B", "mode": "on", "tags": ["x", "y"], "scores": [1, null, 3], "items": [{"name": "first"}, 2, {"z": 1}], "user": {"login": "lin"}, "child": {"name": "c", "at": 1700000000000, "children": [{"name": "d"}]}, "kids": [], "ratio": 0.5, "scale": "Z", "level": "h", "small": -5, "half": 1, "code": "abcd"}"#),
        ("minimal", #"{"id": 0}"#),
        ("fallback key", #"{"ID": 5}"#),
        ("quoted dotted key", #"{"record.id": 7}"#),
        ("no id", #"{}"#),
        ("null id", #"{"id": null}"#),
        ("negative id", #"{"id": -1}"#),
        ("id as string", #"{"id": "1"}"#),
        ("id as decimal", #"{"id": 1.0}"#),
        ("id with exponent", #"{"id": 1e2}"#),
        ("id too big", #"{"id": 99999999999999999999}"#),
        ("id minus zero", #"{"id": -0}"#),
        ("duplicate key, last wins", #"{"id": 1, "title": "a", "id": 2}"#),
        ("escaped key", #"{"i\u0064": 3}"#),
        ("escaped unmapped key", #"{"id": 3, "x\ny": 1}"#),
        ("escaped value", #"{"id": 3, "title": "a\"b\u00e9"}"#),
        ("non-ASCII title", #"{"id": 3, "title": "héllo"}"#),
        ("empty title", #"{"id": 3, "title": ""}"#),
        ("long child name", #"{"id": 3, "child": {"name": "abcdefghij"}}"#),
        ("non-ASCII child name", #"{"id": 3, "child": {"name": "ééééééé"}}"#),
        ("pattern label", #"{"id": 3, "label": "aab"}"#),
        ("bad date", #"{"id": 3, "when": "2024-13-02T03:04:05Z"}"#),
        ("escaped date", #"{"id": 3, "when": "2024-01-02T03:04:05\u005a"}"#),
        ("bad URL", #"{"id": 3, "link": "not a url"}"#),
        ("URL with escape", #"{"id": 3, "link": "https:\/\/e.com"}"#),
        ("unknown enum with default", #"{"id": 3, "kind": "zzz"}"#),
        ("enum by number", #"{"id": 3, "kind": 2}"#),
        ("unknown enum", #"{"id": 3, "mode": "maybe"}"#),
        ("bool as string", #"{"id": 3, "flag": "yes"}"#),
        ("too many scores", #"{"id": 3, "scores": [1, 2, 3, 4]}"#),
        ("string in int array", #"{"id": 3, "scores": ["1"]}"#),
        ("key path through null", #"{"id": 3, "items": null, "user": null}"#),
        ("key path through string", #"{"id": 3, "items": "x"}"#),
        ("key path through array", #"{"id": 3, "user": [1]}"#),
        ("index past the end", #"{"id": 3, "items": []}"#),
        ("second fallback path", #"{"id": 3, "user": {"name": "n"}}"#),
        ("null first path", #"{"id": 3, "user": {"login": null, "name": "n"}}"#),
        ("duplicate nested key", #"{"id": 3, "user": {"login": "a", "login": "b"}}"#),
        ("child not an object", #"{"id": 3, "child": [1]}"#),
        ("kids not an array", #"{"id": 3, "kids": {}}"#),
        ("deep children", #"{"id": 3, "child": {"name": "a", "children": [{"name": "b", "children": [{"name": "c"}]}]}}"#),
        ("white space everywhere", " { \"id\" : 3 , \"tags\" : [ \"a\" , \"b\" ] , \"user\" : { \"login\" : \"l\" } } "),
        ("record not an object", #"[1, "x", null]"#),
        ("array of records", #"[{"id": 1}, {"id": -2}, {"id": 3, "title": ""}, {"ID": 4}]"#),
        ("empty array", "[]"),
        ("trailing comma in unmapped array", #"{"id": 3, "other": [1,]}"#),
        ("bad number in unmapped member", #"{"id": 3, "other": 01}"#),
        ("control character in unmapped string", "{\"id\": 3, \"other\": \"a\u{01}\"}"),
        ("lone surrogate in unmapped string", #"{"id": 3, "other": "\ud800"}"#),
        ("unclosed record", #"[{"id": 3"#),
        ("missing colon", #"{"id" 3}"#),
        ("trailing content", #"{"id": 3} x"#),
        ("two records, second broken", #"[{"id": 1}, {"id": }]"#),
        ("enum default for an ASCII string", #"{"id": 3, "scale": "z"}"#),
        ("Kelvin sign for K", "{\"id\": 3, \"scale\": \"\u{212A}\"}"),
        ("enum default for a non-ASCII string", #"{"id": 3, "scale": "é"}"#),
        ("lenient enum finds a number", #"{"id": 3, "level": " 1 "}"#),
        ("lenient enum finds a number written otherwise", #"{"id": 3, "level": "1.0"}"#),
        ("lenient enum default", #"{"id": 3, "level": "zz"}"#),
        ("range below an exclusive bound", #"{"id": 3, "small": 9}"#),
        ("range at an exclusive bound", #"{"id": 3, "small": 10}"#),
        ("range below its lower bound", #"{"id": 3, "small": -6}"#),
        ("range with a fractional bound", #"{"id": 3, "half": 0}"#),
        ("length past its bound", #"{"id": 3, "code": "abcde"}"#),
        ("non-empty and length", #"{"id": 3, "code": ""}"#),
        ("default when missing, null kept", #"{"id": 3, "nick": null}"#),
        ("default when missing, given", #"{"id": 3, "nick": "n"}"#),
        ("escaped names within their bound", #"{"id": 3, "title": "a\tb", "child": {"name": "a\nb\u00e9"}, "tags": ["\"", "\u00e9\\"]}"#),
        ("escaped name past its bound", #"{"id": 3, "child": {"name": "abcdefgh\u00e9"}}"#),
        ("CRLF in a name at its bound", #"{"id": 3, "child": {"name": "1234567\r\n"}}"#),
        ("escaped code past its bound", #"{"id": 3, "code": "ab\"cd"}"#),
        ("escaped control character in code", #"{"id": 3, "code": "\u0000"}"#),
        ("escaped surrogate pair in title", #"{"id": 3, "title": "\ud83d\ude00"}"#),
        ("misspelt literal in unmapped member", #"{"id": 3, "other": nulL}"#),
        ("literal that runs on", #"{"id": 3, "flag": falsey}"#),
        ("literal cut short by the end", #"{"id": 3, "flag": fals"#),
        ("literal with a fifth byte wrong", #"{"id": 3, "flag": falsE, "other": true}"#),
        ("check fails on tags", #"{"id": 3, "tags": ["a", "b", "c"]}"#),
        ("check holds with a key path field", #"{"id": 3, "user": {"login": "root"}, "flag": true}"#),
        ("check fails with a key path field", #"{"id": 3, "user": {"login": "root"}}"#),
        ("check in a child fails", #"{"id": 3, "child": {"name": "zz"}}"#),
        ("check in a deeper child fails", #"{"id": 3, "kids": [{"name": "a", "children": [{"name": "zz"}]}]}"#),
        ("computed field from a fallback", #"{"id": 3}"#),
        ("computed field that fails a check", #"{"id": 3, "title": "bad"}"#),
        ("computed field that overflows", #"{"id": 3, "count": 9223372036854775807}"#),
        ("poster without a login", #"{"id": 3, "user": {"name": "x"}}"#),
        ("poster that is no object", #"{"id": 3, "user": 5}"#),
        ("pair breaking a rule", #"{"id": 3, "small": 11}"#),
        ("shape chosen", #"{"id": 3, "shape": {"type": "circle", "radius": 2}}"#),
        ("shape chosen by its second value, discriminator last", #"{"id": 3, "shape": {"radius": 2, "type": "round"}}"#),
        ("shape of an unknown type", #"{"id": 3, "shape": {"type": "oval", "radius": 2}}"#),
        ("shape without a type", #"{"id": 3, "shape": {"side": 1}}"#),
        ("shape with a null type", #"{"id": 3, "shape": {"type": null, "side": 1}}"#),
        ("shape with an escaped type", #"{"id": 3, "shape": {"type": "squ\u0061re", "side": 1}}"#),
        ("shape with a number for its type", #"{"id": 3, "shape": {"type": 1, "side": 1}}"#),
        ("shape breaking a rule", #"{"id": 3, "shape": {"type": "square", "side": -1}}"#),
        ("shape that is no object", #"{"id": 3, "shape": [1]}"#),
        ("child with a key it rejects", #"{"id": 3, "child": {"name": "c", "extra": 1}}"#),
        ("child with a key it ignores", #"{"id": 3, "child": {"name": "c", "note": "n"}}"#),
        ("check fails on dates", #"{"id": 3, "when": "2020-01-01T00:00:00Z", "since": 1700000000}"#),
        ("check holds on dates", #"{"id": 3, "when": "2024-01-01T00:00:00.5+01:00", "since": 1700000000}"#),
        ("check fails on enums", #"{"id": 3, "kind": "B", "level": 1}"#),
        ("check holds on an enum default", #"{"id": 3, "kind": "B"}"#),
        ("double out of its range", #"{"id": 3, "ratio": 1.5}"#),
        ("label breaks its pattern", #"{"id": 3, "label": "ab"}"#),
        ("label past ASCII", #"{"id": 3, "label": "aé"}"#),
        ("label with an escape that matches", #"{"id": 3, "label": "a\u0061"}"#),
        ("label with an escape that does not match", #"{"id": 3, "label": "a\u0062"}"#),
        ("escapes copied as they are", #"{"id": 3, "items": [{"name": "a\"b\\c\n\r\t\b\f\u0001\u001f é"}]}"#),
        ("escapes the writer writes otherwise", #"{"id": 3, "items": [{"name": "\/\u00e9\u000a\u001F\u0041\ud83d\ude00"}]}"#),
        ("array of records with keys in changing orders", #"[{"id": 1, "title": "a"}, {"title": "b", "id": 2}, {"id": 3, "title": "c", "ti": 1}, {"id": 4}]"#),
        ("deep unmapped value", "{\"id\": 3, \"other\": " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"),
    ]

    @Test(arguments: records.map(\.0))
    func recordsAgree(_ name: String) throws {
        try Self.expectAgreement(FuzzEntryPoints.directRules, try #require(Self.records.first { $0.0 == name }?.1))
    }

    /// Expects the direct path to agree with the tree on `text` as a
    /// document in both styles, as one line, and as NDJSON read in place,
    /// and the whole document written in place to agree with its records.
    static func expectAgreement(_ rules: Rules, _ text: String) throws {
        try expectAgreement(rules, bytes: Array(text.utf8))
    }

    /// `expectAgreement` for input given as bytes, which need not be UTF-8.
    static func expectAgreement(_ rules: Rules, bytes input: [UInt8]) throws {
        let model = try rules.model(named: nil)
        for style in [JSONWriter.Style.compact, .pretty] {
            #expect(DirectPathComparison.difference(rules, input, model: model, style: style) == nil)
        }
        #expect(DirectPathComparison.wholeDocumentDifference(rules, input, model: model) == nil)
        #expect(DirectPathComparison.lineDifference(rules, input, model: model) == nil)
        #expect(DirectPathComparison.linesDifference(rules, input, model: model) == nil)
    }

    /// Records for `FuzzEntryPoints.skimmingRules`: invalid JSON inside a skimmed member,
    /// duplicate members, brackets that do not match, input that ends.
    static let skimmedRecords: [(String, String)] = [
        ("bad literal in a skimmed child", #"{"id": 3, "child": {"name": "c", "at": tru}}"#),
        ("control character in a skimmed child", "{\"id\": 3, \"child\": {\"name\": \"c\u{01}\"}}"),
        ("bad number in skimmed kids", #"{"id": 3, "kids": [{"name": "a"}, 01]}"#),
        ("bad number deep in a skimmed child", #"{"id": 3, "child": {"name": "x", "children": [{"name": "b", "at": 1e}]}}"#),
        ("skimmed child broken, later member broken too", #"{"id": 3, "child": {"name": tru}, "count": 01}"#),
        ("skimmed child fine, later member broken", #"{"id": 3, "child": {"name": "c"}, "count": 01}"#),
        ("broken child given twice", #"{"id": 3, "child": {"name": "a", "at": nul}, "child": {"name": "b"}}"#),
        ("child given twice, last wins", #"{"id": 3, "child": {"name": "a"}, "child": {"name": "b"}}"#),
        ("kids given twice", #"{"id": 3, "kids": [], "kids": [{"name": "k"}]}"#),
        ("skimmed child closed by a bracket", #"{"id": 3, "child": {"name": "a"]}"#),
        ("skimmed kids closed by a brace", #"{"id": 3, "kids": [{"name": "a"}}, "count": 1}"#),
        ("skimmed child cut short", #"{"id": 3, "child": {"name": "a"#),
        ("skimmed child cut short after an escape", #"{"id": 3, "child": {"name": "a\"#),
        ("quote and brackets in skimmed strings", #"{"id": 3, "child": {"name": "a\"}]b"}, "kids": [{"name": "]}"}]}"#),
        ("escaped quote closing a skimmed string", #"{"id": 3, "child": {"name": "a\\"}}"#),
        ("skimmed kids nested too deep", "{\"id\": 3, \"kids\": " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"),
        ("skimmed shape", #"{"id": 3, "shape": {"type": "circle", "radius": 2, "x": [1, {"y": "}"}]}}"#),
        ("bad value before a shape's discriminator", #"{"id": 3, "shape": {"x": tru, "type": "circle", "radius": 2}}"#),
        ("shape's discriminator a bad literal, the default chosen", #"{"id": 3, "shape": {"type": nul, "radius": 2}}"#),
        ("shape's discriminator absent, a bad value beside it", #"{"id": 3, "shape": {"radius": 2, "x": [tru]}}"#),
        ("shape's discriminator a bad string", "{\"id\": 3, \"shape\": {\"type\": \"circle\u{01}\", \"radius\": 2}}"),
        ("shape cut short after its discriminator", #"{"id": 3, "shape": {"type": "circle", "radius": 2"#),
        ("skimmed shape with a bad value", #"{"id": 3, "shape": {"type": "circle", "radius": 2, "x": [1, {"y": +1}]}}"#),
        // As NDJSON, a skimmed member may not run on past its line.
        ("skimmed child across lines", "{\"id\": 3, \"child\": {\"name\": \"a\"\n}}\n{\"id\": 4}"),
        ("skimmed string escaping a line break", "{\"id\": 3, \"child\": {\"name\": \"a\\\n\"}}\n{\"id\": 4}"),
        ("skimmed children left open, line after line", String(repeating: "{\"id\": 3, \"child\": {\"name\": \"a\"\n", count: 40)),
        // Strings, and the values of fields whose type is no model, skimmed
        // by the scan of the record and checked by the field that writes them.
        ("bad escape in a skimmed string", #"{"id": 3, "name": "a\x", "count": 1}"#),
        ("bad unicode escape in a skimmed string", #"{"id": 3, "name": "a\u12", "count": 1}"#),
        ("lone surrogate in a skimmed string", #"{"id": 3, "name": "\ud800x"}"#),
        ("control character in a skimmed string", "{\"id\": 3, \"name\": \"a\u{01}b\"}"),
        ("control character far into a skimmed string", "{\"id\": 3, \"name\": \"0123456789abcdef0123\u{1F}\", \"count\": 1}"),
        ("escaped quotes in a skimmed string", #"{"id": 3, "name": "a\"}\\\"b", "count": 1}"#),
        ("escapes and other scripts in a skimmed string", #"{"id": 3, "name": "naïve 東京 🎉\n\t\u00e9\ud83c\udf89", "count": 1}"#),
        ("skimmed string cut short", #"{"id": 3, "name": "abc"#),
        ("skimmed string cut short after a backslash", #"{"id": 3, "name": "abc\"#),
        ("skimmed string given twice", #"{"id": 3, "name": "a", "name": "b"}"#),
        ("broken skimmed string given twice", #"{"id": 3, "name": "a\x", "name": "b"}"#),
        ("broken string where a number belongs", #"{"id": "3\x"}"#),
        ("string where a number belongs", #"{"id": "3", "count": "4"}"#),
        ("broken container where a number belongs", #"{"id": 3, "count": [1, tru]}"#),
        ("broken string for an array of strings", #"{"id": 3, "tags": "a\x"}"#),
        ("broken element of skimmed strings", #"{"id": 3, "tags": ["a", "b\x"]}"#),
        ("skimmed strings without a comma", #"{"id": 3, "tags": ["a" "b"]}"#),
        ("skimmed strings ending in a comma", #"{"id": 3, "tags": ["a",]}"#),
        ("broken object for a string", #"{"id": 3, "name": {"a": tru}}"#),
        ("broken JSON value", #"{"id": 3, "note": {"a": [1, nul]}}"#),
        ("broken string as a JSON value", #"{"id": 3, "note": "a\x"}"#),
        ("bad literal where a string is skimmed", #"{"id": 3, "name": nul}"#),
        ("skimmed string across lines", "{\"id\": 3, \"name\": \"a\nb\"}\n{\"id\": 4}"),
        ("skimmed string escaping a line break in the record", "{\"id\": 3, \"name\": \"a\\\nb\"}\n{\"id\": 4}"),
        ("bad escape in a skimmed URL", #"{"id": 3, "link": "https://e.com/\x"}"#),
        ("control character in a skimmed URL", "{\"id\": 3, \"link\": \"https://e.com/\u{7F}\u{01}\"}"),
        ("escaped skimmed URL", #"{"id": 3, "link": "https:\/\/e.com\/a"}"#),
        ("bad escape in a skimmed date", #"{"id": 3, "when": "2024-01-02T03:04:05\Z"}"#),
        ("skimmed date", #"{"id": 3, "when": "2024-01-02T03:04:05Z", "mood": "b"}"#),
        ("bad escape in a skimmed enum value", #"{"id": 3, "mood": "b\x"}"#),
        ("escaped skimmed enum value", #"{"id": 3, "mood": "\u0062"}"#),
        ("bad escape in a skimmed string with bounds", #"{"id": 3, "code": "ab\q"}"#),
        ("skimmed string too long for its bounds", #"{"id": 3, "code": "abcd"}"#),
        ("skimmed string a check reads", #"{"id": 3, "code": "zz"}"#),
        ("control character in a skimmed string with a pattern", "{\"id\": 3, \"word\": \"ab\u{02}\"}"),
        ("skimmed string failing its pattern", #"{"id": 3, "word": "aB"}"#),
        ("bad escape in a skimmed first key of two", #"{"id": 3, "alias": "a\x", "nick": "n"}"#),
        ("bad escape in a skimmed second key of two", #"{"id": 3, "nick": "n\x"}"#),
        ("first key of two null, second skimmed", #"{"id": 3, "alias": null, "nick": "n"}"#),
        ("broken string where a Bool belongs", #"{"id": 3, "flag": "true\x"}"#),
        ("broken string where a Double belongs", #"{"id": 3, "ratio": "0.5\x"}"#),
        ("broken array where a Double belongs", #"{"id": 3, "ratio": [0.5, tru]}"#),
        ("Double left out when null", #"{"id": 3, "ratio": null, "flag": true}"#),
    ]

    /// Strings with bytes that are not UTF-8 where the scan of the record
    /// skims them: lone continuation bytes, a sequence cut short, an overlong
    /// form, an encoded surrogate, a byte that is never UTF-8.
    @Test(arguments: [[0x80], [0x61, 0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF], [0xE6, 0x9D, 0xB1, 0xF0, 0x9F, 0x8E]] as [[UInt8]])
    func skimmedStringsThatAreNotUTF8Agree(_ bad: [UInt8]) throws {
        for (before, after) in [("{\"id\": 3, \"name\": \"", "\", \"count\": 1}"), ("{\"id\": 3, \"tags\": [\"a\", \"0123456789abcdef", "\"]}")] {
            try Self.expectAgreement(FuzzEntryPoints.skimmingRules, bytes: Array(before.utf8) + bad + Array(after.utf8))
        }
    }

    /// Records for `FuzzEntryPoints.followingRules`: invalid JSON beside
    /// and inside what key paths into skimmed members read, and into a
    /// member no field writes whole.
    static let followedRecords: [(String, String)] = [
        ("followed key given twice", #"{"id": 3, "child": {"name": "a", "name": "b"}}"#),
        ("bad escape before the followed key", #"{"id": 3, "child": {"at": 1, "x": "\u00zz", "name": "c"}}"#),
        ("control character in a long string before the followed key", "{\"id\": 3, \"child\": {\"x\": \"0123456789abcdef\u{01}ghij\", \"name\": \"c\"}}"),
        ("bad number before the followed key", #"{"id": 3, "child": {"at": 12x, "name": "c"}}"#),
        ("value missing before the followed key", #"{"id": 3, "child": {"at": , "name": "c"}}"#),
        ("bad literal after the followed key", #"{"id": 3, "child": {"name": "c", "children": nul}}"#),
        ("bad value in a container before the followed key", #"{"id": 3, "child": {"x": [1, {"y": tru}], "name": "c"}}"#),
        ("followed key's value broken", #"{"id": 3, "child": {"name": "c\u00zz", "at": 1}}"#),
        ("followed key's value a bad literal", #"{"id": 3, "child": {"name": nul}}"#),
        ("bad value after the kid a key path reads", #"{"id": 3, "kids": [{"name": "a"}, {"name": "b", "at": tru}, 01]}"#),
        ("bad value before the kid a key path reads", #"{"id": 3, "kids": [{"name": "a", "at": 1x}, {"name": "b"}]}"#),
        ("kids a key path reads cut short", #"{"id": 3, "kids": [{"name": "a"}, {"name": "b"}"#),
        ("followed child is a string", #"{"id": 3, "child": "name"}"#),
        ("followed child cut short", #"{"id": 3, "child": {"at": 1"#),
        ("followed child's value cut by a line break", "{\"id\": 3, \"child\": {\"at\": 1\n, \"name\": \"c\"}}\n{\"id\": 4}"),
        // `metaName` follows `meta.name`, which no field writes whole: the scan of the record checks it.
        ("bad value beside a key path into a member no field writes", #"{"id": 3, "meta": {"x": tru, "name": "m"}}"#),
        ("bad string beside a key path into a member no field writes", "{\"id\": 3, \"meta\": {\"name\": \"m\", \"x\": \"a\u{01}\"}}"),
        ("followed child's string cut by a line break", "{\"id\": 3, \"child\": {\"x\": \"a\nb\", \"name\": \"c\"}}\n{\"id\": 4}"),
        // `child.name` is a key found once: following it stops at `name`, and `Child`'s scan checks the rest.
        ("followed key given twice, the first broken", #"{"id": 3, "child": {"name": "a\x", "name": "b"}}"#),
        ("followed key given again with an escape", #"{"id": 3, "child": {"name": "a", "n\u0061me": "b"}}"#),
        ("followed key given again after other members", #"{"id": 3, "child": {"name": "a", "at": 1, "children": [], "name": "b"}}"#),
        ("bad string after the followed key", #"{"id": 3, "child": {"name": "c", "x": "\u00zz"}}"#),
        ("bad number after the followed key", #"{"id": 3, "child": {"name": "c", "at": 1x}}"#),
        ("value missing after the followed key", #"{"id": 3, "child": {"name": "c", "at": }}"#),
        ("no comma after the followed key", #"{"id": 3, "child": {"name": "c" "at": 1}}"#),
        ("followed child cut short after the key", #"{"id": 3, "child": {"name": "c", "at": 1"#),
        ("followed child's brackets crossed after the key", #"{"id": 3, "child": {"name": "c", "children": [}]}"#),
        ("followed child broken by a line break after the key", "{\"id\": 3, \"child\": {\"name\": \"c\",\n \"at\": 1}}\n{\"id\": 4}"),
        ("unknown key after the followed key", #"{"id": 3, "child": {"name": "c", "extra": {"y": [tru]}}}"#),
        ("followed child given twice", #"{"id": 3, "child": {"name": "a"}, "child": {"name": "b"}}"#),
        // Not `child.note`, which `Child` ignores, nor `shape.radius`, in a choice: their last member is the one.
        ("key a model ignores given twice", #"{"id": 3, "child": {"note": 1, "name": "a", "note": 2}}"#),
        ("key in a choice given twice", #"{"id": 3, "shape": {"radius": 1, "type": "circle", "radius": 2}}"#),
        // `meta.name` is not: no field writes `meta`, so the last `name` is
        // the one, which the scan of the record notes as it checks `meta`.
        ("key given twice in a member no field writes", #"{"id": 3, "meta": {"name": "a", "name": "b", "at": 1, "at": 2}}"#),
        ("member no field writes given twice, its key only in the first", #"{"id": 3, "meta": {"name": "a"}, "meta": {"at": 1}}"#),
        ("member no field writes given twice, its key only in the second", #"{"id": 3, "meta": {"at": 1}, "meta": {"name": "b"}}"#),
        ("key with an escape in a member no field writes", #"{"id": 3, "meta": {"n\u0061me": "a"}}"#),
        ("noted key's value broken", #"{"id": 3, "meta": {"name": "a\x"}}"#),
        ("noted key's value a bad literal", #"{"id": 3, "meta": {"name": nul}}"#),
        ("noted key only in a nested object", #"{"id": 3, "meta": {"x": {"name": "no"}, "at": [{"name": "no"}]}}"#),
        ("noted key after a nested object with the key", #"{"id": 3, "meta": {"x": {"name": "no"}, "name": "yes"}}"#),
        ("member no field writes is a string", #"{"id": 3, "meta": "name"}"#),
        ("member no field writes is null", #"{"id": 3, "meta": null}"#),
        ("member no field writes is an array", #"{"id": 3, "meta": [{"name": "a"}]}"#),
        ("member no field writes is a bad literal", #"{"id": 3, "meta": nul}"#),
        ("member no field writes is empty", #"{"id": 3, "meta": {}}"#),
        ("member no field writes cut short", #"{"id": 3, "meta": {"name": "a""#),
        ("member no field writes broken by a line break", "{\"id\": 3, \"meta\": {\"name\":\n \"a\"}}\n{\"id\": 4, \"meta\": {\"name\": \"b\"}}"),
        ("member no field writes nested too deep", "{\"id\": 3, \"meta\": {\"x\": " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}}"),
    ]

    /// Keys are slots, and found once, by their bytes, as the tree reads
    /// them: `K` and the Kelvin sign, equal as `String`s, are two keys.
    @Test(arguments: [
        #"{"K": 1, "\#u{212A}": 2}"#, #"{"\#u{212A}": 2, "K": 1}"#,
        #"{"inner": {"K": "a", "K": "b", "\#u{212A}": "t"}}"#, #"{"inner": {"\#u{212A}": "t", "K": "a"}}"#,
    ])
    func keysThatAreEqualAsStringsAreTwoKeys(_ record: String) throws {
        let rules = try Rules(
            source: SourceFile(
                name: "kelvin.map",
                text: """
                    root Record
                    model Inner {
                      temp: String from "\u{212A}"
                    }
                    model Record {
                      kelvin: Int? from "\u{212A}"
                      k: Int? from K
                      inner: Inner?
                      innerK: String? from inner.K
                    }
                    """))
        try Self.expectAgreement(rules, record)
        #expect(try Self.directlyWritten(#"{"K": 1, "\#u{212A}": 2}"#, rules: rules) == #"{"kelvin":2,"k":1,"inner":null,"innerK":null}"#)
    }

    /// A key path's first step stops at its key only where the object is
    /// written as a model that skims that key (`DirectStep.uniqueKey`), and
    /// is noted by the scan of the record where that scan checks the
    /// member (`DirectStep.notedKey`): the first key noted in a member, or the same key again.
    @Test func keyPathsFirstStepsAreFoundOnceOrNotedWhereTheyCanBe() {
        let tables = FuzzEntryPoints.followingRules.plan.direct.storage.tables
        let steps = tables.sources.map { source in
            tables.steps[source.steps].map { step -> String in
                switch step {
                case .key(let key): "key \(String(decoding: tables.bytes(of: key), as: UTF8.self))"
                case .uniqueKey(let key): "unique \(String(decoding: tables.bytes(of: key), as: UTF8.self))"
                case .notedKey(let key): "noted \(String(decoding: tables.bytes(of: key), as: UTF8.self))"
                case .index(let index): "index \(index)"
                case .fromEnd: "from end"
                }
            }
        }.filter { !$0.isEmpty }
        #expect(steps == [["unique name"], ["index 1", "key name"], ["noted name"], ["key at"], ["noted name"], ["key radius"], ["key note"]])
    }

    @Test(arguments: followedRecords.map(\.0))
    func followedRecordsAgree(_ name: String) throws {
        try Self.expectAgreement(FuzzEntryPoints.followingRules, try #require(Self.followedRecords.first { $0.0 == name }?.1))
    }

    @Test func skimmingRulesSkimEveryMemberAFieldWritesWhole() throws {
        let tables = FuzzEntryPoints.skimmingRules.plan.direct.storage.tables
        guard case .model(let index) = try FuzzEntryPoints.skimmingRules.model(named: "Record").target else {
            Issue.record("Record is not a model")
            return
        }
        #expect(tables.models[index].isDirect)
        // Every key but `nick`, the second key of `alias`, is the first of a field, with nothing after it.
        #expect(tables.models[index].slotCount == 17)
        #expect(tables.models[index].skimmedSlots.nonzeroBitCount == 16)
    }

    /// Records whose strings and other values the scan of the record
    /// skims are still written by the direct path itself.
    @Test func skimmingRulesWriteStringsDirectly() throws {
        let text = #"{"id": 3, "name": "a\"}]b\u00e9 東京", "tags": ["x", "y\\"], "note": {"k": [1, "}"]}, "count": 4}"#
        let written = try Self.directlyWritten(text, rules: FuzzEntryPoints.skimmingRules)
        #expect(
            written == #"{"id":3,"child":null,"kids":null,"shape":null,"count":4,"name":"a\"}]bé 東京","tags":["x","y\\"],"note":{"k":[1,"}"]},"#
                + #""link":null,"when":null,"mood":null,"code":null,"word":null,"alias":null,"flag":false}"#)
        let scalars = #"{"id": 3, "link": "https://e.com/a", "when": "2024-01-02T03:04:05Z", "mood": "b", "code": "abc", "word": "ab", "#
            + #""nick": "n", "flag": true, "ratio": 0.5}"#
        #expect(
            try Self.directlyWritten(scalars, rules: FuzzEntryPoints.skimmingRules)
                == #"{"id":3,"child":null,"kids":null,"shape":null,"count":null,"name":null,"tags":null,"note":null,"#
                + #""link":"https://e.com/a","when":"2024-01-02T03:04:05Z","mood":"busy","code":"abc","word":"ab","alias":"n","flag":true,"ratio":0.5}"#)
    }

    /// Records whose key paths and choice skim what they pass are still
    /// written by the direct path itself: key paths into skimmed members,
    /// an element reached by its index, and a choice's discriminator found
    /// after members of every kind.
    @Test func followingRulesWriteTheirRecordsDirectly() throws {
        let text = #"{"id": 3, "meta": {"x": [1, "]"], "name": "m"}, "child": {"at": 2, "name": "c"}, "#
            + #""kids": [{"name": "a", "at": 1}, {"at": null, "name": "b"}], "shape": {"x": {"y": "z"}, "radius": 2, "type": "circle"}}"#
        let written = try Self.directlyWritten(text, rules: FuzzEntryPoints.followingRules)
        #expect(
            written == #"{"id":3,"childName":"c","kidName":"b","metaName":"m","metaAt":null,"metaAgain":"m","shapeRadius":2,"childNote":null,"#
                + #""child":{"name":"c","at":2,"children":[]},"#
                + #""kids":[{"name":"a","at":1,"children":[]},{"name":"b","at":null,"children":[]}],"shape":{"type":"circle","radius":2}}"#)
        #expect(try Self.directlyWritten(#"{"id": 3, "shape": {"type": null, "radius": 2}}"#, rules: FuzzEntryPoints.followingRules) != nil)
    }

    @Test(arguments: skimmedRecords.map(\.0))
    func skimmedRecordsAgree(_ name: String) throws {
        try Self.expectAgreement(FuzzEntryPoints.skimmingRules, try #require(Self.skimmedRecords.first { $0.0 == name }?.1))
    }

    /// NDJSON lines read where they lie, each line's end found as it is
    /// read: a record that goes on past its line break, white space around
    /// it, empty lines and a last line with no line break all give what each
    /// line cut at its `\n` gives.
    @Test(arguments: [
        "{\"id\": 1}\n{\"id\": 2}\n",
        "{\"id\": 1}\n{\"id\": 2}",
        "{\"id\": 1,\n \"title\": \"t\"}\n{\"id\": 2}\n",
        "{\"id\":\n1}\n",
        "[\n{\"id\": 1}\n]\n",
        "  {\"id\": 1} \t\r\n\r\n\n \n{\"id\": 2}\r\n",
        "{\"id\": 1} {\"id\": 2}\n{\"id\": 3}x\n",
        "{\"id\": 1, \"title\": \"a\nb\"}\n{\"id\": 2}\n",
        "\u{FEFF}{\"id\": 1}\n\u{FEFF}{\"id\": 2}\n",
        "{\"id\": 1, \"tags\": [\"x\",\n\"y\"]}\n{\"id\": 2, \"tags\": [\"x\"]}",
        "\n",
        "",
        // Keys remembered from the line before (`DirectMemory`), then met in
        // another order, cut short, run on, escaped, spaced, without a colon.
        "{\"id\": 1, \"title\": \"a\"}\n{\"title\": \"b\", \"id\": 2}\n{\"id\": 3, \"title\": \"c\"}\n",
        "{\"id\": 1, \"title\": \"a\"}\n{\"i\": 1, \"id\": 2}\n{\"idx\": 1, \"id\": 3}\n{\"id\": 4, \"titles\": 1}\n",
        "{\"id\": 1, \"count\": 2}\n{\"id\": 1, \"coun\\u0074\": 3}\n{\"id\": 1, \"count\" : 4}\n{\"id\": 1, \"count\" 5}\n",
        "{\"id\": 1, \"count\": 2}\n{\"id\": 1, \"count\"",
        "{\"id\": 1, \"count\": 2}\n{\"id\": 1, \"count",
        "{\"id\": 1, \"child\": {\"name\": \"a\", \"extra\": 1}}\n{\"id\": 2, \"child\": {\"extra\": 1, \"name\": \"b\"}}\n",
        "{\"id\": 1, \"child\": {\"name\": \"a\", \"note\": 1}}\n{\"id\": 2, \"child\": {\"name\": \"b\", \"note\": 1, \"extra\": 2}}\n",
        "{\"id\": 1, \"child\": {\"name\": \"a\", \"extra\": 1}}\n{\"id\": 2, \"child\": {\"name\": \"b\", \"extra\": 1}}\n",
        "{\"id\": 1, \"user\": {\"login\": \"a\", \"name\": \"n\"}}\n{\"id\": 2, \"user\": {\"name\": \"n\", \"login\": \"b\"}}\n"
            + "{\"id\": 3, \"user\": {\"login\": \"c\", \"login\": \"d\"}}\n{\"id\": 4, \"user\": {\"login\": \"c\", \"logins\": \"d\"}}\n",
        String(repeating: "{\"id\": 1, \"child\": {\"name\": \"a\", \"children\": [{\"name\": \"b\", \"children\": []}]}}\n", count: 3)
            + "{\"id\": 1, \"child\": {\"children\": [{\"name\": \"b\"}], \"name\": \"a\"}}\n",
    ])
    func linesReadWhereTheyLieAgree(_ text: String) throws {
        let rules = FuzzEntryPoints.directRules
        #expect(DirectPathComparison.linesDifference(rules, Array(text.utf8), model: try rules.model(named: nil)) == nil)
    }

    @Test func aLineReadWhereItLiesEndsAtItsLineBreak() throws {
        let rules = try Rules(source: SourceFile(name: "o.map", text: "model O {\n  id: Int\n}\n"))
        let serializer = LineSerializer(rules: rules, model: try rules.model(named: nil))
        var output: [UInt8] = []
        var drops: [MappingError] = []
        var memory = DirectMemory()
        let lines = Array("{\"id\": 1} \r\n{\"id\":\n2}\n{\"id\": 3}".utf8)
        let read = lines.withUnsafeBufferPointer { bytes in
            [0, 12, 19, 22].map {
                serializer.appendLine(startingAt: UnsafeBufferPointer(rebasing: bytes[$0...]), to: &output, drops: &drops, memory: &memory)
            }
        }
        #expect(read.map(\.length) == [11, 6, 2, 9])
        #expect(read.map { $0.rejection == nil } == [true, false, false, true])
        #expect(String(decoding: output, as: UTF8.self) == #"{"id":1}{"id":3}"#)
    }

    @Test func theEverythingRecordIsWrittenByTheDirectPathItself() throws {
        let text = try #require(Self.records.first?.1)
        let written = try Self.directlyWritten(text)
        let expected = #"{"id":1,"heading":"t","title":"t","label":"aa","count":3,"flag":true,"when":"2024-01-02T03:04:05Z","#
            + #""since":"2023-11-14T22:13:20Z","link":"https://e.com/a","home":"http://h.org","kind":"b","mode":"on","#
            + #""tags":["x","y"],"scores":[1,null,3],"first":"first","last":{"z":1},"owner":"lin","#
            + #""child":{"name":"c","at":"2023-11-14T22:13:20Z","children":[{"name":"d","at":null,"children":[]}]},"#
            + #""kids":[],"ratio":0.5,"scale":"celsius","level":"high","small":-5,"half":1,"code":"abcd","nick":"anon","shape":null,"twice":6,"pair":{"flag":true,"small":-5},"login":"lin"}"#
        #expect(written == expected)
    }

    @Test func stringsWithEscapesAreWrittenByTheDirectPathItself() throws {
        let text = #"{"id": 1, "title": "a\"b\\c\/d\u00e9\ud83d\ude00\n", "child": {"name": "\u0001\tx\u00e9"}}"#
        let written = try #require(try Self.directlyWritten(text))
        let expected = #"{"id":1,"heading":"a\"b\\c/dé😀\n","title":"a\"b\\c/dé😀\n","label":null,"count":null,"flag":false,"when":null,"since":null,"#
            + #""link":null,"home":null,"kind":"a","mode":null,"tags":null,"scores":null,"first":null,"last":null,"owner":null,"#
            + #""child":{"name":"\u0001\txé","at":null,"children":[]},"kids":null,"ratio":null,"scale":null,"level":null,"#
            + #""small":null,"half":null,"code":null,"nick":"anon","shape":null,"twice":null,"pair":{"flag":false,"small":null}}"#
        #expect(written == expected)
    }

    /// Models with checks are written directly when the checks hold and
    /// left to the interpreter, which reports them, when one does not.
    @Test func modelChecksAreRunOnTheDirectPath() throws {
        #expect(try Self.directlyWritten(#"{"id": 3, "user": {"login": "root"}, "flag": true}"#) != nil)
        #expect(try Self.directlyWritten(#"{"id": 3, "user": {"login": "root"}}"#) == nil)
        #expect(try Self.directlyWritten(#"{"id": 3, "tags": ["a", "b"]}"#) != nil)
        #expect(try Self.directlyWritten(#"{"id": 3, "tags": ["a", "b", "c"]}"#) == nil)
        #expect(try Self.directlyWritten(#"{"id": 3, "kids": [{"name": "a", "children": [{"name": "zz"}]}]}"#) == nil)
        #expect(try Self.directlyWritten(#"{"id": 3, "when": "2024-01-01T00:00:00Z", "since": 1700000000}"#) != nil)
        #expect(try Self.directlyWritten(#"{"id": 3, "when": "2020-01-01T00:00:00Z", "since": 1700000000}"#) == nil)
        #expect(try Self.directlyWritten(#"{"id": 3, "kind": "B", "level": "h"}"#) != nil)
        #expect(try Self.directlyWritten(#"{"id": 3, "kind": "B", "level": 1}"#) == nil)
    }

    /// Computed fields are worked out on the direct path, from fields read
    /// before or after them, and put in their places.
    @Test func computedFieldsAreWrittenByTheDirectPathItself() throws {
        let written = try #require(try Self.directlyWritten(#"{"count": 4, "id": 3, "title": "x"}"#))
        #expect(written.hasPrefix(#"{"id":3,"heading":"x","title":"x","#))
        #expect(written.contains(#""shape":null,"twice":8,"#))
        #expect(try Self.directlyWritten(#"{"id": 3, "title": "bad"}"#) == nil)
        #expect(try Self.directlyWritten(#"{"id": 3, "count": 9223372036854775807}"#) == nil)
    }

    /// A model read `from $` is written from the object's own bytes, and a
    /// flattened one's fields as the enclosing object's.
    @Test func groupsAndFlattenedModelsAreWrittenByTheDirectPathItself() throws {
        let written = try #require(try Self.directlyWritten(#"{"id": 3, "user": {"login": "ann"}, "small": 2}"#))
        #expect(written.hasSuffix(#""pair":{"flag":false,"small":2},"login":"ann"}"#))
        #expect(try Self.directlyWritten(#"{"id": 3, "user": {"name": "x"}}"#) == nil)
    }

    /// Rules the direct path once wrote differently from the tree: a model
    /// flattened from an index counted from the end, a computed `JSON`
    /// container in pretty output, and a choice listing a value that is not
    /// ASCII (the Kelvin sign, equal to `K` as Unicode text).
    @Test(arguments: [
        ("root R\nmodel M {\n  source: String\n}\nmodel R {\n  id: Int\n  meta: M flatten from metas[-1]\n}\n",
            #"[{"id": 1, "metas": [{"source": "a"}, {"source": "b"}]}]"#),
        ("root R\nmodel R {\n  tags: [String]\n  copy: JSON = tags\n}\n", #"[{"tags": ["a", "b"]}]"#),
        ("root S\nmodel A {\n  a: Int?\n}\nmodel B {\n  b: Int?\n}\nchoice S by kind {\n  \"\u{212A}\" -> A\n  default -> B\n}\n",
            #"[{"kind": "K"}, {"kind": "\u212a"}, {}]"#),
    ])
    func rulesOnceWrittenDifferentlyAgree(_ text: String, _ input: String) throws {
        let rules = try Rules(source: SourceFile(name: "case.map", text: text))
        let model = try rules.model(named: nil)
        for style in [JSONWriter.Style.compact, .pretty] {
            #expect(DirectPathComparison.difference(rules, Array(input.utf8), model: model, style: style) == nil)
        }
    }

    /// A choice is written directly as the model its discriminator names,
    /// the discriminator first; anything else goes to the interpreter.
    @Test func choicesAreWrittenByTheDirectPathItself() throws {
        let written = try #require(try Self.directlyWritten(#"{"id": 3, "shape": {"radius": 2, "type": "round"}}"#))
        #expect(written.contains(#""shape":{"type":"round","radius":2},"twice":null,"#))
        #expect(try Self.directlyWritten(#"{"id": 3, "shape": {"type": "oval"}}"#) == nil)
        #expect(try Self.directlyWritten(#"{"id": 3, "shape": {"type": "squ\u0061re", "side": 1}}"#) == nil)
    }

    /// A model that rejects unknown keys is written directly when it has
    /// none, and left to the interpreter, which names them, when it has.
    @Test func unknownKeysAreRejectedOnTheDirectPath() throws {
        #expect(try Self.directlyWritten(#"{"id": 3, "child": {"name": "c", "note": "n"}}"#) != nil)
        #expect(try Self.directlyWritten(#"{"id": 3, "child": {"name": "c", "extra": 1}}"#) == nil)
    }

    /// Rules other than bounds (a pattern, a range that is not of
    /// integers) run on the scalar the direct path read.
    @Test func scalarRulesAreCheckedOnTheDirectPath() throws {
        #expect(try Self.directlyWritten(#"{"id": 3, "label": "aaa", "ratio": 0.25}"#) != nil)
        #expect(try Self.directlyWritten(#"{"id": 3, "label": "ab"}"#) == nil)
        #expect(try Self.directlyWritten(#"{"id": 3, "label": "a\u0061"}"#) != nil)
        #expect(try Self.directlyWritten(#"{"id": 3, "ratio": 1.5}"#) == nil)
    }

    /// A record whose models nest deeper than `DirectMapper.deepestModel`
    /// goes to the interpreter, so a chain of models costs linear time, and
    /// the output is the same either way.
    @Test func modelsNestedTooDeepAreLeftToTheInterpreter() throws {
        /// `child` at depth 1, each `children` element two deeper than its parent.
        func chain(_ levels: Int) -> String {
            var text = #"{"id": 1, "child": {"name": "c0", "children": ["#
            for level in 1...levels { text += #"{"name": "c\#(level)", "children": ["# }
            return text + String(repeating: "]}", count: levels + 1) + "}"
        }
        let deepest = (DirectRun.deepestModel - 1) / 2
        #expect(1 + 2 * deepest <= DirectRun.deepestModel && 1 + 2 * (deepest + 1) > DirectRun.deepestModel)
        let written = try #require(try Self.directlyWritten(chain(deepest)))
        #expect(written.contains(#"{"name":"c\#(deepest)","at":null,"children":[]}"#))
        #expect(try Self.directlyWritten(chain(deepest + 1)) == nil)
        let rules = FuzzEntryPoints.directRules
        for levels in [deepest, deepest + 1, 200] {
            #expect(DirectPathComparison.difference(rules, Array("[\(chain(levels))]".utf8), model: try rules.model(named: nil)) == nil)
        }
    }

    @Test func aStringsLengthIsToldFromItsBytesWhereTheyAreEnough() {
        func length(_ text: String, _ allowed: ClosedRange<Int64>) -> Bool? {
            Array(text.utf8).withUnsafeBufferPointer { utf8 in
                DirectRun.length(ofUTF8: utf8, isASCII: utf8.allSatisfy { $0 < 0x80 }, isWithin: allowed)
            }
        }
        #expect(length("", 0...3) == true)
        #expect(length("", 1...3) == false)
        #expect(length("éé", 1...4) == true)
        #expect(length("ééééé", 1...4) == nil)
        #expect(length("ééééé", 11...20) == false)
        #expect(length("abcde", 1...4) == false)
        #expect(length("abcd", 1...4) == true)
        #expect(length("ab\r\n", 1...3) == nil)
        #expect(length("ab\r\n", 4...9) == nil)
        #expect(length("ab\r\n", 5...9) == false)
        #expect(length("ab\n\r", 1...3) == false)
        #expect(length("abc", 5...9) == false)
    }

    /// What the direct path writes for a record of `FuzzEntryPoints.directRules`, or `nil` when it gives up.
    static func directlyWritten(_ text: String, rules: Rules = FuzzEntryPoints.directRules) throws -> String? {
        let target = try rules.model(named: nil).target
        let written = Array(text.utf8).withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, options: .init())
            var writer = JSONWriter()
            let mapper = DirectMapper(interpreter: Interpreter(plan: rules.plan), direct: rules.plan.direct)
            var memory = DirectMemory()
            return mapper.write(target, depth: 0, from: &scanner, to: &writer, memory: &memory) ? writer.bytes : nil
        }
        return written.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aStrictFileTakesTheTreePathAndStillRejectsDuplicateKeys() throws {
        let rules = try Rules(source: SourceFile(name: "s.map", text: "strict\nmodel A {\n  id: Int\n}\n"))
        let input = Array(#"[{"id": 1, "x": 1, "x": 2}]"#.utf8)
        let outcome = DirectPathComparison.outcomes(rules, input, model: try rules.model(named: nil), style: .compact)
        #expect(outcome.direct == outcome.tree)
        #expect(outcome.direct.syntaxError?.reason == .duplicateKey("x"))
    }

    /// Inputs changed at random, a few bytes at a time, from the examples'
    /// inputs and the records above: most become invalid JSON or break a
    /// rule somewhere new, which is where the two paths could part.
    @Test(arguments: 0..<8)
    func mutatedInputsAgree(_ seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let seeds: [(Rules, [UInt8], ModelID)] =
            try Self.examples.map { ($0.rules, $0.input, try $0.rules.model(named: $0.model)) }
            + Self.records.map { (FuzzEntryPoints.directRules, Array($0.1.utf8), try FuzzEntryPoints.directRules.model(named: nil)) }
            + Self.skimmedRecords.map { (FuzzEntryPoints.skimmingRules, Array($0.1.utf8), try FuzzEntryPoints.skimmingRules.model(named: nil)) }
            + Self.followedRecords.map { (FuzzEntryPoints.followingRules, Array($0.1.utf8), try FuzzEntryPoints.followingRules.model(named: nil)) }
        let alphabet = Array(#"{}[]":,0123456789-.eE truefalsnul\u"#.utf8) + [0xC3, 0xA9, 0xFF, 0x0A]
        for _ in 0..<150 {
            let (rules, original, model) = seeds[Int.random(in: 0..<seeds.count, using: &random)]
            var bytes = original
            for _ in 0..<(1 + Int.random(in: 0..<3, using: &random)) where !bytes.isEmpty {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[position] = alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                case 1: bytes.insert(alphabet[Int.random(in: 0..<alphabet.count, using: &random)], at: position)
                default: bytes.remove(at: position)
                }
            }
            let difference =
                DirectPathComparison.difference(rules, bytes, model: model)
                ?? DirectPathComparison.lineDifference(rules, bytes, model: model)
                ?? DirectPathComparison.linesDifference(rules, bytes, model: model)
            #expect(difference == nil, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test(.enabled(if: TestFiles.corpus != nil, Testing.Comment(rawValue: TestFiles.corpusMissing)))
    func corpusDocumentsAgree() throws {
        let corpus = try #require(TestFiles.corpus)
        let pairs = [
            ("twitter", "bench/twitter.json"), ("citm-catalog", "bench/citm_catalog.json"),
            ("github-events", "github/events_public_timeline.json"), ("github", "github/issues_list_betamax_state_all_p1.json"),
        ]
        for (example, file) in pairs {
            let found = try #require(Self.examples.first { $0.name == example }, "no example `\(example)`")
            try #require(TestFiles.exists("\(corpus)/\(file)"), "the corpus has no \(file)")
            let bytes = try TestFiles.read("\(corpus)/\(file)")
            let difference = DirectPathComparison.difference(found.rules, bytes, model: try found.rules.model(named: found.model))
            #expect(difference == nil, "\(file)")
        }
    }
}
