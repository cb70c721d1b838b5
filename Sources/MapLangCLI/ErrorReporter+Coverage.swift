import MapLang

/// `maplang run --coverage`'s report, as text for people or as one JSON
/// object for tools.
extension ErrorReporter {
    /// Writes the coverage report of a run over `input` to standard error.
    func report(_ report: CoverageReport, input: String) {
        if json {
            write(Self.object(for: report, input: input))
        } else {
            emit(Self.text(for: report, input: input))
        }
    }

    /// The report as text, a block per model, enum and choice with something to say.
    static func text(for report: CoverageReport, input: String) -> String {
        var lines = ["coverage of \(input):"]
        for model in report.models {
            guard model.objects > 0 else {
                lines.append("  model \(model.name) (\(model.site)): no object was mapped with it")
                continue
            }
            var found: [String] = []
            for key in model.unknownKeys {
                found.append(
                    "key \(JSONWriter.preview(string: key.key)) no rule reads: in \(times(key.count, "object")), as at \(key.sample)")
            }
            if model.otherUnknownKeys > 0 {
                found.append("and other keys no rule reads, \(times(model.otherUnknownKeys)) in all, past the first thousand")
            }
            for field in model.alwaysAbsent {
                found.append("field `\(field.field)` never had a value: null \(times(field.nulls)), missing \(times(field.missing))")
            }
            for field in model.mostlyDefaulted {
                found.append("field `\(field.field)` took its default in \(field.defaulted) of \(model.objects) objects")
            }
            for field in model.unusedFallbacks {
                found.append("field `\(field.field)` never read " + field.paths.map { "`\($0)`" }.joined(separator: ", "))
            }
            for check in model.checksNeverRun {
                found.append("the check at \(check) never ran")
            }
            lines.append("  model \(model.name), \(times(model.objects, "object")): " + (found.isEmpty ? "everything used" : ""))
            lines += found.map { "    " + $0 }
        }
        for enumeration in report.unseenCases {
            lines.append("  enum \(enumeration.enumeration): no value was " + enumeration.cases.map { "`\($0)`" }.joined(separator: ", "))
        }
        for choice in report.unchosenModels {
            lines.append("  choice \(choice.choice): no object chose " + choice.models.map { "`\($0)`" }.joined(separator: ", "))
        }
        return lines.map { $0.hasSuffix(": ") ? String($0.dropLast()) : $0 }.joined(separator: "\n") + "\n"
    }

    /// `3 times`, `1 time`, `2 objects`.
    private static func times(_ count: Int, _ word: String = "time") -> String {
        "\(count) \(word)\(count == 1 ? "" : "s")"
    }

    /// The report as one object of `type` `coverage`.
    static func object(for report: CoverageReport, input: String) -> MappedValue {
        func strings(_ values: [String]) -> MappedValue { .array(values.map { .string($0) }) }
        func object(_ members: [(String, MappedValue)]) -> MappedValue {
            .object(MappedObject(members.map { MappedMember(key: $0.0, value: $0.1) }))
        }
        let models: [MappedValue] = report.models.map { model in
            object([
                ("model", .string(model.name)), ("objects", .int(Int64(model.objects))),
                ("unreadKeys", .array(model.unknownKeys.map { object([("key", .string($0.key)), ("count", .int(Int64($0.count))), ("sample", .string($0.sample))]) })),
                ("otherUnreadKeys", .int(Int64(model.otherUnknownKeys))),
                ("neverFilled", .array(model.alwaysAbsent.map { object([("field", .string($0.field)), ("nulls", .int(Int64($0.nulls))), ("missing", .int(Int64($0.missing)))]) })),
                ("mostlyDefaulted", .array(model.mostlyDefaulted.map { object([("field", .string($0.field)), ("defaulted", .int(Int64($0.defaulted)))]) })),
                ("unusedFallbacks", .array(model.unusedFallbacks.map { object([("field", .string($0.field)), ("paths", strings($0.paths))]) })),
                ("checksNeverRun", strings(model.checksNeverRun)),
            ])
        }
        return object([
            ("type", .string("coverage")), ("input", .string(input)), ("share", .int(Int64(report.share))), ("models", .array(models)),
            ("unseenCases", .array(report.unseenCases.map { object([("enum", .string($0.enumeration)), ("cases", strings($0.cases))]) })),
            ("unchosenModels", .array(report.unchosenModels.map { object([("choice", .string($0.choice)), ("models", strings($0.models))]) })),
        ])
    }
}
