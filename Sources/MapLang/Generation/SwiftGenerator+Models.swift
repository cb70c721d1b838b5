// MARK: - Models as structs

extension SwiftGenerator {
    /// A model's `struct`.
    func model(_ index: Int) -> [String] {
        let model = plan.models[index]
        let file = model.site.file.split(separator: "/").last.map(String.init) ?? model.site.file
        var lines = doc(docs.above(site: model.site), note: "The model `\(model.name)` of `\(file)`.", indent: "")
        lines.append("\(accessPrefix)struct \(names.type(model.name)): \(conformances) {")
        var body: [[String]] = []
        for field in model.fields {
            let name = names.member(property(field, in: model))
            let type = swiftType(field.type)
            let comment = doc(docs.above(site: field.site), note: source(of: field), indent: "    ")
            guard isBoxed(field, in: index) else {
                body.append(comment + ["    \(accessPrefix)var \(name): \(type)"])
                continue
            }
            // A struct cannot hold a value of its own type: the value is kept in an array.
            let read = field.type.isOptional ? "\(storage(field, in: model)).first" : "\(storage(field, in: model))[0]"
            let write = field.type.isOptional ? "newValue.map { [$0] } ?? []" : "[newValue]"
            body.append(
                comment + [
                    "    \(accessPrefix)var \(name): \(type) {",
                    "        get { \(read) }",
                    "        set { \(storage(field, in: model)) = \(write) }",
                    "    }",
                ])
            body.append([
                "    /// `\(field.name)`'s value, held in an array: `\(swiftType(field.type.unwrapped))` contains this type.",
                "    private var \(storage(field, in: model)): [\(swiftType(field.type.unwrapped))]",
            ])
        }
        if options.access == .public || model.fields.contains(where: { isBoxed($0, in: index) }) { body.append(initializer(model, index)) }
        if model.fields.contains(where: { $0.flattens || isBoxed($0, in: index) }) {
            body.append(contentsOf: explicitCoding(model, index))
        } else if model.fields.contains(where: { property($0, in: model) != $0.name }) {
            body.append(codingKeys(model.fields, in: model))
        }
        lines += body.enumerated().flatMap { $0.offset == 0 ? $0.element : [""] + $0.element }
        lines.append("}")
        return lines
    }

    /// Where a field's value comes from, for its doc comment.
    private func source(of field: FieldPlan) -> String {
        if field.isComputed { return "Computed from the record's other fields; not read from the input." }
        if field.flattens { return "Flattened: its fields are members of this object, not of one of its own." }
        if field.readsWholeObject { return "Read from the whole object this model is read from." }
        let paths = field.sources.map { "`" + Self.text(of: $0.steps) + "`" }
        guard let first = paths.first else { return "Not read from the input." }
        return paths.count == 1
            ? "Read from \(first)." : "Read from \(first), or else " + paths.dropFirst().joined(separator: ", or else ") + "."
    }

