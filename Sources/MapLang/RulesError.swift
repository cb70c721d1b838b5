/// A rules file that could not be compiled, with every problem found in it.
public struct RulesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, in source order.
    public let diagnostics: [Diagnostic]

    /// Every diagnostic rendered exactly as `maplang check` prints them,
    /// without colour, ending with the count of errors.
    public var description: String { DiagnosticRenderer().render(diagnostics) }
}

/// A model that cannot be chosen.
public enum ModelChoiceError: Error, Sendable, Equatable {
    /// No model has this name; `suggestion` is a close one, `available` all of them.
    case unknownModel(name: String, suggestion: String?, available: [String])
    /// No model was named and the rules declare models but no root.
    case noRootModel(available: [String])
    /// The rules declare no model at all, so there is nothing to choose.
    case noModels

    /// What is wrong, lowercase, with no trailing period.
    public var message: String {
        switch self {
        case .unknownModel(let name, _, _):
            "the rules declare no model `\(name)`"
        case .noRootModel:
            "the rules declare no root model"
        case .noModels:
            "the rules declare no model"
        }
    }

    /// How to fix it.
    public var help: String {
        switch self {
        case .unknownModel(_, let suggestion?, _):
            "did you mean `\(suggestion)`?"
        case .unknownModel(_, nil, let available):
            "the models are " + available.sorted().map { "`\($0)`" }.joined(separator: ", ")
        case .noRootModel:
            "declare `root NAME` in the rules, or name the model to map to"
        case .noModels:
            "declare a model with `model NAME { … }`"
        }
    }
}
