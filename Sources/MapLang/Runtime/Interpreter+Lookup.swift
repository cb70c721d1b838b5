/// What reading a key path found.
enum LookupResult {
    /// A value, and the path steps that led to it.
    case found(JSONValue, [JSONPath.Component])
    /// The path ends in an explicit `null`.
    case null
    /// Some key or index on the path is absent.
    case missing
    /// A step met a value of the wrong shape; the error is recorded.
    case failed
}

extension LookupResult {
    /// What `--explain` says the lookup found.
    var outcome: KeyAttempt.Outcome {
        switch self {
        case .found: .found
        case .null: .null
        case .missing: .missing
        case .failed: .wrongShape
        }
    }
}

extension Interpreter {
    /// Follows a key path from a record's object.
    ///
    /// A missing key or an index past the end makes the path missing; a
    /// `null` on the way makes it null; a step that meets a string where an
    /// object or array should be is an error, since data of a shape the rules
    /// do not expect should not pass unnoticed.
    func lookUp(
        _ path: KeyPathPlan, in object: JSONObject, _ context: inout MappingContext, field: FieldPlan
    ) -> LookupResult {
        var current = JSONValue.object(object)
        var steps: [JSONPath.Component] = []
        steps.reserveCapacity(path.steps.count)
        for step in path.steps {
            switch (step, current) {
            case (.key(let key), .object(let members)):
                guard let next = members[key] else { return .missing }
                current = next
                steps.append(.key(key))
            case (.index(let index), .array(let items)):
                let position = index < 0 ? items.count + index : index
                guard items.indices.contains(position) else { return .missing }
                current = items[position]
                steps.append(.index(position))
            case (_, .null):
                return .null
            case (.key, _), (.index, _):
                let depth = context.path.components.count
                for component in steps { context.path.append(component) }
                let expected = step.isKey ? "an object" : "an array"
                context.fail(
                    .typeMismatch(expected: "\(expected) on the way to `\(path.text)`", found: current.preview),
                    model: context.model, field: field.name, site: field.site)
                context.path.truncate(to: depth)
                return .failed
            }
        }
        if current == .null { return .null }
        return .found(current, steps)
    }
}

extension KeyStep {
    /// Whether the step reads an object key.
    var isKey: Bool {
        if case .key = self { return true }
        return false
    }
}
