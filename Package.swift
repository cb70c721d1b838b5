// swift-tools-version:6.0
import PackageDescription

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// `Sources/MapLang` (the library) and `Sources/maplang` (the tool's `main`)
// are one folder on a case-insensitive disk, the default on macOS. There
// the library leaves out `main.swift` and the tool everything else, so each
// target has exactly its own files in both arrangements. This depends on the
// disk, since SwiftPM warns about an excluded file that is not there (as in
// the two-folder arrangement) and about one in a target's folder that no
// target takes (as in the one-folder arrangement). No two targets have names
// that differ only in case either: target names are paths in `.build` too.
let sources = Context.packageDirectory + "/Sources/"
let foldersAreOne = FileManager.default.fileExists(atPath: sources + "MapLang/main.swift")
let libraryEntries = foldersAreOne
    ? ((try? FileManager.default.contentsOfDirectory(atPath: sources + "MapLang")) ?? []).filter { $0 != "main.swift" } : []

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
        // Runs `maplang gen swift` on a target's `.map` files as it builds.
        .plugin(name: "MapLangGenerator", targets: ["MapLangGenerator"]),
    ],
    targets: [
        // The language: lexer, parser, checker, plan, interpreter, JSON.
        .target(
            name: "MapLang", dependencies: ["CThreads"], path: "Sources/MapLang",
            exclude: foldersAreOne ? ["main.swift"] : []),
        // Threads, the cores they start on, and a lock, through one C
        // interface on every platform.
        .target(name: "CThreads"),
        // Temporary files removed when a signal ends the process.
        .target(name: "CCleanup"),
        // The system's zlib, through which `maplang run` reads gzip-compressed inputs.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // The command-line tool as a testable value: arguments, commands,
        // exit codes, and the error catalogue `maplang explain` prints.
        .target(
            name: "MapLangCLI", dependencies: ["MapLang", "CCleanup", "CZlib"],
            resources: [.embedInCode("Explain/ErrorCatalogue.md")]),
        // `main` only: hands the process's arguments and streams to
        // MapLangCLI. The product, and so the executable, is `maplang`.
        .executableTarget(
            name: "MapLangMain", dependencies: ["MapLangCLI"], path: "Sources/maplang", exclude: libraryEntries,
            sources: ["main.swift"]),
        // The fuzz targets' bodies and the direct-path comparison, which the
        // tests replay; not part of the library apps link.
        .target(name: "MapLangFuzzing", dependencies: ["MapLang"]),
        // The build-tool plugin: the Swift types of a target's rules files, at build time.
        .plugin(name: "MapLangGenerator", capability: .buildTool(), dependencies: ["MapLangMain"]),
        // The benchmark against JSONDecoder: data, both jobs, the same-data check, the report.
        .target(name: "MapLangBench", dependencies: ["MapLang"]),
        .executableTarget(name: "maplang-bench", dependencies: ["MapLangBench"]),
        // FuzzRegressions holds inputs the tests read from disk, not sources.
        .testTarget(
            name: "MapLangTests", dependencies: ["MapLang", "MapLangCLI", "MapLangBench", "MapLangFuzzing", "CThreads", "CZlib"],
            exclude: ["Fuzz/FuzzRegressions", "Generation/Inference/Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
