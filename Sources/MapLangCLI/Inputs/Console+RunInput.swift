extension Console {
    /// Opens an input of `maplang run`: read through gzip when it starts
    /// with gzip's two magic bytes (no JSON document can: they are control
    /// characters), whatever its name; as it is otherwise.
    ///
    /// A regular file is looked at where it lies; a stream's first two bytes
    /// are read and handed back before the rest.
    func openRunInput(_ path: String) throws(ConsoleError) -> any InputSource {
        let input = try openInput(path)
        // As read errors name it.
        let name = path == "-" ? "standard input" : "`\(path)`"
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
