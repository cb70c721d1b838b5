// MARK: - Models as structs

extension SwiftGenerator {
    /// A model's `struct`.
    func model(_ index: Int) -> [String] {
        let model = plan.models[index]
        let file = model.site.file.split(separator: "/").last.map(String.init) ?? model.site.file
        var lines = doc(docs.above(site: model.site), note: "The model `\(model.name)` of `\(file)`.", indent: "")
        lines.append("\(accessPrefix)struct \(model.name): \(conformances) {")
        var body: [[String]] = []
        for field in model.fields {
            body.append(
                doc(docs.above(site: field.site), note: source(of: field), indent: "    ")
                    + ["    \(accessPrefix)var \(names.member(field.name)): \(swiftType(field.type))"])
        }
        if options.access == .public { body.append(initializer(model)) }
        if model.fields.contains(where: \.flattens) { body.append(contentsOf: flattenedCoding(model)) }
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

    /// The memberwise initializer a public struct needs to be made outside its module.
    private func initializer(_ model: ModelPlan) -> [String] {
        let parameters = model.fields.map { field in
            "\(names.member(field.name)): \(swiftType(field.type))" + (field.type.isOptional ? " = nil" : "")
        }
        return ["    /// Creates a value from its fields.", "    public init(\(parameters.joined(separator: ", "))) {"]
            + model.fields.map { "        self.\(names.member(field: $0.name)) = \(names.member($0.name))" } + ["    }"]
    }

    /// `init(from:)` and `encode(to:)` for a model with flattened fields,
    /// which are read from and written to the model's own object.
    private func flattenedCoding(_ model: ModelPlan) -> [[String]] {
        let keyed = model.fields.filter { !$0.flattens }
        let codingKey = names.standard("CodingKey")
        var keys = ["    private enum CodingKeys: \(names.standard("String")), \(codingKey) {"]
        keys += keyed.map { "        case \(names.member($0.name))" }
        keys.append("    }")
        var decoding = ["    \(accessPrefix)init(from decoder: any \(names.standard("Decoder"))) throws {"]
        if !keyed.isEmpty { decoding.append("        let container = try decoder.container(keyedBy: CodingKeys.self)") }
        var encoding = ["    \(accessPrefix)func encode(to encoder: any \(names.standard("Encoder"))) throws {"]
        if !keyed.isEmpty { encoding.append("        var container = encoder.container(keyedBy: CodingKeys.self)") }
        for field in model.fields {
            let name = names.member(field.name)
            let type = swiftType(field.type.unwrapped)
            if field.flattens {
                decoding.append("        self.\(names.member(field: field.name)) = try \(type)(from: decoder)")
                encoding.append(
                    field.type.isOptional
                        ? "        try \(name)?.encode(to: encoder)" : "        try \(name).encode(to: encoder)")
            } else if field.type.isOptional {
                decoding.append("        self.\(names.member(field: field.name)) = try container.decodeIfPresent(\(type).self, forKey: .\(name))")
                encoding.append("        try container.encodeIfPresent(\(name), forKey: .\(name))")
            } else {
                decoding.append("        self.\(names.member(field: field.name)) = try container.decode(\(type).self, forKey: .\(name))")
                encoding.append("        try container.encode(\(name), forKey: .\(name))")
            }
        }
        return [keys, decoding + ["    }"], encoding + ["    }"]]
    }
}

extension SwiftNames {
    /// A property name after `self.`, where Swift reserves fewer words:
    /// only `self` and `Type`-like words need quoting there.
    func member(field name: String) -> String {
        name == "self" || name == "Type" || name == "init" ? "`\(name)`" : name
    }
}
