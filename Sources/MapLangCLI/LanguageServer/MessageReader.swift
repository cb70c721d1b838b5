import MapLang

/// Reads Language Server Protocol messages from a stream: each a header of
/// `Name: value` lines ending in an empty line, with `Content-Length`
/// giving the size in bytes of the JSON body that follows.
///
/// A header with no valid `Content-Length`, or a body longer than
/// `largestBody`, is a malformed frame: it is skipped (its body read and
/// let go when its length is known) and reported, and reading goes on.
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
            start = bodyStart
            return .malformed("a message header without a valid `Content-Length`")
        }
        guard length <= Self.largestBody else {
            start = bodyStart
            skipping = length
            return .malformed("a message of \(length) bytes, more than the \(Self.largestBody >> 20) MiB read")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        start = bodyStart + length
        return .message(Array(buffer[bodyStart..<start]))
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
