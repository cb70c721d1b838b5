import Foundation
import PackagePlugin

/// Runs `maplang gen swift` at build time on every `.map` file of a target
/// that uses the plugin, writing `NAME.maplang.swift` into the plugin's work
/// folder, which the target then compiles: the rules file is the one place
/// its models are declared.
///
/// The output's name is the rules file's name with a hash of its whole
/// path, `issues.3f2a9c01.maplang.swift`, so `a/issues.map` and
/// `b/issues.map` do not write one file (nor `Issues.map` and `issues.map`
/// on a case-insensitive disk), and neither clashes with a hand-written
/// `issues.swift`.
@main
struct MapLangGenerator: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "MapLangMain")
        return target.sourceFiles.map(\.url).filter { $0.pathExtension == "map" }.map { rules in
            let name = rules.deletingPathExtension().lastPathComponent + "." + Self.hash(of: rules.standardizedFileURL.path)
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(name + ".maplang.swift")
            return .buildCommand(
                displayName: "Generating Swift types from \(rules.lastPathComponent)",
                executable: tool.url,
                arguments: ["gen", "swift", rules.path, "-o", output.path],
                inputFiles: [rules],
                outputFiles: [output])
        }
    }

    /// A path's 32-bit FNV-1a hash in hexadecimal: the same on every build.
    static func hash(of path: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in path.utf8 {
            hash = (hash ^ UInt32(byte)) &* 0x0100_0193
        }
        return String(hash, radix: 16)
    }
}
