// swift-tools-version:6.0
// A tool embedding the MapLang library, as any other package would: it
// depends on MapLang by path and uses only its public API.
import PackageDescription

let package = Package(
    name: "embed",
    // MapLang's own minimum on macOS, where the tool is built and run.
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "MapLang", path: "../..")],
    targets: [
        .executableTarget(name: "embed", dependencies: [.product(name: "MapLang", package: "MapLang")])
    ],
    swiftLanguageModes: [.v6]
)
