// swift-tools-version:6.0
// An app target whose models live only in its rules file: the
// `MapLangGenerator` plugin turns `issues.map` into Swift types as it builds.
import PackageDescription

let package = Package(
    name: "plugin",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "MapLang", path: "../..")],
    targets: [
        .executableTarget(
            name: "issues",
            dependencies: [.product(name: "MapLang", package: "MapLang")],
            resources: [.copy("issues.map")],
            plugins: [.plugin(name: "MapLangGenerator", package: "MapLang")])
    ],
    swiftLanguageModes: [.v6]
)
