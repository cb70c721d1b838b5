// swift-tools-version:6.0
import PackageDescription

// `Sources/MapLang` (the library) and `Sources/maplang` (the tool's `main`)
// are one folder on a case-insensitive disk, the default on macOS. So the
// library lists its own files and folders, which leaves out `main.swift`
// wherever it is, and the tool takes `main.swift` alone; both hold whether
// the two folders are two or one, with no warning in either (excluding
// `main.swift` instead warns where the folders are two, as it is not there).
// `scripts/check-layout.sh` fails when a file of the library's folder is in
// neither list. No two targets have names that differ only in case either:
// target names are paths in `.build` too.
let libraryFiles = [
    "MapLang.swift", "Rules+Decoding.swift", "Rules+Encoding.swift", "Rules+Mapping.swift", "Rules+Serializing.swift",
    "Decoding", "Diagnostics", "Encoding", "Fuzzing", "Printing", "Runtime", "Semantics", "Source",
    "Streaming", "Syntax",
]

let package = Package(
    name: "MapLang",
    // The library needs the systems whose Swift has concurrency, for its
    // async streaming API (`mapLines` over an `AsyncSequence`): nothing else
    // it uses is newer (`scripts/apple-availability/check.sh` checks it for
    // each platform). On macOS, where the tool, the benchmark and the tests
    // build too, they need Swift's string processing and clocks, of macOS 13.
    platforms: [.macOS(.v13), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "MapLang", targets: ["MapLang"]),
        .executable(name: "maplang", targets: ["MapLangMain"]),
        .executable(name: "maplang-bench", targets: ["maplang-bench"]),
    ],
    targets: [
        // The language: lexer, parser, checker, plan, interpreter, JSON.
        .target(name: "MapLang", dependencies: ["CThreads"], path: "Sources/MapLang", sources: libraryFiles),
        // Threads, the cores they start on, and a lock, through one C
        // interface on every platform.
        .target(name: "CThreads"),
        // The command-line tool as a testable value: arguments, commands, exit codes.
        .target(name: "MapLangCLI", dependencies: ["MapLang"]),
        // `main` only: hands the process's arguments and streams to
        // MapLangCLI. The product, and so the executable, is `maplang`.
        .executableTarget(
            name: "MapLangMain", dependencies: ["MapLangCLI"], path: "Sources/maplang", sources: ["main.swift"]),
        // The benchmark against JSONDecoder: data, both jobs, the same-data check, the report.
        .target(name: "MapLangBench", dependencies: ["MapLang"]),
        .executableTarget(name: "maplang-bench", dependencies: ["MapLangBench"]),
        // FuzzRegressions holds inputs the tests read from disk, not sources.
        .testTarget(
            name: "MapLangTests", dependencies: ["MapLang", "MapLangCLI", "MapLangBench", "CThreads"],
            exclude: ["FuzzRegressions"]),
    ],
    swiftLanguageModes: [.v6]
)
