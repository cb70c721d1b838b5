import MapLang

/// The `maplang` command as a value: arguments in, exit status out.
public struct CommandLineTool {
    /// Creates the tool.
    public init() {}

    /// Runs the tool with the given arguments, not counting the program name.
    public func run(_ arguments: [String]) -> Int32 { 0 }
}
