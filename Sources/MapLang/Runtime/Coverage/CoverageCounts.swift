/// What a run of the rules saw, counted for `maplang run --coverage`: how
/// each model's fields were filled, which keys no rule reads, which checks
/// ran, which enum cases and which models of each choice came up.
///
/// A record notes what it sees as `CoverageEvent`s, as many as it has
/// objects and values, which are counted into the run's totals once the
/// record is done: threads never share counts while mapping, and the
/// totals are exact whatever the order records finish in.
package struct CoverageCounts: Sendable, Equatable {
    /// By model, in the plan's order.
    package var models: [ModelCoverage]
    /// By enum, then by case: how many values each case was given.
    package var enumCases: [[Int]]
    /// By choice: how many objects chose each model, by model index.
    package var choices: [[Int: Int]]

    /// The most keys no rule reads that one model's counts keep apart, so
    /// input with a new key in every object takes bounded memory; the keys
    /// past them are counted together.
    static let unknownKeysKept = 1_000

    /// The most characters of an unknown key kept and shown: a longer key
    /// is kept as its first ones and `…`, and keys alike that far are
    /// counted as one, so a thousand keys of a megabyte take kilobytes.
    static let unknownKeyCharactersKept = 100

    /// An unknown key as it is kept: cut after `unknownKeyCharactersKept` characters.
    static func kept(_ key: String) -> String {
        let start = key.prefix(unknownKeyCharactersKept + 1)
        return start.count > unknownKeyCharactersKept ? start.dropLast() + "…" : key
    }

    /// Zero counts for every model, enum and choice of a plan.
    init(plan: Plan) {
        models = plan.models.map { model in
            ModelCoverage(
                fields: model.fields.map { FieldCoverage(sources: Array(repeating: 0, count: $0.sources.count)) },
                checks: Array(repeating: 0, count: model.checks.count))
        }
        enumCases = plan.enums.map { Array(repeating: 0, count: $0.cases.count) }
        choices = plan.choices.map { _ in [:] }
    }

    /// Whether one path comes before another in a document: by their steps
    /// in turn, indexes by number, keys by text, an index before a key.
    static func precedes(_ lhs: JSONPath, _ rhs: JSONPath) -> Bool {
        for (left, right) in zip(lhs.components, rhs.components) where left != right {
            switch (left, right) {
            case (.index(let a), .index(let b)): return a < b
            case (.key(let a), .key(let b)): return a < b
            case (.index, .key): return true
            case (.key, .index): return false
            }
        }
        return lhs.components.count < rhs.components.count
    }

    /// Counts what a record saw. An unknown key keeps the first path it
    /// was at in the document, so the sample does not depend on the order
    /// records finish in.
    mutating func count(_ events: [CoverageEvent]) {
        for event in events {
            switch event {
            case .object(let model, let unknown, let path):
                models[model].objects += 1
                for key in unknown.map(Self.kept) {
                    let sample = path.appending(.key(key))
                    if let seen = models[model].unknownKeys[key] {
                        let first = Self.precedes(sample, seen.sample) ? sample : seen.sample
                        models[model].unknownKeys[key] = UnknownKeyCoverage(count: seen.count + 1, sample: first)
                    } else if models[model].unknownKeys.count < Self.unknownKeysKept {
                        models[model].unknownKeys[key] = UnknownKeyCoverage(count: 1, sample: sample)
                    } else {
                        models[model].otherUnknownKeys += 1
                    }
                }
            case .source(let model, let field, let source):
                models[model].fields[field].sources[source] += 1
            case .absent(let model, let field, let null, let defaulted):
                if null { models[model].fields[field].nulls += 1 } else { models[model].fields[field].missing += 1 }
                if defaulted { models[model].fields[field].defaulted += 1 }
            case .check(let model, let check):
                models[model].checks[check] += 1
            case .enumCase(let enumeration, let position):
                enumCases[enumeration][position] += 1
            case .choice(let choice, let model):
                choices[choice][model, default: 0] += 1
            }
        }
    }
}

/// One thing a record saw, for `--coverage`.
enum CoverageEvent: Sendable {
    /// An object mapped with a model, the keys of it no rule reads, and its path.
    case object(model: Int, unknown: [String], path: JSONPath)
    /// A field's value came from one of its key paths, by index.
    case source(model: Int, field: Int, source: Int)
    /// No key path of a field gave a value: all were missing, or one held
    /// `null`; whether the field's default filled it.
    case absent(model: Int, field: Int, null: Bool, defaulted: Bool)
    /// A model's check ran.
    case check(model: Int, check: Int)
    /// A value was read as an enum's case, by index.
    case enumCase(enumeration: Int, position: Int)
    /// An object of a choice chose a model.
    case choice(choice: Int, model: Int)
}

/// What one model saw.
package struct ModelCoverage: Sendable, Equatable {
    /// How many objects were mapped with the model.
    package var objects = 0
    /// By field, in the model's order.
    package var fields: [FieldCoverage]
    /// By check: how many times it ran.
    package var checks: [Int]
    /// The keys of those objects that no rule of the model reads, each with
    /// how many objects had it and the smallest path it was at: the first
    /// `CoverageCounts.unknownKeysKept` keys met.
    package var unknownKeys: [String: UnknownKeyCoverage] = [:]
    /// How many times a key no rule reads came past those kept apart.
    package var otherUnknownKeys = 0
}

/// How one field was filled.
package struct FieldCoverage: Sendable, Equatable {
    /// By key path, in the order they are tried: how many times it gave the value.
    package var sources: [Int]
    /// How many times every key path that was there held `null`.
    package var nulls = 0
    /// How many times no key path was there.
    package var missing = 0
    /// How many of the nulls and missing values the field's default filled.
    package var defaulted = 0
}

/// A key no rule reads: how often it came, and a path it came at.
package struct UnknownKeyCoverage: Sendable, Equatable {
    /// How many objects had it.
    package var count: Int
    /// The first of the paths it was at, in the document's order.
    package var sample: JSONPath
}
