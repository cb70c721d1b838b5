// `swift run -c release maplang-bench [--quick] [--sizes 1,20,100] [--runs 5] [--json FILE] [--maplang FILE]`
// `swift run -c release maplang-bench --hostile | --growth | --constructs | --examples | --simdjson | --library | --lsp`
//
// Measures MapLang against JSONDecoder + JSONEncoder doing the same mapping
// on the same generated GitHub-like issues, in one process, and prints a
// table of throughput, ratios and peak memory. With `--hostile`, it runs only
// the hostile growth set: generated rules files and streams at a size and
// four times it, failing when time or peak memory grows faster than the size;
// with `--growth`, only the growth rows: mapping, encoding and decoding;
// with `--constructs`, only the rows of the language's constructs, each
// against the benchmark's rules without it; with `--examples`, only the rows
// of `examples/github/github.map` against the benchmark's rules and of each
// example's rules on its records repeated to 20 MB; with `--simdjson`, only
// `maplang run` against the C++ simdjson reference at each of `--sizes`;
// with `--library`, only the library's map, decode and encode against
// Foundation at each of `--sizes`, and the peak memory of decoding, which
// it measures by running itself with `--decode-peak FILE rules|foundation`;
// with `--lsp`, only how long `maplang lsp` takes to re-check a 2,000-line
// rules file after a change. The process rows run the `maplang` beside the
// benchmark, or the one `--maplang` names, such as the build that
// `scripts/build-release.sh` makes and `scripts/install.sh` installs.
import Foundation
import MapLangBench

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
var arguments = Array(CommandLine.arguments.dropFirst())
let executableDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
let maplang = executableDirectory.appendingPathComponent("maplang").path
var options = BenchOptions(
    packageRoot: packageRoot, executable: FileManager.default.isExecutableFile(atPath: maplang) ? maplang : nil)
options.benchExecutable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
var jsonPath: String?
var hostileOnly = false
var growthOnly = false
var constructsOnly = false
var examplesOnly = false
var simdjsonOnly = false
var libraryOnly = false
var languageServerOnly = false

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("maplang-bench: \(message)\n".utf8))
    exit(64)
}

while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--hostile":
        hostileOnly = true
    case "--growth":
        growthOnly = true
    case "--constructs":
        constructsOnly = true
    case "--examples":
        examplesOnly = true
    case "--simdjson":
        simdjsonOnly = true
    case "--library":
        libraryOnly = true
    case "--lsp":
        languageServerOnly = true
    case "--quick":
        options.sizes = [1]
        options.runs = 3
    case "--sizes":
        guard let list = arguments.first, case let sizes = list.split(separator: ",").compactMap({ Int($0) }), !sizes.isEmpty
        else { fail("--sizes needs a list of megabytes such as 1,20,100") }
        arguments.removeFirst()
        options.sizes = sizes
    case "--runs":
        guard let runs = arguments.first.flatMap({ Int($0) }), runs > 0 else { fail("--runs needs a positive number") }
        arguments.removeFirst()
        options.runs = runs
    case "--decode-peak":
        // A process of its own for one decode, whose peak memory the parent samples.
        guard arguments.count == 2, let decoder = DecodePeak(rawValue: arguments[1]) else {
            fail("--decode-peak needs a file and `rules` or `foundation`")
        }
        do {
            try decoder.decode(file: arguments[0], packageRoot: packageRoot)
            exit(0)
        } catch {
            fail("\(error)")
        }
    case "--maplang":
        guard let path = arguments.first, FileManager.default.isExecutableFile(atPath: path) else {
            fail("--maplang needs the path of a `maplang` executable")
        }
        arguments.removeFirst()
        options.executable = path
    case "--json":
        guard let path = arguments.first else { fail("--json needs a file") }
        arguments.removeFirst()
        jsonPath = path
    default:
        fail("unknown argument `\(argument)`; usage: maplang-bench [--quick | --hostile | --growth | --constructs | --examples | --simdjson | --library | --lsp] [--sizes 1,20,100] [--runs N] [--json FILE] [--maplang FILE]")
    }
}

do {
    let benchmark = Benchmark(options: options) { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
    benchmark.noteExecutable()
    let rows: [BenchRow]
    if hostileOnly {
        guard let executable = options.executable else { fail("--hostile needs the `maplang` executable beside maplang-bench") }
        rows = try benchmark.hostileRows(executable)
    } else if languageServerOnly {
        guard let executable = options.executable else { fail("--lsp needs the `maplang` executable beside maplang-bench") }
        rows = [try benchmark.languageServerRow(executable)]
    } else if libraryOnly {
        rows = try options.sizes.flatMap { try benchmark.libraryRows(size: $0 * 1_000_000) }
    } else if simdjsonOnly {
        guard let executable = options.executable else { fail("--simdjson needs the `maplang` executable beside maplang-bench") }
        rows = try options.sizes.flatMap { try benchmark.simdjsonRows(executable, size: $0 * 1_000_000) }
    } else if examplesOnly {
        rows = try [benchmark.githubRow()] + benchmark.exampleRows()
    } else if constructsOnly {
        rows = try benchmark.constructRows()
    } else if growthOnly {
        rows = try benchmark.growthRows() + benchmark.codableGrowthRows()
    } else {
        rows = try benchmark.run()
    }
    print(Report.table(rows), terminator: "")
    if let jsonPath { try Report.json(rows).write(to: URL(fileURLWithPath: jsonPath)) }
} catch {
    FileHandle.standardError.write(Data("maplang-bench: \(error)\n".utf8))
    exit(1)
}
