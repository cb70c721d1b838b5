/// A record's trace for tools, for `maplang run --explain --error-format
/// json`: one object per field, check and choice, then one for the record,
/// each with `"type": "trace"` and its `kind`.
package enum TraceJSON {
    /// The objects of one record's trace, in order.
    ///
    /// - Parameters:
    ///   - input: The input's name, as error reports give it.
    ///   - model: The model or choice the record is mapped to.
    package static func objects(for explanation: RecordExplanation, input: String, model: String) -> [MappedValue] {
        let record: [MappedMember] = [
            .init(key: "type", value: .string("trace")),
            .init(key: "input", value: .string(input)),
            .init(key: "record", value: explanation.line.map { .int(Int64($0)) } ?? .null),
            .init(key: "recordPath", value: .string(explanation.path.description)),
        ]
        var objects = explanation.trace.map { entry -> MappedValue in
            let members: [MappedMember] =
                switch entry {
                case .field(let field): self.field(field)
                case .check(let check): self.check(check)
                case .choice(let choice): self.choice(choice)
                }
            return .object(MappedObject(record + members))
        }
        let outcome = explanation.record
        objects.append(
            .object(
                MappedObject(
                    record + [
                        .init(key: "kind", value: .string("record")),
                        .init(key: "model", value: .string(model)),
                        .init(key: "recordLine", value: .int(Int64(explanation.position.line))),
                        .init(key: "recordColumn", value: .int(Int64(explanation.position.column))),
                        .init(key: "mapped", value: .bool(outcome.value != nil)),
                        .init(key: "errors", value: .int(Int64(outcome.errors.count))),
                    ])))
        return objects
    }

    /// A field's members.
    private static func field(_ field: FieldTrace) -> [MappedMember] {
        var members: [MappedMember] = [
            .init(key: "kind", value: .string("field")),
            .init(key: "model", value: .string(field.model)),
            .init(key: "field", value: .string(field.field)),
            .init(key: "depth", value: .int(Int64(field.depth))),
            .init(key: "path", value: .string(field.objectPath.description)),
        ]
        members += site(field.site)
        members.append(.init(key: "computed", value: .bool(field.isComputed)))
        members.append(
            .init(
                key: "keys",
                value: .array(
                    field.keys.map {
                        .object(MappedObject([.init(key: "key", value: .string($0.key)), .init(key: "result", value: .string(outcome($0.outcome)))]))
                    })))
        members.append(.init(key: "input", value: field.input.map(input) ?? .null))
        members.append(
            .init(
                key: "steps",
                value: .array(
                    field.steps.map { step in
                        .object(
                            MappedObject(
                                [.init(key: "by", value: .string(step.by))] + site(step.site) + [
                                    .init(key: "path", value: .string(step.path.description)),
                                    .init(key: "value", value: step.value),
                                    .init(key: "coerced", value: .bool(step.coerced)),
                                ]))
                    })))
        members.append(
            .init(
                key: "rules",
                value: .array(
                    field.rules.map { rule in
                        .object(
                            MappedObject(
                                site(rule.site) + [
                                    .init(key: "path", value: .string(rule.path.description)),
                                    .init(key: "holds", value: .bool(rule.holds)),
                                ]))
                    })))
        members.append(.init(key: "absent", value: field.absent.map(absent) ?? .null))
        members.append(.init(key: "mapped", value: .bool(field.value != nil)))
        members.append(.init(key: "value", value: field.value ?? .null))
        members.append(.init(key: "errors", value: .array(field.errors.map(problem))))
        members.append(.init(key: "warnings", value: .array(field.warnings.map(problem))))
        return members
    }

    /// An error or warning: its code, path and message.
    private static func problem(_ error: MappingError) -> MappedValue {
        .object(
            MappedObject([
                .init(key: "code", value: .string(error.problem.code)),
                .init(key: "path", value: .string(error.path.description)),
                .init(key: "message", value: .string(error.message)),
            ]))
    }

    /// The input value a field read, with its place.
    private static func input(_ input: TracedInput) -> MappedValue {
        var members: [MappedMember] = [
            .init(key: "path", value: .string(input.path.description)), .init(key: "value", value: input.value.mappedValue),
        ]
        if let position = input.position {
            members.append(.init(key: "line", value: .int(Int64(position.line))))
            members.append(.init(key: "column", value: .int(Int64(position.column))))
        }
        return .object(MappedObject(members))
    }

    /// What a field with no value held instead.
    private static func absent(_ absent: AbsentTrace) -> MappedValue {
        .object(
            MappedObject([
                .init(key: "reason", value: .string(absent.sawNull ? "null" : "missing")),
                .init(key: "defaulted", value: .bool(absent.defaulted)),
                .init(key: "defaultPassedOver", value: .bool(absent.defaultPassedOver)),
                .init(key: "value", value: absent.value ?? .null),
            ]))
    }

    /// A model check's members.
    private static func check(_ check: CheckTrace) -> [MappedMember] {
        [
            .init(key: "kind", value: .string("check")),
            .init(key: "model", value: .string(check.model)),
            .init(key: "depth", value: .int(Int64(check.depth))),
            .init(key: "path", value: .string(check.path.description)),
        ] + site(check.site) + [
            .init(key: "holds", value: check.holds.map(MappedValue.bool) ?? .null),
            .init(key: "message", value: .string(check.message)),
        ]
    }

    /// A choice's members.
    private static func choice(_ choice: ChoiceTrace) -> [MappedMember] {
        [
            .init(key: "kind", value: .string("choice")),
            .init(key: "choice", value: .string(choice.choice)),
            .init(key: "depth", value: .int(Int64(choice.depth))),
            .init(key: "path", value: .string(choice.path.description)),
        ] + site(choice.site) + [
            .init(key: "discriminator", value: .string(choice.discriminator)),
            .init(key: "found", value: choice.found?.mappedValue ?? .null),
            .init(key: "foundLine", value: choice.foundPosition.map { .int(Int64($0.line)) } ?? .null),
            .init(key: "foundColumn", value: choice.foundPosition.map { .int(Int64($0.column)) } ?? .null),
            .init(key: "known", value: .array(choice.known.map(MappedValue.string))),
            .init(key: "chosen", value: choice.chosen.map(MappedValue.string) ?? .null),
            .init(key: "byDefault", value: .bool(choice.byDefault)),
        ]
    }

    /// A rule's place: `rule` (empty for a declaration), `ruleFile`, `ruleLine`, `ruleColumn`.
    private static func site(_ site: TracedSite) -> [MappedMember] {
        [
            .init(key: "rule", value: .string(site.description)),
            .init(key: "ruleFile", value: .string(site.file)),
            .init(key: "ruleLine", value: .int(Int64(site.location.line))),
            .init(key: "ruleColumn", value: .int(Int64(site.location.column))),
        ]
    }

    /// A key's outcome as JSON names it.
    private static func outcome(_ outcome: KeyAttempt.Outcome) -> String {
        switch outcome {
        case .found: "found"
        case .null: "null"
        case .missing: "missing"
        case .wrongShape: "wrong-shape"
        }
    }
}
