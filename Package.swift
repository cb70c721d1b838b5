// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MapLang",
    products: [
        .library(name: "MapLang", targets: ["MapLang"]),
        .executable(name: "maplang", targets: ["maplang"]),
    ],
    targets: [
        // The language: lexer, parser, checker, plan, interpreter, JSON.
        .target(name: "MapLang"),
        // The command-line tool as a testable value: arguments, commands, exit codes.
        .target(name: "MapLangCLI", dependencies: ["MapLang"]),
        // `main` only: hands the process's arguments and streams to MapLangCLI.
        .executableTarget(name: "maplang", dependencies: ["MapLangCLI"]),
        // FuzzRegressions holds inputs the tests read from disk, not sources.
        .testTarget(name: "MapLangTests", dependencies: ["MapLang", "MapLangCLI"], exclude: ["FuzzRegressions"]),
    ],
    swiftLanguageModes: [.v6]
)
