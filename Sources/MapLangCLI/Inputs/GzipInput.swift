import CZlib

/// An input compressed with gzip, read through the system's zlib and handed
/// on decompressed, a chunk at a time: memory holds one compressed chunk and
/// one decompressed window, whatever the sizes of the file and its contents.
///
/// Several gzip members one after the other (`cat a.gz b.gz`, or what
/// `pigz` and block compressors write) read as one stream, as `gzip -d`
/// reads them. Anything after the last member that is not another member,
/// a member cut short, and data that is not gzip are errors, never a quiet
/// end: no record is lost without a word.
final class GzipInput: InputSource {
    /// The compressed bytes.
    private let source: any InputSource
    /// How messages name the input: `` `logs.gz` `` or `standard input`.
    private let name: String
    /// zlib's state, at an address of its own: zlib checks on each call
    /// that it is given the state it began with.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    /// The compressed bytes of the members before the current one.
    private var earlierMembers = 0
    /// Compressed bytes read and not yet decompressed: `pending[consumed...]`.
    private var pending: [UInt8]
    /// How much of `pending` zlib has taken.
    private var consumed = 0
    /// Whether the compressed input has ended.
    private var sourceEnded = false
    /// Whether the last member read has ended and no other has begun.
    private var memberEnded = false
    /// The error that ended the input, given again to every later read.
    private var failure: ConsoleError?

    /// How much compressed input to read at a time.
    private static let chunkSize = 1 << 18

    /// The two bytes every gzip member starts with (RFC 1952).
    static let magic: [UInt8] = [0x1F, 0x8B]

    /// Starts reading gzip data: `head`, bytes already read from `source`,
    /// then the rest of `source`.
    init(source: any InputSource, head: [UInt8], name: String) throws(ConsoleError) {
        self.source = source
        self.name = name
        self.pending = head
        stream.initialize(to: z_stream())
        // 15 window bits, plus 16: a gzip header and trailer, not zlib's.
        let status = inflateInit2_(stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            // `deinit` gives the state back: zlib's end of a state it never began does nothing.
            throw ConsoleError(message: "cannot read \(name): zlib could not start (status \(status))")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// A compressed input has no bytes of its own to map.
    func mapped() -> MappedInput? { nil }

    /// The next decompressed bytes, at most `limit` of them; empty only at
    /// the end of the last member.
    func read(upTo limit: Int) throws(ConsoleError) -> [UInt8] {
        if let failure { throw failure }
        do {
            return try inflateSome(upTo: max(1, limit))
        } catch {
            failure = error
            throw error
        }
    }

    /// Decompresses until some output is ready or the input has ended.
    private func inflateSome(upTo limit: Int) throws(ConsoleError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: limit)
        var produced = 0
        while produced == 0 {
            if consumed == pending.count {
                guard try refill() else {
                    if memberEnded { return [] }
                    throw ConsoleError(message: "cannot read \(name): the gzip data ends in the middle of a member; the file is cut short")
                }
            }
            if memberEnded {
                // Another member may follow; anything else is an error.
                earlierMembers += Int(stream.pointee.total_in)
                guard try startsAnotherMember() else {
                    throw ConsoleError(
                        message: "cannot read \(name): bytes that are not gzip data follow the compressed data, "
                            + "at byte \(earlierMembers) of the file")
                }
                inflateReset(stream)
                memberEnded = false
            }
            let status = inflateStep(into: &output, at: produced, limit: limit, produced: &produced)
            switch status {
            case Z_STREAM_END:
                memberEnded = true
            case Z_OK, Z_BUF_ERROR:
                break
            case Z_NEED_DICT:
                throw ConsoleError(message: "cannot read \(name): the gzip data asks for a preset dictionary, which gzip files never do")
            default:
                let reason = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
                throw ConsoleError(message: "cannot read \(name): not valid gzip data (\(reason))")
            }
        }
        output.removeSubrange(produced...)
        return output
    }

    /// Runs zlib once over the pending input, into `output` from `at`.
    private func inflateStep(into output: inout [UInt8], at start: Int, limit: Int, produced: inout Int) -> Int32 {
        let available = pending.count - consumed
        var status: Int32 = Z_OK
        pending.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.pointee.next_in = input.baseAddress! + consumed
                stream.pointee.avail_in = UInt32(available)
                stream.pointee.next_out = out.baseAddress! + start
                stream.pointee.avail_out = UInt32(limit - start)
                status = inflate(stream, Z_NO_FLUSH)
                consumed += available - Int(stream.pointee.avail_in)
                produced = limit - Int(stream.pointee.avail_out)
                stream.pointee.next_in = nil
                stream.pointee.next_out = nil
            }
        }
        return status
    }

    /// Reads more compressed input once what was read is used up; `false`
    /// when the input has ended.
    private func refill() throws(ConsoleError) -> Bool {
        guard !sourceEnded else { return false }
        pending = try source.read(upTo: Self.chunkSize)
        consumed = 0
        sourceEnded = pending.isEmpty
        return !sourceEnded
    }

    /// Whether the pending input starts another member, reading one more
    /// byte when only the first of its two magic bytes has come.
    private func startsAnotherMember() throws(ConsoleError) -> Bool {
        if pending.count - consumed < 2 {
            let more = sourceEnded ? [] : try source.read(upTo: Self.chunkSize)
            pending = Array(pending[consumed...]) + more
            consumed = 0
            if more.isEmpty { sourceEnded = true }
        }
        return Array(pending[consumed..<min(pending.count, consumed + 2)]) == Self.magic
    }
}
