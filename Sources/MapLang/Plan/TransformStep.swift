/// One compiled transformer in a field's pipeline.
///
/// User-declared `transform`s are expanded into these by the checker,
/// built-ins carry their compiled functions and tables are resolved to their
/// index, so applying a pipeline is a loop over an array of steps.
enum TransformStep: Sendable {
    /// A built-in, compiled with its arguments.
    case builtin(BuiltinTransformer, BuiltinStage)
    /// A user-declared `table`, by index into `Plan.tables`.
    case table(Int)
    /// A transformer registered from Swift.
    case custom(CustomTransformer)

    /// The transformer's name as written in rules.
    var name: String {
        switch self {
        case .builtin(let builtin, _): builtin.name
        case .table: "table"
        case .custom(let transformer): transformer.name
        }
    }
}
