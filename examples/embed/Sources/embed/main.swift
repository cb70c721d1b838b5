// Decodes a GitHub issues response into this tool's own structs with MapLang
// rules, then prints a summary.
//
//     swift run --package-path examples/embed embed examples/embed/embed.map examples/embed/input.json
//
// The structs have no `CodingKeys`, no custom `init(from:)` and no date
// strategy: the rules file renames keys, pulls up `user.login`, parses the
// dates and URLs, checks the records and maps states and label names.
import Foundation
import MapLang

enum IssueState: String, Decodable {
    case open, closed
}

/// Filled from the rules' `labelKind` table.
enum LabelKind: Int, Decodable {
    case other = 0, bug = 1, feature = 2
}

struct Label: Decodable {
    let name: String
    let kind: LabelKind
}

struct Issue: Decodable {
    let number: Int
    let title: String
    let htmlURL: URL
    let state: IssueState
    let reporterLogin: String
    let assigneeLogin: String?
    let labels: [Label]
    let comments: Int
    let createdAt: Date
    let closedAt: Date?
}

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data(message.utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else { fail("usage: embed RULES INPUT\n", status: 64) }

let rules: Rules
do {
    rules = try Rules(contentsOf: URL(fileURLWithPath: arguments[0]))
} catch {
    fail(error.description, status: error.diagnostics.map(\.code) == ["unreadable-rules"] ? 66 : 65)
}

let issues: [Issue]
do {
    issues = try rules.decode([Issue].self, from: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
} catch DecodingError.dataCorrupted(let context) {
    switch context.underlyingError as? MappingFailure {
    case .invalidJSON(let error):
        fail("\(arguments[1]):\(error.line):\(error.column): \(error.message)\n", status: 2)
    case let failure?:
        fail(failure.description, status: 1)
    case nil:
        fail("\(context.debugDescription)\n", status: 1)
    }
} catch {
    fail("\(error)\n", status: 1)
}

let open = issues.filter { $0.state == .open }
print("\(issues.count) issues: \(open.count) open, \(issues.count - open.count) closed")
for issue in issues {
    var line = "#\(issue.number) [\(issue.state.rawValue)] \(issue.title) (by \(issue.reporterLogin)"
    if let assignee = issue.assigneeLogin { line += ", assigned to \(assignee)" }
    line += ", \(issue.comments) comments)"
    let bugs = issue.labels.filter { $0.kind == .bug }.map(\.name)
    if !bugs.isEmpty { line += "; bug labels: " + bugs.joined(separator: ", ") }
    if let closedAt = issue.closedAt {
        let hours = closedAt.timeIntervalSince(issue.createdAt) / 3600
        line += ", closed after \(Int(hours.rounded())) h"
    }
    print(line)
    print("  \(issue.htmlURL.absoluteString)")
}
let closed = issues.compactMap { issue in issue.closedAt.map { $0.timeIntervalSince(issue.createdAt) } }
if !closed.isEmpty {
    let average = closed.reduce(0, +) / Double(closed.count) / 3600
    print("closed issues took \(Int(average.rounded())) h on average")
}
