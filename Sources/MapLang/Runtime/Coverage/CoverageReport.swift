/// What `maplang run --coverage` says after a run: for each model, what
/// the input had that the rules do not read and what the rules read that
/// the input hardly had; for each enum and choice, what never came up.
///
/// Built from a run's counts and the plan, in declaration order, each list
/// in the order of the rules or, for keys, by key: the same input and rules
/// give the same report, however many threads mapped them.
package struct CoverageReport: Sendable {
    /// What one model's objects had and lacked.
    package struct ModelSection: Sendable {
        /// The model's name.
        package var name: String
        /// Where the model is declared, `file:line:column`.
        package var site: String
        /// How many objects were mapped with it.
        package var objects: Int
        /// Keys of those objects that no rule reads, by key, each with how
        /// many objects had it and a path it was at.
        package var unknownKeys: [(key: String, count: Int, sample: String)]
        /// How many times keys past the first thousand kept apart came.
        package var otherUnknownKeys: Int
        /// Fields none of whose key paths ever gave a value, each with how
        /// many times every one was `null` and how many times none was there.
        package var alwaysAbsent: [(field: String, nulls: Int, missing: Int)]
        /// Fields their default filled more often than the share asked
        /// about, but not always, with how many times.
        package var mostlyDefaulted: [(field: String, defaulted: Int)]
        /// Fallback key paths that never gave their field's value, by field.
        package var unusedFallbacks: [(field: String, paths: [String])]
        /// Checks that never ran, by where they are written.
        package var checksNeverRun: [String]
    }

    /// Every model, in declaration order.
    package var models: [ModelSection]
    /// Each enum with a case no value was read as, and those cases.
    package var unseenCases: [(enumeration: String, cases: [String])]
    /// Each choice with a model no object chose, and those models.
    package var unchosenModels: [(choice: String, models: [String])]
    /// The share, in percent, past which a field's defaults are reported.
    package var share: Int

    /// The report on a run's counts.
    ///
    /// - Parameter share: The percentage of a model's objects past which a
    ///   field filled by its default is reported.
    init(counts: CoverageCounts, plan: Plan, share: Int) {
        self.share = share
        models = zip(plan.models, counts.models).map { model, seen in
            var section = ModelSection(
                name: model.name, site: "\(model.site.file):\(model.site.location.line):\(model.site.location.column)",
                objects: seen.objects, unknownKeys: [], otherUnknownKeys: seen.otherUnknownKeys, alwaysAbsent: [], mostlyDefaulted: [], unusedFallbacks: [],
                checksNeverRun: [])
            section.unknownKeys = seen.unknownKeys.sorted { $0.key < $1.key }.map { ($0.key, $0.value.count, $0.value.sample.description) }
            for (index, (field, filled)) in zip(model.fields, seen.fields).enumerated() where seen.objects > 0 {
                // Computed fields and `unknown keep` read no key of their own.
                guard !field.isComputed, model.unknownKeys != .keep(index) else { continue }
                let given = filled.sources.reduce(0, +)
                if given == 0 {
                    section.alwaysAbsent.append((field.name, filled.nulls, filled.missing))
                }
                // A key no object holds, its default taken every time, is the
                // renamed key the report is for: both lines are said.
                if filled.defaulted * 100 > seen.objects * share {
                    section.mostlyDefaulted.append((field.name, filled.defaulted))
                }
                let unused = zip(field.sources, filled.sources).filter { $1 == 0 }.map(\.0.text)
                if field.sources.count > 1, given > 0, !unused.isEmpty { section.unusedFallbacks.append((field.name, unused)) }
            }
            section.checksNeverRun = zip(model.checks, seen.checks).filter { $1 == 0 }.map {
                "\($0.0.site.file):\($0.0.site.location.line):\($0.0.site.location.column)"
            }
            return section
        }
        unseenCases = zip(plan.enums, counts.enumCases).compactMap { enumeration, seen in
            let unseen = zip(enumeration.cases, seen).filter { $1 == 0 }.map(\.0)
            return unseen.isEmpty ? nil : (enumeration.name, unseen)
        }
        unchosenModels = zip(plan.choices, counts.choices).compactMap { choice, chosen in
            let candidates = choice.variants.allValues + (choice.defaultModel.map { [$0] } ?? [])
            var seen: Set<Int> = []
            let never = candidates.filter { chosen[$0] == nil && seen.insert($0).inserted }.sorted().map { plan.models[$0].name }
            return never.isEmpty ? nil : (choice.name, never)
        }
    }
}
