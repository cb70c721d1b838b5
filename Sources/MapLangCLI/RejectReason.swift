import MapLang

/// Why `maplang run --ndjson` rejected a line: one of the library's
/// reasons, or a record that `--inline-rejects` cannot write as it is.
enum RejectReason: Sendable, Equatable {
    /// The line is empty, is not JSON, or broke the rules.
    case line(LineRejection)
    /// The mapped record has a top-level key named as rejects are marked
    /// (`InlineReject.key`), so written as it is it would read as a reject.
    case reservedKey

    /// One short reason per problem, as `--rejects` files give them.
    var reasons: [String] {
        switch self {
        case .line(let rejection): rejection.reasons
        case .reservedKey: [Self.reservedKeyMessage]
        }
    }

    /// What is wrong with a record that holds the reserved key.
    static let reservedKeyMessage =
        "the mapped record has the top-level key `\(InlineReject.key)`, which `--inline-rejects` keeps for rejects"
}
