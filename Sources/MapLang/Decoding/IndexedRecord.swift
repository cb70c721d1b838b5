/// A record's JSON on the tape of the run of records it was mapped in, as
/// `serializeDocument` hands it over when asked to index.
///
/// Sendable without checks because a run's tape is made by the thread that
/// maps the run and handed over whole, with the run, to the one thread that
/// takes the records in order; only that thread reads it, or changes it
/// (`RecordTape.remember`), from then on.
struct IndexedRecord: @unchecked Sendable, Equatable {
    /// The tape of the run.
    let tape: RecordTape
    /// The entry of the record's value.
    let entry: Int

    /// The same entry of the same tape.
    static func == (left: Self, right: Self) -> Bool { left.tape === right.tape && left.entry == right.entry }
}
