/// A model, or a choice among models, picked with `Rules.model(named:)`.
package struct ModelID: Sendable, Equatable, Hashable {
    /// The model or choice in the compiled plan.
    let target: RecordTarget
    /// Its name, to find it in other rules compiled from the same file.
    package let name: String
}

/// One record's outcome.
package struct MappedRecord: Sendable, Equatable {
    /// The record's position in a top-level array, or `nil` for a single document.
    package var index: Int?
    /// The mapped value, or `nil` when the record had errors.
    package var value: MappedValue?
    /// Every error in the record, in the order found.
    package var errors: [MappingError]
    /// The elements `lossy` fields dropped, as warnings
    /// (`MappingProblem.droppedElement`), in the order found: from a record
    /// that failed too, where a drop may be why a rule failed.
    package var drops: [MappingError] = []
}

/// Which way records are mapped.
package enum MappingDirection: Sendable, Equatable {
    /// From the source's JSON to the model's shape, as `maplang run` does.
    case forward
    /// From the model's shape back to the source's JSON, as `maplang run --reverse` does.
    case reverse
}
