// MARK: - Enums and choices

extension SwiftGenerator {
    /// The declaration of an enum or choice in the syntax trees, with its file.
    private func declaration<T>(named name: String, _ pick: (Decl) -> T?) -> (decl: T, file: String)? {
        for unit in units {
            for item in unit.file.items {
                if let decl = pick(item) { return (decl, unit.source.name) }
            }
        }
        return nil
    }

    /// An enum's `enum`, with `String` raw values: its case names, which the output holds.
    func enumeration(_ index: Int) -> [String] {
        let plan = plan.enums[index]
        let found = declaration(named: plan.name) { item -> EnumDecl? in
            if case .enumeration(let decl) = item, decl.name.name == plan.name { return decl }
            return nil
        }
        let file = found.map { $0.file.split(separator: "/").last.map(String.init) ?? $0.file } ?? ""
        let comments = found.map { docs.above(offset: $0.decl.span.start, in: $0.file) } ?? []
        var lines = doc(comments, note: "The enum `\(plan.name)` of `\(file)`.", indent: "")
        guard !plan.cases.isEmpty else { return lines + caselessEnumeration(plan.name) }
        lines.append(
            "\(accessPrefix)enum \(names.type(plan.name)): \(names.standard("String")), \(conformances), \(names.standard("CaseIterable")) {")
        for (position, name) in plan.cases.enumerated() {
            let decl = found?.decl.cases.first { $0.name.name == name }
            let inputs = decl?.inputs.map(Self.literalText) ?? []
            let note = inputs.isEmpty ? "Read from \(SwiftNames.literal(name))." : "Read from " + inputs.joined(separator: ", ") + "."
            let caseComments = found.flatMap { found in decl.map { docs.above(offset: $0.span.start, in: found.file) } } ?? []
            if position > 0 { lines.append("") }
            lines += doc(caseComments, note: note, indent: "    ")
            lines.append("    case \(names.member(name))")
        }
        lines.append("}")
        return lines
    }

    /// An enum with no case, which no value maps to: without a raw type,
    /// which Swift refuses there, and with the coding Swift cannot make for it.
    private func caselessEnumeration(_ name: String) -> [String] {
        [
            "\(accessPrefix)enum \(names.type(name)): \(conformances), \(names.standard("CaseIterable")) {",
            "    /// Fails: `\(name)` has no case to decode.",
            "    \(accessPrefix)init(from decoder: any \(names.standard("Decoder"))) throws {",
            "        throw \(names.standard("DecodingError")).dataCorrupted(",
            "            .init(codingPath: decoder.codingPath, debugDescription: \(SwiftNames.literal("`\(name)` has no case"))))",
            "    }",
            "",
            "    /// Never called: there is no value to encode.",
            "    \(accessPrefix)func encode(to encoder: any \(names.standard("Encoder"))) throws {",
            "        switch self {}",
            "    }",
            "}",
        ]
    }

