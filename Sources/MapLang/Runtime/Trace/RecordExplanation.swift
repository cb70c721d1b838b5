/// One record's trace: where the record is, how it mapped, and what each
/// field, check and choice did.
package struct RecordExplanation: Sendable, Equatable {
    /// The record's path in its document: `$[3]`, or `$` for a document
    /// that is one record and for an NDJSON line.
    package var path: JSONPath
    /// The NDJSON line the record is, or `nil` in a document.
    package var line: Int?
    /// Where the record starts in the input.
    package var position: TextPosition
    /// The record's outcome, as a run maps it.
    package var record: MappedRecord
    /// What each field, check and choice did, the input values placed at their line and column.
    package var trace: [TraceEntry]
}
