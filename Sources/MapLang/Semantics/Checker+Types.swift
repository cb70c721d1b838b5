extension Checker {
    /// Resolves a written type, reporting unknown names and non-`String` dictionary keys.
    ///
    /// - Returns: The resolved type, or `nil` when it names something unknown.
    mutating func resolveType(_ type: TypeRef) -> ValueType? {
        switch type.kind {
        case .named(let name):
            if let builtin = ValueType.builtins[name.name] { return builtin }
            if let model = modelDecls[name.name] { return .model(model.index) }
            if let enumeration = enumDecls[name.name] { return .enumeration(enumeration.index) }
            if let choice = choiceDecls[name.name] { return .choice(choice.index) }
            let suggestion =
                suggestion(for: name.name) { checker in
                    ValueType.builtins.keys.sorted() + checker.modelDecls.keys.sorted() + checker.enumDecls.keys.sorted()
                        + checker.choiceDecls.keys.sorted()
                }
            report(.unknownType(name: name.name, suggestion: suggestion), at: name.span)
            return nil
        case .array(let element):
            return resolveType(element).map { .array($0) }
        case .dictionary(let key, let value):
            let keyType = resolveType(key)
            if let keyType, keyType != .string {
                report(.dictionaryKeyNotString(found: typeName(keyType)), at: key.span)
            }
            return resolveType(value).map { .dictionary($0) }
        case .optional(let wrapped):
            // The parser lets no type be optional twice.
            guard let resolved = resolveType(wrapped) else { return nil }
            return resolved.isOptional ? resolved : .optional(resolved)
        }
    }

    /// A type as it is written in rules: `[String: Int]?`.
    func typeName(_ type: ValueType) -> String {
        switch type {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .decimal: "Decimal"
        case .bool: "Bool"
        case .date: "Date"
        case .url: "URL"
        case .data: "Data"
        case .json: "JSON"
        case .model(let index): declarations.models[index].decl.name.name
        case .enumeration(let index): declarations.enums[index].decl.name.name
        case .choice(let index): declarations.choices[index].decl.name.name
        case .array(let element): "[\(typeName(element))]"
        case .dictionary(let value): "[String: \(typeName(value))]"
        case .optional(let wrapped): typeName(wrapped) + "?"
        }
    }
}
