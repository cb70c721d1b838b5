import MapLang

/// Writes GitHub-like issues as a JSON array, the same bytes for the same
/// size every time, so runs on different days compare.
///
/// Each issue carries the fields the benchmark maps and as many again that
/// it does not (URLs, ids, reactions), as real API responses do, with
/// escapes and non-ASCII text in some titles and bodies.
public struct IssueGenerator {
    /// A small, fast, deterministic generator (SplitMix64).
    private var state: UInt64

    /// Creates a generator; the same seed gives the same documents.
    public init(seed: UInt64 = 0x4D61_704C_616E_67) {
        state = seed
    }

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    private mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }

    private static let words = [
        "cache", "eviction", "timeout", "retry", "crash", "upgrade", "docs", "flaky", "test", "memory", "leak",
        "parser", "date", "zone", "unicode", "emoji", "slow", "query", "index", "build", "linux", "release",
        "café", "naïve", "München", "東京", "🎉",
    ]
    private static let logins = ["lin", "ravi", "ada-l", "ghopper", "mira-k", "obi-n", "sasha-r", "ty-b", "wren-a", "kenji"]
    private static let labels = [("bug", "d73a4a"), ("enhancement", "a2eeef"), ("docs", "0075ca"), ("question", "d876e3")]
    private static let priorities = ["p1", "p2", "p3", "high", "low", "someday"]

    private mutating func sentence(_ count: ClosedRange<Int>) -> String {
        (0..<int(count)).map { _ in pick(Self.words) }.joined(separator: " ")
    }

    /// A JSON string literal for text.
    private static func quoted(_ text: String) -> String {
        MappedValue.string(text).jsonText()
    }

    private mutating func user(_ login: String) -> String {
        let id = login.unicodeScalars.reduce(7) { ($0 &* 31 &+ Int($1.value)) % 90_000 } + 1000
        return """
            {"login":"\(login)","id":\(id),"node_id":"MDQ6VXNlcj\(id)","avatar_url":"https://avatars.example.com/u/\(id)?v=4",\
            "url":"https://api.example.com/users/\(login)","html_url":"https://example.com/\(login)",\
            "type":"User","site_admin":\(id % 7 == 0)}
            """
    }

    private static func isoDate(_ seconds: Int) -> String {
        Timestamp(seconds: Int64(seconds)).iso8601String
    }

    /// One issue as JSON.
    public mutating func issue(number: Int) -> String {
        let created = 1_600_000_000 + int(0...100_000_000)
        let closed = int(0...2) == 0
        let title = sentence(2...9)
        let body: String =
            switch int(0...3) {
            case 0: "null"
            case 1: Self.quoted(sentence(5...40) + "\n\nSteps:\r\n1. \"run\" it\n2. " + sentence(3...8))
            default: Self.quoted(sentence(10...60))
            }
        let labelList = (0..<int(0...3)).map { _ in
            let label = pick(Self.labels)
            return #"{"id":\#(int(1...999_999)),"name":"\#(label.0)","color":"\#(label.1)","default":false}"#
        }
        let assignee = int(0...2) == 0 ? "null" : user(pick(Self.logins))
        return """
            {"url":"https://api.example.com/repos/acme/cache/issues/\(number)",\
            "repository_url":"https://api.example.com/repos/acme/cache",\
            "labels_url":"https://api.example.com/repos/acme/cache/issues/\(number)/labels{/name}",\
            "comments_url":"https://api.example.com/repos/acme/cache/issues/\(number)/comments",\
            "html_url":"https://example.com/acme/cache/issues/\(number)","id":\(1_000_000 + number),\
            "node_id":"I_kwDO\(number)","number":\(number),"title":\(Self.quoted(title)),"user":\(user(pick(Self.logins))),\
            "labels":[\(labelList.joined(separator: ","))],"state":"\(closed ? "closed" : "open")","locked":false,\
            "assignee":\(assignee),"milestone":null,"comments":\(int(0...250)),\
            "created_at":"\(Self.isoDate(created))","updated_at":"\(Self.isoDate(created + 3600))",\
            "closed_at":\(closed ? "\"\(Self.isoDate(created + int(60...9_000_000)))\"" : "null"),\
            "author_association":"CONTRIBUTOR","priority_label":"\(pick(Self.priorities))","body":\(body),\
            "reactions":{"total_count":\(int(0...9)),"+1":0,"-1":0,"laugh":0}}
            """
    }

    /// A JSON array of issues of at least `bytes` bytes.
    public mutating func document(bytes target: Int) -> [UInt8] {
        records(bytes: target, open: "[", separator: ",", close: "]")
    }

    /// NDJSON: the issues `document(bytes:)` gives, one per line.
    public mutating func lines(bytes target: Int) -> [UInt8] {
        records(bytes: target, open: "", separator: "\n", close: "\n")
    }

    /// Issues, numbered from 1, until they take at least `bytes` bytes.
    private mutating func records(bytes target: Int, open: String, separator: String, close: String) -> [UInt8] {
        var out = Array(open.utf8)
        out.reserveCapacity(target + 4096)
        var number = 1
        while out.count < target {
            if number > 1 { out.append(contentsOf: separator.utf8) }
            out.append(contentsOf: issue(number: number).utf8)
            number += 1
        }
        out.append(contentsOf: close.utf8)
        return out
    }
}
