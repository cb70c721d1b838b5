import Foundation
import MapLangCLI
import Testing

/// `examples/twitter/twitter.map` with `--model Status` over the 100 statuses
/// of the `twitter.json` benchmark, checked against the source read with
/// Foundation, with Twitter's dates converted by hand here.
@Suite(.enabled(if: TestFiles.corpus != nil, Testing.Comment(rawValue: TestFiles.corpusMissing)))
struct CorpusTwitterTests {
    static let rules = TestFiles.packageRoot + "/examples/twitter/twitter.map"

    /// The byte ranges of the elements of the array under the top-level key
    /// `key`, found by a scanner that knows only strings and brackets, so each
    /// status is passed on with its bytes (and its 64-bit ids) untouched.
    static func elements(of key: String, in bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var depth = 0
        var index = 0
        var lastString: ArraySlice<UInt8> = []
        var inTarget = false
        var elementStart: Int?
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                lastString = bytes[start + 1..<index]
                if inTarget, depth == 2, elementStart == nil { elementStart = start }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if byte == UInt8(ascii: "["), depth == 1, Array(lastString) == Array(key.utf8) {
                    inTarget = true
                } else if inTarget, depth == 2, elementStart == nil {
                    elementStart = index
                }
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if inTarget, depth == 2, let start = elementStart {
                    result.append(bytes[start...index])
                    elementStart = nil
                }
                if inTarget, depth == 1 { inTarget = false }
            default:
                break
            }
            index += 1
        }
        return result
    }

    /// `Sun Aug 31 00:29:15 +0000 2014` as `2014-08-31T00:29:15Z`, computed
    /// with a month table and days-from-civil arithmetic; also checks the weekday.
    static func isoDate(fromTwitter text: String) -> String? {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
        let parts = text.split(separator: " ").map(String.init)
        guard parts.count == 6, let monthIndex = months.firstIndex(of: parts[1]), let day = Int(parts[2]),
            let year = Int(parts[5])
        else { return nil }
        let clock = parts[3].split(separator: ":").compactMap { Int($0) }
        let zone = parts[4]
        guard clock.count == 3, zone.count == 5, let zoneHours = Int(zone.dropFirst().prefix(2)),
            let zoneMinutes = Int(zone.suffix(2))
        else { return nil }
        let sign = zone.first == "-" ? -1 : 1
        var seconds = daysFromCivil(year, monthIndex + 1, day) * 86_400 + clock[0] * 3_600 + clock[1] * 60 + clock[2]
        let localDays = daysFromCivil(year, monthIndex + 1, day)
        guard weekdays[((localDays % 7) + 7) % 7] == parts[0] else { return nil }
        seconds -= sign * (zoneHours * 3_600 + zoneMinutes * 60)
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let rest = seconds - days * 86_400
        let (y, m, d) = civilFromDays(days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(y)-\(two(m))-\(two(d))T\(two(rest / 3_600)):\(two(rest % 3_600 / 60)):\(two(rest % 60))Z"
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day count since 1970-01-01.
    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    @Test func handConversionOfTwitterDates() {
        #expect(Self.isoDate(fromTwitter: "Wed Aug 27 13:08:45 +0000 2008") == "2008-08-27T13:08:45Z")
        #expect(Self.isoDate(fromTwitter: "Sat Feb 16 13:40:25 +0000 2013") == "2013-02-16T13:40:25Z")
        #expect(Self.isoDate(fromTwitter: "Thu Jan 01 01:30:00 +0200 1970") == "1969-12-31T23:30:00Z")
        #expect(Self.isoDate(fromTwitter: "Tue Feb 29 23:00:00 -0130 2000") == "2000-03-01T00:30:00Z")
        #expect(Self.isoDate(fromTwitter: "Mon Aug 27 13:08:45 +0000 2008") == nil)
    }

    @Test func everyStatusMapsToTheValuesInTheSource() throws {
        let corpus = try #require(TestFiles.corpus, Testing.Comment(rawValue: TestFiles.corpusMissing))
        let bytes = try TestFiles.read(corpus + "/bench/twitter.json")
        let raw = Self.elements(of: "statuses", in: bytes)
        try #require(raw.count == 100)
        let input = "[" + raw.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ",\n") + "]"
        let (result, _) = CLIHarness.run(["run", Self.rules, "statuses.json", "--model", "Status"], files: ["statuses.json": input])
        #expect(result.stderr == "")
        #expect(result.status == 0)

        let document = try #require(try CorpusJSON.parse(bytes) as? [String: Any])
        let source = try #require(document["statuses"] as? [[String: Any]])
        let mapped = try #require(try CorpusJSON.parse(Array(result.stdout.utf8)) as? [[String: Any]])
        try #require(mapped.count == source.count)
        let fields: Set<String> = [
            "id", "idStr", "text", "createdAt", "user", "inReplyToStatusId", "retweetCount", "favorited", "hashtags",
            "lang",
        ]
        let userFields: Set<String> = ["id", "screenName", "name", "url", "followersCount", "verified", "createdAt"]
        for (status, out) in zip(source, mapped) {
            let idText = try #require(status["id_str"] as? String)
            let here = Testing.Comment(rawValue: "status \(idText)")
            #expect(Set(out.keys) == fields, here)
            // 64-bit ids are exact: compare with the decimal string the API sends beside them,
            // both as parsed and as written.
            #expect(CorpusJSON.int64(out["id"]) == Int64(idText), here)
            #expect(CorpusJSON.same(out["idStr"], idText), here)
            #expect(result.stdout.contains(#"{"id":\#(idText),"idStr":"\#(idText)","#), here)
            #expect(CorpusJSON.same(out["text"], status["text"]), here)
            let created = try #require(status["created_at"] as? String)
            #expect(CorpusJSON.same(out["createdAt"], Self.isoDate(fromTwitter: created)), here)

            let user = try #require(status["user"] as? [String: Any])
            let mappedUser = try #require(out["user"] as? [String: Any], here)
            let userIDText = try #require(user["id_str"] as? String)
            #expect(Set(mappedUser.keys) == userFields, here)
            #expect(CorpusJSON.int64(mappedUser["id"]) == Int64(userIDText), here)
            #expect(result.stdout.contains(#""user":{"id":\#(userIDText),"screenName":"#), here)
            #expect(CorpusJSON.same(mappedUser["screenName"], user["screen_name"]), here)
            #expect(CorpusJSON.same(mappedUser["name"], user["name"]), here)
            #expect(CorpusJSON.sameOptional(mappedUser["url"], user["url"]), here)
            #expect(CorpusJSON.int64(mappedUser["followersCount"]) == CorpusJSON.int64(user["followers_count"]), here)
            #expect(CorpusJSON.bool(mappedUser["verified"]) == CorpusJSON.bool(user["verified"]), here)
            #expect(CorpusJSON.bool(mappedUser["verified"]) != nil, here)
            let userCreated = try #require(user["created_at"] as? String)
            #expect(CorpusJSON.same(mappedUser["createdAt"], Self.isoDate(fromTwitter: userCreated)), here)

            if let replyText = status["in_reply_to_status_id_str"] as? String {
                #expect(CorpusJSON.int64(out["inReplyToStatusId"]) == Int64(replyText), here)
            } else {
                #expect(CorpusJSON.isNull(status["in_reply_to_status_id"]), here)
                #expect(CorpusJSON.isNull(out["inReplyToStatusId"]), here)
            }
            #expect(CorpusJSON.int64(out["retweetCount"]) == CorpusJSON.int64(status["retweet_count"]), here)
            #expect(CorpusJSON.bool(out["favorited"]) == CorpusJSON.bool(status["favorited"]), here)
            #expect(CorpusJSON.bool(out["favorited"]) != nil, here)
            #expect(CorpusJSON.sameOptional(out["lang"], status["lang"]), here)

            let entities = try #require(status["entities"] as? [String: Any])
            let hashtags = try #require(entities["hashtags"] as? [[String: Any]])
            let mappedHashtags = try #require(out["hashtags"] as? [[String: Any]], here)
            #expect(mappedHashtags.count == hashtags.count, here)
            for (hashtag, mappedHashtag) in zip(hashtags, mappedHashtags) {
                #expect(Set(mappedHashtag.keys) == ["text", "indices"], here)
                #expect(CorpusJSON.same(mappedHashtag["text"], hashtag["text"]), here)
                let indices = (hashtag["indices"] as? [Any] ?? []).map(CorpusJSON.int64)
                let mappedIndices = (mappedHashtag["indices"] as? [Any] ?? []).map(CorpusJSON.int64)
                #expect(mappedIndices == indices, here)
                #expect(mappedIndices.count == 2, here)
            }
        }
    }

    /// Each status on its own, as a single document on standard input, gives the same record.
    @Test func eachStatusAsItsOwnDocument() throws {
        let corpus = try #require(TestFiles.corpus, Testing.Comment(rawValue: TestFiles.corpusMissing))
        let bytes = try TestFiles.read(corpus + "/bench/twitter.json")
        let raw = Self.elements(of: "statuses", in: bytes)
        try #require(raw.count == 100)
        let all = "[" + raw.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ",") + "]"
        let (whole, _) = CLIHarness.run(["run", Self.rules, "-", "-m", "Status"], stdin: all)
        try #require(whole.status == 0)
        var singles: [String] = []
        for status in raw {
            let (result, _) = CLIHarness.run(["run", Self.rules, "-", "--model=Status"], stdin: String(decoding: status, as: UTF8.self))
            #expect(result.status == 0)
            #expect(result.stderr == "")
            #expect(result.stdout.hasSuffix("}\n"))
            singles.append(String(result.stdout.dropLast()))
        }
        // The array's elements, compact, are the single documents' outputs joined by commas.
        #expect(whole.stdout == "[" + singles.joined(separator: ",") + "]\n")
    }
}
