import Foundation
import MapLangCLI
import Testing

/// Reading JSON independently of MapLang, with Foundation, for the corpus tests.
enum CorpusJSON {
    /// Parses a document with `JSONSerialization`.
    static func parse(_ bytes: [UInt8]) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    }

    /// Whether two strings hold exactly the same Unicode scalars (no normalisation).
    static func same(_ left: Any?, _ right: Any?) -> Bool {
        guard let left = left as? String, let right = right as? String else { return false }
        return Array(left.unicodeScalars) == Array(right.unicodeScalars)
    }

    /// Whether a value is JSON `null`.
    static func isNull(_ value: Any?) -> Bool { value is NSNull }

    /// A JSON boolean (not a number that bridges to one).
    static func bool(_ value: Any?) -> Bool? {
        guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else { return nil }
        return number.boolValue
    }

    /// A JSON integer, exactly.
    static func int64(_ value: Any?) -> Int64? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c",
            String(cString: number.objCType) != "d", String(cString: number.objCType) != "f"
        else { return nil }
        return number.int64Value
    }

    /// An optional string field: either both `null`, or the same string.
    static func sameOptional(_ mapped: Any?, _ source: Any?) -> Bool {
        isNull(source) ? isNull(mapped) : same(mapped, source)
    }
}

/// `examples/github/github.map` over 100 real issues from the GitHub API,
/// every mapped value checked against the source read with Foundation.
@Suite(.enabled(if: TestFiles.corpus != nil, Testing.Comment(rawValue: TestFiles.corpusMissing)))
struct CorpusGitHubTests {
    static let rules = TestFiles.packageRoot + "/examples/github/github.map"

    @Test func everyIssueMapsToTheValuesInTheSource() throws {
        let corpus = try #require(TestFiles.corpus, Testing.Comment(rawValue: TestFiles.corpusMissing))
        let inputPath = corpus + "/github/issues_list_betamax_state_all_p1.json"
        let (result, _) = CLIHarness.run(["run", Self.rules, inputPath])
        #expect(result.stderr == "")
        #expect(result.status == 0)

        let source = try #require(try CorpusJSON.parse(try TestFiles.read(inputPath)) as? [[String: Any]])
        let mapped = try #require(try CorpusJSON.parse(Array(result.stdout.utf8)) as? [[String: Any]])
        #expect(source.count == 100)
        try #require(mapped.count == source.count)
        let fields: Set<String> = [
            "url", "htmlURL", "number", "state", "title", "body", "reporterLogin", "assignee", "labels", "createdAt",
            "updatedAt", "closedAt",
        ]
        for (issue, out) in zip(source, mapped) {
            let number = issue["number"] as? Int ?? -1
            let here = Testing.Comment(rawValue: "issue #\(number)")
            #expect(Set(out.keys) == fields, here)
            #expect(CorpusJSON.same(out["url"], issue["url"]), here)
            #expect(CorpusJSON.same(out["htmlURL"], issue["html_url"]), here)
            #expect(CorpusJSON.int64(out["number"]) == CorpusJSON.int64(issue["number"]), here)
            #expect(CorpusJSON.same(out["state"], issue["state"]), here)
            #expect(CorpusJSON.same(out["title"], issue["title"]), here)
            #expect(CorpusJSON.sameOptional(out["body"], issue["body"]), here)
            let user = try #require(issue["user"] as? [String: Any])
            #expect(CorpusJSON.same(out["reporterLogin"], user["login"]), here)

            if CorpusJSON.isNull(issue["assignee"]) {
                #expect(CorpusJSON.isNull(out["assignee"]), here)
            } else {
                let assignee = try #require(issue["assignee"] as? [String: Any])
                let mappedAssignee = try #require(out["assignee"] as? [String: Any], here)
                #expect(Set(mappedAssignee.keys) == ["login", "id", "avatarURL", "siteAdmin"], here)
                #expect(CorpusJSON.same(mappedAssignee["login"], assignee["login"]), here)
                #expect(CorpusJSON.int64(mappedAssignee["id"]) == CorpusJSON.int64(assignee["id"]), here)
                #expect(CorpusJSON.same(mappedAssignee["avatarURL"], assignee["avatar_url"]), here)
                #expect(CorpusJSON.bool(mappedAssignee["siteAdmin"]) == CorpusJSON.bool(assignee["site_admin"]), here)
                #expect(CorpusJSON.bool(mappedAssignee["siteAdmin"]) != nil, here)
            }

            let labels = try #require(issue["labels"] as? [[String: Any]])
            let mappedLabels = try #require(out["labels"] as? [[String: Any]], here)
            #expect(mappedLabels.count == labels.count, here)
            for (label, mappedLabel) in zip(labels, mappedLabels) {
                #expect(Set(mappedLabel.keys) == ["name", "color"], here)
                #expect(CorpusJSON.same(mappedLabel["name"], label["name"]), here)
                #expect(CorpusJSON.same(mappedLabel["color"], label["color"]), here)
            }

            // GitHub writes UTC seconds with `Z`, which is also MapLang's output form.
            #expect(CorpusJSON.same(out["createdAt"], issue["created_at"]), here)
            #expect(CorpusJSON.same(out["updatedAt"], issue["updated_at"]), here)
            #expect(CorpusJSON.sameOptional(out["closedAt"], issue["closed_at"]), here)
        }
        #expect(mapped.filter { CorpusJSON.same($0["state"], "closed") }.count == 87)
    }

