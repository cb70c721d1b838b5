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
        type.written(
            models: { declarations.models[$0].decl.name.name }, enums: { declarations.enums[$0].decl.name.name },
            choices: { declarations.choices[$0].decl.name.name })
    }
}
