import Testing

/// `examples/github-events/github-events.map` over the real public timeline
/// of the GitHub API: every event maps to the model its type chooses, the
/// values match the source, and the feed maps back and forth unchanged.
@Suite(.enabled(if: TestFiles.corpus != nil, Testing.Comment(rawValue: TestFiles.corpusMissing)))
struct CorpusGitHubEventsTests {
    static let rules = TestFiles.packageRoot + "/examples/github-events/github-events.map"

    @Test func everyEventMapsToItsModel() throws {
        let corpus = try #require(TestFiles.corpus, Testing.Comment(rawValue: TestFiles.corpusMissing))
        let inputPath = corpus + "/github/events_public_timeline.json"
        let (result, _) = CLIHarness.run(["run", Self.rules, inputPath])
        #expect(result.stderr == "")
        #expect(result.status == 0)
        let source = try #require(try CorpusJSON.parse(try TestFiles.read(inputPath)) as? [[String: Any]])
        let mapped = try #require(try CorpusJSON.parse(Array(result.stdout.utf8)) as? [[String: Any]])
        try #require(mapped.count == source.count)
        #expect(source.count == 25)
        let specific: [String: Set<String>] = [
            "PushEvent": ["ref", "head", "size", "commits"],
            "PullRequestEvent": ["action", "number", "title", "merged"],
            "CreateEvent": ["ref", "refType"],
            "DeleteEvent": ["ref", "refType"],
            "WatchEvent": ["action"],
        ]
        for (event, output) in zip(source, mapped) {
            let type = try #require(event["type"] as? String)
            #expect(output["type"] as? String == type)
            #expect(output["id"] as? String == event["id"] as? String)
            #expect(output["actorLogin"] as? String == (event["actor"] as? [String: Any])?["login"] as? String)
            #expect(output["repoName"] as? String == (event["repo"] as? [String: Any])?["name"] as? String)
            #expect(output["createdAt"] as? String == event["created_at"] as? String)
            let shared: Set<String> = ["type", "id", "actorLogin", "repoName", "createdAt"]
            if let extra = specific[type] {
                #expect(Set(output.keys) == shared.union(["org", "public"]).union(extra), "\(type)")
            } else {
                #expect(Set(output.keys) == shared, "\(type) falls to OtherEvent")
            }
            let payload = event["payload"] as? [String: Any] ?? [:]
            switch type {
            case "PushEvent":
                #expect(output["size"] as? Int == payload["size"] as? Int)
                #expect((output["commits"] as? [Any])?.count == (payload["commits"] as? [Any])?.count)
            case "PullRequestEvent":
                #expect(output["number"] as? Int == payload["number"] as? Int)
                #expect(output["title"] as? String == (payload["pull_request"] as? [String: Any])?["title"] as? String)
            case "CreateEvent", "DeleteEvent":
                #expect(output["refType"] as? String == payload["ref_type"] as? String)
            default:
                break
            }
        }
    }

    @Test func theFeedMapsBackAndForthUnchanged() throws {
        let corpus = try #require(TestFiles.corpus, Testing.Comment(rawValue: TestFiles.corpusMissing))
        let (first, _) = CLIHarness.run(["run", Self.rules, corpus + "/github/events_public_timeline.json"])
        let (reversed, _) = CLIHarness.run(["run", "--reverse", Self.rules, "-"], stdin: first.stdout)
        #expect(reversed.status == 0)
        let (again, _) = CLIHarness.run(["run", Self.rules, "-"], stdin: reversed.stdout)
        #expect(again.stdout == first.stdout)
    }
}
