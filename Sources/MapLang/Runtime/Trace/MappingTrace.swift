/// What mapping one record did, step by step, for `maplang run --explain`:
/// an entry for each field, in the order the fields were mapped (a nested
/// model's fields right after the field that holds it), for each model
/// check, and for each choice of a model.
package enum TraceEntry: Sendable, Equatable {
    /// How one field got its value, or why it got none.
    case field(FieldTrace)
    /// Whether a model's `check` held.
    case check(CheckTrace)
    /// Which model a choice's discriminator picked.
    case choice(ChoiceTrace)
}

/// Where a traced rule or field is written.
package struct TracedSite: Sendable, Equatable {
    /// The rules file.
    package var file: String
    /// The 1-based line and column.
    package var location: SourceLocation
    /// What is written there, such as ``transformer `trim` ``; empty for a
    /// field's or model's own declaration.
    package var description: String

    /// The site of a compiled rule.
    init(_ site: RuleSite) {
        self.init(file: site.file, location: site.location, description: site.description)
    }

    /// A site given in full.
    package init(file: String, location: SourceLocation, description: String) {
        self.file = file
        self.location = location
        self.description = description
    }
}

/// How one field got its value.
package struct FieldTrace: Sendable, Equatable {
    /// The model the field belongs to.
    package var model: String
    /// The field's name.
    package var field: String
    /// Where the field is declared.
    package var site: TracedSite
    /// How many models enclose the field's model inside the record: 0 for
    /// the record's own fields.
    package var depth: Int
    /// The path of the object the field reads from.
    package var objectPath: JSONPath
    /// Each key path tried, in order, and what it held.
    package var keys: [KeyAttempt] = []
    /// The value the key that won held, where it is in the input, and
    /// (once placed) its line and column there.
    package var input: TracedInput?
    /// Every transformer, table and conversion applied, in order.
    package var steps: [TraceStep] = []
    /// Every rule of the field that ran, in order, and whether it held.
    package var rules: [RuleOutcome] = []
    /// What the field held when none of its keys had a value: the reason,
    /// and the default or `null` it took, if any.
    package var absent: AbsentTrace?
    /// Whether the field is computed from the others rather than read.
    package var isComputed = false
    /// The field's value, when it mapped.
    package var value: MappedValue?
    /// The errors found in the field itself (not in a nested model's fields).
    package var errors: [MappingError] = []
    /// The warnings of the field itself: elements `lossy` dropped, values
    /// coerced under `--warn-coercions`.
    package var warnings: [MappingError] = []
}

/// One key path a field tried.
package struct KeyAttempt: Sendable, Equatable {
    /// The key path as the rules write it (after the naming strategy).
    package var key: String
    /// What it found.
    package var outcome: Outcome

    /// What a key path found.
    package enum Outcome: Sendable, Equatable {
        /// A value.
        case found
        /// An explicit `null`.
        case null
        /// Nothing: a key or an index on the way is absent.
        case missing
        /// A value of the wrong shape on the way, an error.
        case wrongShape
    }
}

/// The input value a field read.
package struct TracedInput: Sendable, Equatable {
    /// Where it is in the document.
    package var path: JSONPath
    /// The value as the input holds it.
    package var value: JSONValue
    /// Where it starts in the input text, once `Rules.explainRecords` has placed it.
    package var position: TextPosition?
}

/// A place in an input text, as people count: 1-based line and column,
/// the column in characters.
package struct TextPosition: Sendable, Equatable {
    /// The 1-based line.
    package var line: Int
    /// The 1-based column, in characters (grapheme clusters).
    package var column: Int
}

/// One transformer, table or conversion applied to a field's value.
package struct TraceStep: Sendable, Equatable {
    /// What was applied: ``transformer `trim` `` or the type converted to.
    package var by: String
    /// Where the transformer is written, or the field's site for a conversion.
    package var site: TracedSite
    /// The path of the value, which is the field's own or an element's.
    package var path: JSONPath
    /// The value after the step.
    package var value: MappedValue
    /// Whether the step converted the value by lenient coercion rather
    /// than read it as its own type.
    package var coerced: Bool
}

/// Whether one rule held.
package struct RuleOutcome: Sendable, Equatable {
    /// The rule.
    package var site: TracedSite
    /// The path of the value checked.
    package var path: JSONPath
    /// Whether it held.
    package var holds: Bool
}

/// What a field with no value in the input held instead.
package struct AbsentTrace: Sendable, Equatable {
    /// Whether some key held `null`, rather than every key being missing.
    package var sawNull: Bool
    /// Whether the value is the field's declared default, rather than `null`.
    package var defaulted: Bool
    /// Whether the field has a default that applies only when its keys are
    /// missing (`when missing`), passed over because one held `null`.
    package var defaultPassedOver = false
    /// The value taken, or `nil` when the field may not be absent.
    package var value: MappedValue?
}

/// Whether a model's `check` held.
package struct CheckTrace: Sendable, Equatable {
    /// The model.
    package var model: String
    /// The check.
    package var site: TracedSite
    /// The path of the object checked.
    package var path: JSONPath
    /// How many models enclose the model inside the record.
    package var depth: Int
    /// Whether it held; `nil` when it could not be evaluated.
    package var holds: Bool?
    /// The message it reports when it does not hold.
    package var message: String
}

/// Which model a choice's discriminator picked, and why.
package struct ChoiceTrace: Sendable, Equatable {
    /// The choice.
    package var choice: String
    /// Where it is declared.
    package var site: TracedSite
    /// The path of the object.
    package var path: JSONPath
    /// How many models enclose the choice inside the record.
    package var depth: Int
    /// The discriminator's key path.
    package var discriminator: String
    /// The discriminator's value, or `nil` when it is missing.
    package var found: JSONValue?
    /// The discriminator's path in the document, when it has a value.
    package var foundPath: JSONPath?
    /// Where the discriminator's value starts in the input text, once placed.
    package var foundPosition: TextPosition?
    /// The values each model is chosen by, as the rules list them.
    package var known: [String]
    /// The model chosen, or `nil` when none was.
    package var chosen: String?
    /// Whether the model chosen is the default, for a value no variant lists.
    package var byDefault: Bool
}