    /// Fields come out in declaration order, whatever the input's order.
    @Test func fieldsAreInDeclarationOrder() throws {
        let corpus = try #require(TestFiles.corpus, Testing.Comment(rawValue: TestFiles.corpusMissing))
        let (result, _) = CLIHarness.run(["run", Self.rules, corpus + "/github/issues_list_betamax_state_all_p1.json"])
        #expect(result.stdout.hasPrefix(#"[{"url":"https://api.github.com/repos/betamaxpy/betamax/issues/150","htmlURL":"#))
        let order = [
            "\"url\":", "\"htmlURL\":", "\"number\":", "\"state\":", "\"title\":", "\"body\":", "\"reporterLogin\":",
            "\"assignee\":", "\"labels\":", "\"createdAt\":", "\"updatedAt\":", "\"closedAt\":",
        ]
        let first = String(result.stdout.dropFirst().prefix { $0 != "\n" })
        var position = first.startIndex
        for key in order {
            guard let range = first.range(of: key, range: position..<first.endIndex) else {
                Issue.record("\(key) missing or out of order")
                return
            }
            position = range.upperBound
        }
    }

    /// The same issues one at a time from standard input, as single documents.
    @Test func eachIssueAsItsOwnDocument() throws {
        let corpus = try #require(TestFiles.corpus, Testing.Comment(rawValue: TestFiles.corpusMissing))
        let inputPath = corpus + "/github/issues_list_betamax_state_all_p1.json"
        let (whole, _) = CLIHarness.run(["run", Self.rules, inputPath])
        let source = try #require(try CorpusJSON.parse(try TestFiles.read(inputPath)) as? [Any])
        let mapped = try #require(try CorpusJSON.parse(Array(whole.stdout.utf8)) as? [Any])
        try #require(mapped.count == source.count)
        for (index, issue) in source.enumerated() {
            let text = String(decoding: try JSONSerialization.data(withJSONObject: issue), as: UTF8.self)
            let (result, _) = CLIHarness.run(["run", Self.rules, "-"], stdin: text)
            #expect(result.status == 0, "issue \(index)")
            #expect(result.stderr == "", "issue \(index)")
            let single = try CorpusJSON.parse(Array(result.stdout.utf8)) as? NSDictionary
            #expect(single == mapped[index] as? NSDictionary, "issue \(index)")
        }
    }
}