    /// A key path's steps as `user.login` and `labels[0]`.
    static func text(of steps: [KeyStep]) -> String {
        var text = ""
        for step in steps {
            switch step {
            case .key(let key): text += (text.isEmpty ? "" : ".") + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// The memberwise initializer a public struct needs to be made outside
    /// its module, and one with a boxed field, whose storage the implicit
    /// one would ask for.
    private func initializer(_ model: ModelPlan, _ index: Int) -> [String] {
        // Each parameter's own name ends in `_`, so none is `self` or hides a property.
        let parameters = model.fields.map { field in
            "\(names.member(field.name)) \(field.name)_: \(swiftType(field.type))" + (field.type.isOptional ? " = nil" : "")
        }
        let assignments = model.fields.map { field in
            guard isBoxed(field, in: index) else { return "        self.\(names.member(field: property(field, in: model))) = \(field.name)_" }
            let value = field.name + "_"
            return "        self.\(storage(field, in: model)) = " + (field.type.isOptional ? "\(value).map { [$0] } ?? []" : "[\(value)]")
        }
        return ["    /// Creates a value from its fields.", "    \(accessPrefix)init(\(parameters.joined(separator: ", "))) {"]
            + assignments + ["    }"]
    }

    /// The members the conformances declare, which no property may be named.
    private static let conformanceMembers: Set<String> = ["hashValue"]

    /// A field's property name: its name, or with `_`s after it when
    /// `Hashable` already declares a member of that name (`hashValue`);
    /// `CodingKeys` then gives the key.
    func property(_ field: FieldPlan, in model: ModelPlan) -> String {
        guard Self.conformanceMembers.contains(field.name) else { return field.name }
        var name = field.name + "_"
        while model.fields.contains(where: { $0.name == name }) { name += "_" }
        return name
    }

    /// `CodingKeys` for fields: a case per property, with the key as its
    /// raw value where the property is not named like the field.
    private func codingKeys(_ fields: [FieldPlan], in model: ModelPlan) -> [String] {
        ["    private enum CodingKeys: \(names.standard("String")), \(names.standard("CodingKey")) {"]
            + fields.map { field in
                let property = property(field, in: model)
                return "        case \(names.member(property))" + (property == field.name ? "" : " = " + SwiftNames.literal(field.name))
            } + ["    }"]
    }

    /// The private property a boxed field's value is kept in: its name
    /// after `_`s, as many as keep it apart from the model's fields.
    func storage(_ field: FieldPlan, in model: ModelPlan) -> String {
        var name = "_" + field.name
        while model.fields.contains(where: { $0.name == name }) { name = "_" + name }
        return name
    }

    /// Whether a field holds, directly or through an optional, a model that
    /// contains the field's own model without an array or dictionary in
    /// between: such a struct would contain itself, so its value is boxed.
    func isBoxed(_ field: FieldPlan, in model: Int) -> Bool {
        guard case .model(let held) = field.type.unwrapped else { return false }
        var seen: Set<Int> = []
        var pending = [held]
        while let next = pending.popLast() {
            if next == model { return true }
            guard seen.insert(next).inserted else { continue }
            for inner in plan.models[next].fields where !isBoxed(inner, reachingFrom: next) {
                if case .model(let contained) = inner.type.unwrapped { pending.append(contained) }
            }
        }
        return false
    }

    /// Whether a field of a model is boxed on the way to another model:
    /// a field back to the model it is in, which that model boxes itself.
    private func isBoxed(_ field: FieldPlan, reachingFrom model: Int) -> Bool {
        if case .model(let held) = field.type.unwrapped { return held == model }
        return false
    }

    /// `init(from:)` and `encode(to:)` for a model with flattened fields,
    /// which are read from and written to the model's own object, or boxed ones.
    private func explicitCoding(_ model: ModelPlan, _ index: Int) -> [[String]] {
        let keyed = model.fields.filter { !$0.flattens }
        let codingKey = names.standard("CodingKey")
        // No keys when every field is flattened: an enum with a raw type needs a case.
        var keys = keyed.isEmpty ? [] : codingKeys(keyed, in: model)
        var decoding = ["    \(accessPrefix)init(from decoder: any \(names.standard("Decoder"))) throws {"]
        if !keyed.isEmpty { decoding.append("        let container = try decoder.container(keyedBy: CodingKeys.self)") }
        var encoding = ["    \(accessPrefix)func encode(to encoder: any \(names.standard("Encoder"))) throws {"]
        if !keyed.isEmpty { encoding.append("        var container = encoder.container(keyedBy: CodingKeys.self)") }
        for field in model.fields {
            let name = names.member(property(field, in: model))
            let property = "self." + names.member(field: property(field, in: model))
            let type = swiftType(field.type.unwrapped)
            let target = isBoxed(field, in: index) ? "self.\(storage(field, in: model))" : property
            let box: (String) -> String = { value in
                guard self.isBoxed(field, in: index) else { return value }
                return field.type.isOptional ? "(\(value)).map { [$0] } ?? []" : "[\(value)]"
            }
            if field.flattens && field.type.isOptional && !field.flattenedNames.isEmpty {
                // Absent when none of the flattened model's keys is there, as mapping wrote it.
                let keysType = "Flattened_\(field.name)"
                keys += (keys.isEmpty ? [] : [""]) + ["    private enum \(keysType): \(names.standard("String")), \(codingKey) {"]
                    + field.flattenedNames.map { "        case \(names.member($0))" } + ["    }"]
                let absent = "try decoder.container(keyedBy: \(keysType).self).allKeys.isEmpty"
                // A boxed one is an array of none or one: `.some` could not take its type from the array.
                decoding.append(
                    "        \(target) = "
                        + (isBoxed(field, in: index) ? "\(absent) ? [] : [.init(from: decoder)]" : "\(absent) ? nil : .some(.init(from: decoder))"))
                encoding.append("        try \(property)?.encode(to: encoder)")
            } else if field.flattens {
                // `.init`, not the type's name, which a field of the same name would hide.
                decoding.append("        \(target) = " + box("try .init(from: decoder)"))
                encoding.append(
                    field.type.isOptional ? "        try \(property)?.encode(to: encoder)" : "        try \(property).encode(to: encoder)")
            } else if field.type.isOptional {
                decoding.append("        \(target) = " + box("try container.decodeIfPresent(\(type).self, forKey: .\(name))"))
                encoding.append("        try container.encodeIfPresent(\(property), forKey: .\(name))")
            } else {
                decoding.append("        \(target) = " + box("try container.decode(\(type).self, forKey: .\(name))"))
                encoding.append("        try container.encode(\(property), forKey: .\(name))")
            }
        }
        return (keys.isEmpty ? [] : [keys]) + [decoding + ["    }"], encoding + ["    }"]]
    }
}

extension SwiftNames {
    /// A property name after `self.`, where Swift reserves fewer words:
    /// only `self` and `Type`-like words need quoting there.
    func member(field name: String) -> String {
        name == "self" || name == "Type" || name == "init" ? "`\(name)`" : name
    }
}
