import Foundation
import PackagePlugin

/// Runs `maplang gen swift` at build time on every `.map` file of a target
/// that uses the plugin, writing `NAME.swift` into the plugin's work
/// folder, which the target then compiles: the rules file is the one place
/// its models are declared.
@main
struct MapLangGenerator: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "MapLangMain")
        return target.sourceFiles.map(\.url).filter { $0.pathExtension == "map" }.map { rules in
            let name = rules.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(name + ".swift")
            return .buildCommand(
                displayName: "Generating Swift types from \(rules.lastPathComponent)",
                executable: tool.url,
                arguments: ["gen", "swift", rules.path, "-o", output.path],
                inputFiles: [rules],
                outputFiles: [output])
        }
    }
}