    /// A literal of the rules as a reader sees it: strings quoted.
    static func literalText(_ literal: Literal) -> String {
        switch literal.kind {
        case .string(let text): SwiftNames.literal(text)
        case .integer(let text), .decimal(let text), .word(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array, .object, .range: "a value"
        }
    }

    /// One case of a choice's enum: the model it holds and the
    /// discriminator values that choose it.
    struct Variant {
        /// The model.
        var model: Int
        /// The values that choose it, in the order written.
        var inputs: [Literal]
        /// Whether it is the model for values no variant lists.
        var isDefault: Bool
        /// The case's name: the model's with its first letter lower-case,
        /// and a number after it where another model's gives the same.
        var caseName = ""
        /// Whether its case holds the discriminator too: when several
        /// values choose it, or it is the default, the value cannot be told
        /// from the case alone.
        var holdsDiscriminator: Bool { isDefault || inputs.count != 1 }
    }

    /// A choice's variants, one per model, in the order first written, the
    /// default model last when no value lists it.
    func variants(of index: Int) -> [Variant] {
        let choice = plan.choices[index]
        guard
            let found = declaration(named: choice.name, { item -> ChoiceDecl? in
                if case .choice(let decl) = item, decl.name.name == choice.name { return decl }
                return nil
            })
        else { return [] }
        var variants: [Variant] = []
        for variant in found.decl.variants {
            guard let model = plan.modelIndex[variant.model.name] else { continue }
            if let position = variants.firstIndex(where: { $0.model == model }) {
                variants[position].inputs += variant.inputs
            } else {
                variants.append(Variant(model: model, inputs: variant.inputs, isDefault: false))
            }
        }
        if let model = choice.defaultModel {
            if let position = variants.firstIndex(where: { $0.model == model }) {
                variants[position].isDefault = true
            } else {
                variants.append(Variant(model: model, inputs: [], isDefault: true))
            }
        }
        // `Push` and `push` would both be `case push`.
        var taken: Set<String> = []
        for position in variants.indices {
            let base = names.caseName(forModel: plan.models[variants[position].model].name)
            var name = base
            var number = 2
            while !taken.insert(name).inserted {
                name = base.hasSuffix("`") ? "`" + base.dropFirst().dropLast() + "\(number)`" : base + "\(number)"
                number += 1
            }
            variants[position].caseName = name
        }
        return variants
    }

    /// A choice's `enum` with a case per model, and the `Codable` code that
    /// reads and writes the discriminator under the choice's output key.
    ///
    /// The discriminator is a `String` when every value listed is a string
    /// and there is no default; otherwise a `MappedValue`, since the default
    /// takes a value of any kind.
    ///
    /// - Returns: The lines; whether they use `MappedValue`, which the file
    ///   then imports `MapLang` for; and whether a case shows it, which
    ///   public code then imports publicly.
    func choice(_ index: Int) -> (lines: [String], usesMapLang: Bool, showsMapLang: Bool) {
        let choice = plan.choices[index]
        let variants = variants(of: index)
        let byString =
            choice.defaultModel == nil
            && variants.allSatisfy { $0.inputs.allSatisfy { if case .string = $0.kind { true } else { false } } }
        let discriminatorType = names.standard(byString ? "String" : "MappedValue")
        let file = choice.site.file.split(separator: "/").last.map(String.init) ?? choice.site.file
        let key = "`" + choice.outputKey + "`"
        var lines = doc(
            docs.above(site: choice.site), note: "The choice `\(choice.name)` of `\(file)`: \(key) names the model.",
            indent: "")
        // `indirect`: a model it chooses may hold the choice again.
        lines.append("\(accessPrefix)indirect enum \(names.type(choice.name)): \(conformances) {")
        for (position, variant) in variants.enumerated() {
            let model = plan.models[variant.model].name
            let values = variant.inputs.map(Self.literalText)
            var note = values.isEmpty ? "" : "\(key) is " + values.joined(separator: " or ")
            if variant.isDefault { note += (note.isEmpty ? "" : "; or ") + "\(key) holds any other value, or is missing" }
            if position > 0 { lines.append("") }
            lines.append("    /// \(note).")
            let payload = variant.holdsDiscriminator ? "\(names.type(model)), discriminator: \(discriminatorType)" : names.type(model)
            lines.append("    case \(variant.caseName)(\(payload))")
        }
        lines += [
            "",
            "    /// The key the output holds the discriminator under.",
            "    private enum DiscriminatorKey: \(names.standard("String")), \(names.standard("CodingKey")) {",
            "        case discriminator = \(SwiftNames.literal(choice.outputKey))",
            "    }",
            "",
        ]
        lines += choiceDecoding(variants, byString: byString, type: discriminatorType, choice: choice.name)
        lines.append("")
        lines += choiceEncoding(variants, byString: byString)
        lines.append("}")
        return (lines, !byString, !byString && variants.contains(where: \.holdsDiscriminator))
    }

    /// The pattern a discriminator value is matched by.
    private func pattern(_ literal: Literal, byString: Bool) -> String {
        switch literal.kind {
        case .string(let text): byString ? SwiftNames.literal(text) : ".string(\(SwiftNames.literal(text)))"
        // Past `Int64`, mapping holds the number by its text.
        case .integer(let text): Int64(text) == nil ? ".decimal(\(SwiftNames.literal(text)))" : ".int(\(text))"
        case .decimal(let text): ".decimal(\(SwiftNames.literal(text)))"
        case .bool(let flag): ".bool(\(flag))"
        case .null, .word, .array, .object, .range: ".null"
        }
    }

    /// `init(from:)` of a choice: the discriminator first, then the model it names.
    private func choiceDecoding(_ variants: [Variant], byString: Bool, type: String, choice: String) -> [String] {
        var lines = [
            "    \(accessPrefix)init(from decoder: any \(names.standard("Decoder"))) throws {",
            "        let container = try decoder.container(keyedBy: DiscriminatorKey.self)",
            byString
                ? "        let discriminator = try container.decode(\(type).self, forKey: .discriminator)"
                : "        let discriminator = try container.decodeIfPresent(\(type).self, forKey: .discriminator) ?? .null",
            "        switch discriminator {",
        ]
        for variant in variants where !variant.inputs.isEmpty {
            let held = variant.holdsDiscriminator ? ", discriminator: discriminator" : ""
            lines.append("        case " + variant.inputs.map { pattern($0, byString: byString) }.joined(separator: ", ") + ":")
            // `.init`, not the model's name, which a case or local of the same name would hide.
            lines.append("            self = .\(variant.caseName)(try .init(from: decoder)\(held))")
        }
        lines.append("        default:")
        if let fallback = variants.first(where: \.isDefault) {
            lines.append("            self = .\(fallback.caseName)(try .init(from: decoder), discriminator: discriminator)")
        } else {
            lines.append(
                "            throw \(names.standard("DecodingError")).dataCorruptedError(forKey: .discriminator, in: container, "
                    + "debugDescription: \"no model of `\(choice)` is chosen by \\(discriminator)\")")
        }
        lines += ["        }", "    }"]
        return lines
    }

    /// `encode(to:)` of a choice: the discriminator first, then the model's fields.
    private func choiceEncoding(_ variants: [Variant], byString: Bool) -> [String] {
        var lines = [
            "    \(accessPrefix)func encode(to encoder: any \(names.standard("Encoder"))) throws {",
            "        var container = encoder.container(keyedBy: DiscriminatorKey.self)",
            "        switch self {",
        ]
        for variant in variants {
            if variant.holdsDiscriminator {
                lines.append("        case .\(variant.caseName)(let value, let discriminator):")
                lines.append("            try container.encode(discriminator, forKey: .discriminator)")
            } else {
                lines.append("        case .\(variant.caseName)(let value):")
                let first = variant.inputs.first.map { pattern($0, byString: byString) } ?? ".null"
                let written = byString ? first : names.standard("MappedValue") + first
                lines.append("            try container.encode(\(written), forKey: .discriminator)")
            }
            lines.append("            try value.encode(to: encoder)")
        }
        lines += ["        }", "    }"]
        return lines
    }
}
