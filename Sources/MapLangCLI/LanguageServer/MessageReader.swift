import MapLang

/// Reads Language Server Protocol messages from a stream: each a header of
/// `Name: value` lines ending in an empty line, with `Content-Length`
/// giving the size in bytes of the JSON body that follows.
///
/// A header with no valid `Content-Length`, or a body longer than
/// `largestBody`, is a malformed frame: it is skipped (its body read and
/// let go when its length is known) and reported, and reading goes on.
/// Reading finds its way back to the frames after a wrong `Content-Length`:
/// a header that does not parse is skipped to the next `Content-Length`
/// line, and a body that holds one (a line no JSON can hold, since a raw
/// line break cannot be inside a string) is cut there, as soon as it is
/// read, without waiting for the bytes a too large length promised.
struct MessageReader {
    /// The largest body read: larger ones are skipped.
    static let largestBody = 64 << 20
    /// The longest header read before the frame is called malformed.
    static let longestHeader = 8 << 10

    /// One step of reading.
    enum Frame: Equatable {
        /// A message's body.
        case message([UInt8])
        /// A frame that could not be read, and why; reading goes on after it.
        case malformed(String)
        /// The input ended.
        case end
    }

    /// Where bytes come from.
    private let input: any InputSource
    /// Bytes read and not yet taken.
    private var buffer: [UInt8] = []
    /// Where the untaken bytes start in `buffer`.
    private var start = 0
    /// Body bytes still to skip, of a frame too large to read.
    private var skipping = 0
    /// How many bytes of the body being read were searched for a header.
    private var bodySearched = 0
    /// Whether the input has ended.
    private var ended = false

    /// Reads from a stream.
    init(input: any InputSource) {
        self.input = input
    }

    /// The next frame, reading as much as it needs.
    mutating func next() throws(ConsoleError) -> Frame {
        while true {
            if let frame = takeFrame() { return frame }
            if ended {
                let left = buffer.count - start
                start = buffer.count
                return left > 0 && left != skipping ? .malformed("the input ended inside a message") : .end
            }
            let chunk = try input.read(upTo: 64 << 10)
            if chunk.isEmpty { ended = true }
            if start > 0 && start >= buffer.count / 2 {
                buffer.removeSubrange(..<start)
                start = 0
            }
            buffer += chunk
        }
    }

    /// The frames already read in full, without reading more, so requests
    /// they cancel can be found before those requests are answered.
    mutating func takeReadFrames() -> [Frame] {
        var frames: [Frame] = []
        while let frame = takeFrame() { frames.append(frame) }
        return frames
    }

    /// A whole frame from what has been read, or `nil` when more is needed.
    private mutating func takeFrame() -> Frame? {
        if skipping > 0 {
            let skipped = min(skipping, buffer.count - start)
            start += skipped
            skipping -= skipped
            if skipping > 0 { return nil }
        }
        guard let headerEnd = Self.find([13, 10, 13, 10], in: buffer, from: start) else {
            if buffer.count - start > Self.longestHeader {
                // No end of header in sight: let go of what was read.
                start = buffer.count
                return .malformed("a message header longer than \(Self.longestHeader) bytes")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        let bodyStart = headerEnd + 4
        guard let length = Self.contentLength(in: header) else {
            // Bytes left over from a body shorter than its length come
            // before the next header: reading goes on from there.
            start = Self.nextHeader(in: buffer, from: start + 1, to: headerEnd + 2) ?? bodyStart
            return .malformed("a message header without a valid `Content-Length`")
        }
        guard length <= Self.largestBody else {
            start = bodyStart
            skipping = length
            return .malformed("a message of \(length) bytes, more than the \(Self.largestBody >> 20) MiB read")
        }
        // The body read so far, searched once, for the header of the next
        // frame, which means this one's length is more than it holds.
        let end = min(buffer.count, bodyStart + length)
        let from = max(bodyStart, bodyStart + bodySearched - Self.longestHeaderLine)
        if let next = Self.nextHeader(in: buffer, from: from, to: end) {
            start = next
            bodySearched = 0
            return .malformed("a message shorter than its `Content-Length`, \(length) bytes")
        }
        bodySearched = end - bodyStart
        guard buffer.count - bodyStart >= length else { return nil }
        start = bodyStart + length
        bodySearched = 0
        return .message(Array(buffer[bodyStart..<start]))
    }

    /// The longest `Content-Length` line looked for inside a body, so a
    /// search that resumes starts early enough to find one cut by a read.
    private static let longestHeaderLine = 64

    /// Where the first line in `bytes[from..<end]` starts that is a
    /// `Content-Length` header, its name in any case: the name, a colon, a
    /// number and a line break, spaces allowed around the colon.
    static func nextHeader(in bytes: [UInt8], from: Int, to end: Int) -> Int? {
        let name = Array("content-length".utf8)
        var index = from
        while index + name.count < end {
            defer { index += 1 }
            guard bytes[index] | 0x20 == name[0] else { continue }
            var position = index
            guard zip(name, bytes[index..<index + name.count]).allSatisfy({ want, byte in byte == want || byte | 0x20 == want })
            else { continue }
            position += name.count
            while position < end, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") { position += 1 }
            guard position < end, bytes[position] == UInt8(ascii: ":") else { continue }
            position += 1
            while position < end, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") { position += 1 }
            let digits = position
            while position < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            guard position > digits, position + 1 < end, bytes[position] == 13, bytes[position + 1] == 10 else { continue }
            return index
        }
        return nil
    }

    /// The `Content-Length` of a header, its name in any case.
    private static func contentLength(in header: String) -> Int? {
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: false) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            if parts[0].trimmingSuffix(while: { $0 == " " || $0 == "\t" }).lowercased() == "content-length" {
                let text = parts[1].trimmingPrefix(while: { $0 == " " || $0 == "\t" }).trimmingSuffix(while: { $0 == " " || $0 == "\t" })
                guard let value = Int(text), value >= 0 else { return nil }
                length = value
            }
        }
        return length
    }

    /// Where `pattern` first occurs in `bytes` from `from`.
    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard bytes.count - from >= pattern.count else { return nil }
        var index = from
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0] && bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    /// A message's bytes framed for writing.
    static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
