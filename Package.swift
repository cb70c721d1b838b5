// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MapLang",
    products: [
        .library(name: "MapLang", targets: ["MapLang"]),
        .executable(name: "maplang", targets: ["maplang"]),
        .executable(name: "maplang-bench", targets: ["maplang-bench"]),
    ],
    targets: [
        // The language: lexer, parser, checker, plan, interpreter, JSON.
        .target(name: "MapLang", dependencies: ["CThreadPlacement"]),
        // Linux's calls that place a thread on a core, which Swift's view of the C library leaves out.
        .target(name: "CThreadPlacement"),
        // The command-line tool as a testable value: arguments, commands, exit codes.
        .target(name: "MapLangCLI", dependencies: ["MapLang"]),
        // `main` only: hands the process's arguments and streams to MapLangCLI.
        // A release build is one static executable, the Swift runtime and the
        // C library included: no dynamic loader runs, and it starts in about
        // a third of the time a dynamically linked build takes.
        .executableTarget(
            name: "maplang", dependencies: ["MapLangCLI"],
            linkerSettings: [
                .unsafeFlags(["-static-executable", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization"], .when(configuration: .release))
            ]),
        // The benchmark against JSONDecoder: data, both jobs, the same-data check, the report.
        .target(name: "MapLangBench", dependencies: ["MapLang"]),
        .executableTarget(name: "maplang-bench", dependencies: ["MapLangBench"]),
        // FuzzRegressions holds inputs the tests read from disk, not sources.
        .testTarget(name: "MapLangTests", dependencies: ["MapLang", "MapLangCLI", "MapLangBench"], exclude: ["FuzzRegressions"]),
    ],
    swiftLanguageModes: [.v6]
)
