// Lists the open issues of a tracker's response with the `Issue` type the
// plugin generated from `issues.map`: no hand-written model, no `CodingKeys`.
//
//     swift run --package-path examples/plugin issues examples/plugin/input.json
import Foundation
import MapLang

guard CommandLine.arguments.count == 2, let url = Bundle.module.url(forResource: "issues", withExtension: "map") else {
    FileHandle.standardError.write(Data("usage: issues INPUT.json\n".utf8))
    exit(64)
}
do {
    let rules = try Rules(contentsOf: url)
    let issues = try rules.decode([Issue].self, from: Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1])))
    for issue in issues where issue.state == .open {
        print("#\(issue.number) \(issue.title) by \(issue.reporterLogin) [\(issue.labels.joined(separator: ", "))]")
    }
    print("\(issues.filter { $0.state == .open }.count) of \(issues.count) issues open")
} catch {
    FileHandle.standardError.write(Data("issues: \(error)\n".utf8))
    exit(1)
}
