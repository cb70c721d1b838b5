/// Whether a document held an array of records or a single record.
package enum DocumentShape: Sendable, Equatable {
    /// A top-level array: each element was a record.
    case array
    /// Anything else: the document was one record.
    case single
}
