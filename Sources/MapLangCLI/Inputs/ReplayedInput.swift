/// A stream whose first bytes were read to see what it holds: they are
/// handed out first, then the rest of the stream.
final class ReplayedInput: InputSource {
    /// The bytes read ahead, not yet handed out.
    private var head: [UInt8]
    /// The stream after them.
    private let rest: any InputSource

    /// Creates the stream of `head`, then `rest`.
    init(head: [UInt8], rest: any InputSource) {
        self.head = head
        self.rest = rest
    }

    /// The bytes read ahead first, then the stream's.
    func read(upTo limit: Int) throws(ConsoleError) -> [UInt8] {
        guard !head.isEmpty else { return try rest.read(upTo: limit) }
        let taken = Array(head.prefix(limit))
        head.removeFirst(taken.count)
        return taken
    }

    /// A stream is not mapped.
    func mapped() -> MappedInput? { nil }
}
