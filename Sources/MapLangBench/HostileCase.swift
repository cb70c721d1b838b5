/// A rules file or an input shaped to make a careless tool take
/// exponential or quadratic time, or memory in proportion to a stream,
/// generated at any number of units.
///
/// The benchmark runs `maplang` on each at a size and at four times that
/// size, as its own process, and checks that neither its time nor its peak
/// memory grows faster than the size (`Benchmark.hostileRows`). The tests run
/// each at a small size and check its exact outcome.
package struct HostileCase: Sendable {
    /// What grows, as the table names it, such as `transforms that double`.
    package let name: String
    /// What a unit is, in the plural, such as `transforms` or `MB`.
    package let unit: String
    /// The units at the smaller size.
    package let units: Int
    /// The units the tests run it at, with the same outcome.
    package let smallUnits: Int
    /// The `maplang` arguments after the command, with `RULES` and `INPUT`
    /// standing for the generated files.
    package let arguments: [String]
    /// The rules for a number of units.
    package let rules: @Sendable (Int) -> String
    /// The input for a number of units, if the command reads one.
    package let input: (@Sendable (Int) -> [UInt8])?
    /// Whether the input comes through a pipe, as a stream, rather than as a file.
    package let streamed: Bool
    /// The exit status every size gives.
    package let status: Int32
    /// The code of the error it reports (`transform-too-deep`); `nil` when it reports none.
    package let reports: String?
    /// How many times the input is named on the command line for a number
    /// of units: several documents in one run; once by default.
    package var inputsNamed: @Sendable (Int) -> Int = { _ in 1 }

    /// The command line after `maplang`, errors reported as JSON, with the
    /// rules and input at these paths (`-` for an input from a pipe), the
    /// input named `times` times.
    package func commandLine(rules: String, input: String, times: Int = 1) -> [String] {
        let named = arguments.flatMap { $0 == "RULES" ? [rules] : $0 == "INPUT" ? Array(repeating: input, count: times) : [$0] }
        return [named[0], "--error-format", "json"] + named.dropFirst()
    }

    /// The bytes of the rules and of every input named, at a number of units.
    package func size(_ units: Int) -> Int {
        rules(units).utf8.count + (input?(units).count ?? 0) * inputsNamed(units)
    }

    /// Whether what `maplang` wrote to standard error is what the case
    /// expects: its code, or, when it reports none, nothing but a run's
    /// closing summary with no errors and no warnings.
    package func expects(standardError: String) -> Bool {
        guard let reports else {
            return standardError.split(separator: "\n").allSatisfy {
                $0.hasPrefix("{\"type\":\"summary\",") && $0.hasSuffix(",\"failed\":0,\"errors\":0,\"warnings\":0}")
            }
        }
        return standardError.contains("\"code\":\"\(reports)\"")
    }

    /// Every case, at sizes that take tens of milliseconds in a release build.
    package static let all: [HostileCase] = [
        doublingTransforms, transformChain, transformRing, modelChain, modelRing, errorsOnOneLine, misspeltTypes,
        patternAlternatives, arrayFromPipe, linesFromPipe, unknownKeys, longUnknownKey, reverseNestedChecks,
        replacedMatches, longReplacedText, documentsInOneRun, wholeObjectChain, flattenChain, modelsExtendingOne,
        droppedElements, inferredRecords,
    ]

    /// `transform t0 = t1 | t1`, … `t{n-1} = tn | tn`, `tn = trim`: t0 would be 2ⁿ stages.
    package static func doubling(_ levels: Int) -> String {
        (0..<levels).map { "transform t\($0) = t\($0 + 1) | t\($0 + 1)\n" }.joined()
            + "transform t\(levels) = trim\nmodel R { s: String using t0 }\n"
    }

    /// `transform t0 = t1 | trim`, … as a chain of `levels` transforms
    /// under `t0`, or, when `cyclic`, a ring of that many.
    package static func transforms(_ levels: Int, cyclic: Bool = false) -> String {
        (0..<levels).map { "transform t\($0) = t\(cyclic ? ($0 + 1) % levels : $0 + 1) | trim\n" }.joined()
            + (cyclic ? "" : "transform t\(levels) = trim\n") + "model R { s: String using t0 }\n"
    }

    /// `model M0 extends M1 { a0: Int? }`, …, as a chain of `levels` models
    /// above the top, or, when `cyclic`, a ring of that many.
    package static func models(_ levels: Int, cyclic: Bool = false) -> String {
        (0..<levels).map { "model M\($0) extends M\(cyclic ? ($0 + 1) % levels : $0 + 1) { a\($0): Int? }\n" }.joined()
            + (cyclic ? "" : "model M\(levels) { z: Int? }\n") + "root M0\n"
    }

    /// `model M0 { a0: Int?  g: M1 from $ }`, … as a chain of `levels`
    /// models, each read from the object of the one above it, or each
    /// flattened into it.
    package static func groupedModels(_ levels: Int, flattened: Bool = false) -> String {
        (0..<levels).map { "model M\($0) {\n  a\($0): Int?\n  g: M\($0 + 1)\(flattened ? "? flatten" : " from $")\n}\n" }.joined()
            + "model M\(levels) { z: Int? }\nroot M0\n"
    }

    /// A model of `count` fields, and `count` models that extend it with one field each.
    package static func modelsExtendingOne(_ count: Int) -> String {
        "model Big {\n" + (0..<count).map { "  f\($0): Int?\n" }.joined() + "}\n"
            + (0..<count).map { "model E\($0) extends Big { e\($0): Int? }\n" }.joined()
    }

    package static let doublingTransforms = HostileCase(
        name: "transforms that double", unit: "transforms", units: 2_500, smallUnits: 100, arguments: ["check", "RULES"],
        rules: { doubling($0) }, input: nil, streamed: false, status: 65, reports: "transform-too-long")

    package static let transformChain = HostileCase(
        name: "a chain of transforms", unit: "transforms", units: 5_000, smallUnits: 100, arguments: ["check", "RULES"],
        rules: { transforms($0) }, input: nil, streamed: false, status: 65, reports: "transform-too-deep")

    package static let transformRing = HostileCase(
        name: "a ring of transforms", unit: "transforms", units: 5_000, smallUnits: 100, arguments: ["check", "RULES"],
        rules: { transforms($0, cyclic: true) }, input: nil, streamed: false, status: 65, reports: "recursive-transform")

    package static let modelChain = HostileCase(
        name: "a chain of models", unit: "models", units: 2_500, smallUnits: 100, arguments: ["check", "RULES"],
        rules: { models($0) }, input: nil, streamed: false, status: 65, reports: "inheritance-too-deep")

    package static let modelRing = HostileCase(
        name: "a ring of models", unit: "models", units: 2_500, smallUnits: 100, arguments: ["check", "RULES"],
        rules: { models($0, cyclic: true) }, input: nil, streamed: false, status: 65, reports: "inheritance-cycle")

    package static let wholeObjectChain = HostileCase(
        name: "a chain of models read from $", unit: "models", units: 2_500, smallUnits: 100, arguments: ["check", "RULES"],
        rules: { groupedModels($0) }, input: nil, streamed: false, status: 65, reports: "whole-object-too-deep")

    package static let flattenChain = HostileCase(
        name: "a chain of flattened models", unit: "models", units: 2_500, smallUnits: 100, arguments: ["check", "RULES"],
        rules: { groupedModels($0, flattened: true) }, input: nil, streamed: false, status: 65, reports: "flatten-too-deep")

    package static let modelsExtendingOne = HostileCase(
        name: "models extending one model of as many fields", unit: "models", units: 1_000, smallUnits: 500,
        arguments: ["check", "RULES"],
        rules: { modelsExtendingOne($0) }, input: nil, streamed: false, status: 65, reports: "inheritance-too-large")

    /// One record whose `lossy` array drops every element: the record keeps
    /// 10,000 warnings and counts the rest, rather than keeping each.
    package static let droppedElements = HostileCase(
        name: "elements one lossy field drops", unit: "elements", units: 250_000, smallUnits: 12_000,
        arguments: ["run", "--max-errors", "0", "RULES", "INPUT"],
        rules: { _ in "model R {\n  xs: [Int] lossy\n}\n" },
        input: { count in Array((#"{"xs": ["# + Array(repeating: #""a""#, count: count).joined(separator: ",") + "]}").utf8) },
        streamed: false, status: 0, reports: "problems-not-kept")

    /// A sample of records of one shape for `infer`: each is summarized and
    /// let go, so memory follows the shape and the sample's bytes, not a
    /// tree of every record.
    package static let inferredRecords = HostileCase(
        name: "megabytes of records of one shape to infer", unit: "MB", units: 4, smallUnits: 1, arguments: ["infer", "INPUT"],
        rules: { _ in "" },
        input: { megabytes in
            let record = #"{"id": 1, "title": "a title", "state": "open", "user": {"login": "a", "id": 2}, "tags": ["x", "y"]}"#
            let count = megabytes * 1_000_000 / (record.utf8.count + 1)
            return Array(("[" + Array(repeating: record, count: count).joined(separator: ",") + "]").utf8)
        }, streamed: false, status: 0, reports: nil)

    /// One model on one line, every field of an unknown type.
    package static let errorsOnOneLine = HostileCase(
        name: "errors on one line", unit: "errors", units: 2_500, smallUnits: 150, arguments: ["check", "RULES"],
        rules: { count in "model R { " + (0..<count).map { "f\($0): U\($0) " }.joined() + "}\n" },
        input: nil, streamed: false, status: 65, reports: "unknown-type")

    /// Models whose every field names a type misspelt from another model's name.
    package static let misspeltTypes = HostileCase(
        name: "misspelt names among models", unit: "models", units: 2_500, smallUnits: 150, arguments: ["check", "RULES"],
        rules: { count in (0..<count).map { "model Model\($0) { a: Modle\($0) }\n" }.joined() },
        input: nil, streamed: false, status: 65, reports: "unknown-type")

    /// A pattern of 400 alternatives that all match, so 400 threads stay
    /// alive at every character, over a string long enough that the match
    /// stops at its step limit, which grows with the string.
    package static let patternAlternatives = HostileCase(
        name: "a string under a pattern of 400 alternatives", unit: "characters", units: 10_000, smallUnits: 8000,
        arguments: ["run", "RULES", "INPUT"],
        rules: { _ in "model R {\n  s: String where pattern(\"^(" + Array(repeating: "a", count: 400).joined(separator: "|") + ")*$\")\n}\n" },
        input: { count in Array(("{\"s\": \"" + String(repeating: "a", count: count) + "\"}").utf8) },
        streamed: false, status: 1, reports: "pattern-too-costly")

    /// A top-level array of records read from a pipe.
    package static let arrayFromPipe = HostileCase(
        name: "megabytes of an array from a pipe", unit: "MB", units: 16, smallUnits: 1, arguments: ["run", "RULES", "-"],
        rules: { _ in "model R {\n  id: Int where range(1...)\n  s: String?\n}\n" },
        input: { megabytes in
            let record = #"{"id": 1, "s": "a record of about sixty-four bytes, padded out"}"#
            let count = megabytes * 1_000_000 / (record.utf8.count + 1)
            return Array(("[" + Array(repeating: record, count: count).joined(separator: ",") + "]").utf8)
        }, streamed: true, status: 0, reports: nil)

    /// NDJSON read from a pipe.
    package static let linesFromPipe = HostileCase(
        name: "megabytes of NDJSON from a pipe", unit: "MB", units: 16, smallUnits: 1, arguments: ["run", "--ndjson", "RULES", "-"],
        rules: arrayFromPipe.rules,
        input: { megabytes in
            let record = #"{"id": 1, "s": "a record of about sixty-four bytes, padded out"}"# + "\n"
            return Array(String(repeating: record, count: megabytes * 1_000_000 / record.utf8.count).utf8)
        }, streamed: true, status: 0, reports: nil)

    /// One object with many keys its model does not mention, under `unknown reject`.
    package static let unknownKeys = HostileCase(
        name: "unknown keys in one object", unit: "keys", units: 100_000, smallUnits: 1000, arguments: ["run", "RULES", "INPUT"],
        rules: { _ in "unknown reject\nmodel R {\n  id: Int\n}\n" },
        input: { count in Array(("{\"id\": 1, " + (0..<count).map { "\"k\($0)\": 0" }.joined(separator: ", ") + "}").utf8) },
        streamed: false, status: 1, reports: "unknown-keys")

    /// One key of many bytes its model does not mention, under `unknown reject`.
    package static let longUnknownKey = HostileCase(
        name: "bytes of one unknown key", unit: "bytes", units: 4_000_000, smallUnits: 10000, arguments: ["run", "RULES", "INPUT"],
        rules: unknownKeys.rules,
        input: { count in Array(("{\"id\": 1, \"" + String(repeating: "k", count: count) + "\": 0}").utf8) },
        streamed: false, status: 1, reports: "unknown-keys")

    /// Records of a model nested in itself, with a check at every level,
    /// mapped in reverse: each level's check must not map the levels below
    /// it again.
    package static let reverseNestedChecks = HostileCase(
        name: "levels of models with checks, in reverse", unit: "levels", units: 100, smallUnits: 10,
        arguments: ["run", "--reverse", "RULES", "INPUT"],
        rules: { _ in "model Node {\n  v: Int\n  next: Node?\n  check v >= 0 else \"negative\"\n}\n" },
        input: { levels in
            var chain = ""
            for level in 0..<levels { chain += "{\"v\":\(level),\"next\":" }
            chain += "null" + String(repeating: "}", count: levels)
            return Array(("[" + Array(repeating: chain, count: 200).joined(separator: ",") + "]").utf8)
        }, streamed: false, status: 0, reports: nil)

    /// One string in which `replace` finds a match at every other character:
    /// each match must not copy what was written before it.
    package static let replacedMatches = HostileCase(
        name: "matches of replace in one string", unit: "bytes", units: 1_600_000, smallUnits: 200_000,
        arguments: ["run", "RULES", "INPUT"],
        rules: { _ in "model A {\n  a: String from s using replace(\"aa\", \"b\")\n}\n" },
        input: { count in Array(("{\"s\": \"" + String(repeating: "a", count: count) + "\"}").utf8) },
        streamed: false, status: 0, reports: nil)

    /// A string of near misses of a long text `replace` looks for: a search
    /// that compares the text at every position takes the string's length
    /// times the text's.
    package static let longReplacedText = HostileCase(
        name: "near misses of a 1,001-character replace text", unit: "bytes", units: 250_000, smallUnits: 5000,
        arguments: ["run", "RULES", "INPUT"],
        rules: { _ in "model A {\n  a: String from s using replace(\"" + String(repeating: "a", count: 1000) + "b\", \"c\")\n}\n" },
        input: { count in Array(("{\"s\": \"" + String(repeating: "a", count: count) + "\"}").utf8) },
        streamed: false, status: 0, reports: nil)

    /// Documents that are each one object, of 256 KB, named together in one
    /// run: each document's record must be written as it ends, not kept (and
    /// copied) until the run ends.
    package static let documentsInOneRun = HostileCase(
        name: "single-object documents in one run", unit: "documents", units: 100, smallUnits: 3,
        arguments: ["run", "RULES", "INPUT"],
        rules: { _ in "model A {\n  id: Int\n  body: String\n}\n" },
        input: { _ in Array(("{\"id\": 1, \"body\": \"" + String(repeating: "x", count: 256_000) + "\"}").utf8) },
        streamed: false, status: 0, reports: nil, inputsNamed: { $0 })
}
