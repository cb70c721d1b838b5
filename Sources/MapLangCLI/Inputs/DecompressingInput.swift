extension Console {
    /// Opens an input of `maplang run`: read through gzip when it starts
    /// with gzip's two magic bytes (no JSON document can: they are control
    /// characters), whatever its name; as it is otherwise.
    ///
    /// A regular file is looked at where it lies; a stream's first two bytes
    /// are read and handed back before the rest.
    func openRunInput(_ path: String, name: String) throws(ConsoleError) -> any InputSource {
        let input = try openInput(path)
        if let mapped = input.mapped() {
            guard mapped.buffer.starts(with: GzipInput.magic) else { return input }
            return try GzipInput(source: input, head: [], name: name)
        }
        var head: [UInt8] = []
        while head.count < GzipInput.magic.count {
            let more = try input.read(upTo: GzipInput.magic.count - head.count)
            if more.isEmpty { break }
            head += more
        }
        if head == GzipInput.magic { return try GzipInput(source: input, head: head, name: name) }
        return ReplayedInput(head: head, rest: input)
    }
}

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
