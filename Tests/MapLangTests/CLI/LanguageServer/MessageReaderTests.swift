import Testing

@testable import MapLangCLI

/// `Content-Length` framing: whole and split frames, header names in any
/// case, malformed and oversized frames skipped, and the end of input.
struct MessageReaderTests {
    /// Bytes handed out a few at a time.
    final class ChunkedInput: InputSource {
        private var bytes: [UInt8]
        private let size: Int
        init(_ text: String, size: Int) {
            bytes = Array(text.utf8)
            self.size = size
        }
        func read(upTo limit: Int) throws(ConsoleError) -> [UInt8] {
            let taken = Array(bytes.prefix(min(size, limit)))
            bytes.removeFirst(taken.count)
            return taken
        }
        func mapped() -> MappedInput? { nil }
    }

    static func frames(_ text: String, size: Int = 3) throws -> [MessageReader.Frame] {
        var reader = MessageReader(input: ChunkedInput(text, size: size))
        var frames: [MessageReader.Frame] = []
        while true {
            let frame = try reader.next()
            frames.append(frame)
            if frame == .end { return frames }
        }
    }

    @Test func framesSplitAcrossReadsAreJoined() throws {
        let text = "Content-Length: 2\r\n\r\n{}content-length:4\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\nnull"
        #expect(try Self.frames(text) == [.message(Array("{}".utf8)), .message(Array("null".utf8)), .end])
        #expect(try Self.frames(text, size: 1 << 16) == [.message(Array("{}".utf8)), .message(Array("null".utf8)), .end])
    }

    @Test func spacesAroundHeaderValuesAreAllowed() throws {
        #expect(try Self.frames("Content-Length : 2 \t\r\n\r\n{}") == [.message(Array("{}".utf8)), .end])
    }

    @Test func malformedFramesAreSkippedAndReadingGoesOn() throws {
        let text = "Content-Length: x\r\n\r\nContent-Length: 2\r\n\r\n[]Garbage\r\n\r\nContent-Length: 1\r\n\r\n1"
        #expect(
            try Self.frames(text) == [
                .malformed("a message header without a valid `Content-Length`"), .message(Array("[]".utf8)),
                .malformed("a message header without a valid `Content-Length`"), .message(Array("1".utf8)), .end,
            ])
    }

    @Test func anOversizedBodyIsSkippedWhole() throws {
        let size = MessageReader.largestBody + 1
        let text = "Content-Length: \(size)\r\n\r\n" + String(repeating: "x", count: size) + "Content-Length: 1\r\n\r\n2"
        #expect(
            try Self.frames(text, size: 1 << 20) == [
                .malformed("a message of \(size) bytes, more than the 64 MiB read"), .message(Array("2".utf8)), .end,
            ])
    }

    @Test func theInputEndingInsideAMessageIsSaid() throws {
        #expect(try Self.frames("Content-Length: 10\r\n\r\n{") == [.malformed("the input ended inside a message"), .end])
        #expect(try Self.frames("") == [.end])
    }

    @Test func anEndlessHeaderIsCutOff() throws {
        let text = String(repeating: "a", count: MessageReader.longestHeader + 10)
        #expect(try Self.frames(text, size: 1 << 16).first == .malformed("a message header longer than 8192 bytes"))
    }

    /// A `Content-Length` smaller than the body: the rest of the body comes
    /// before the next header, which reading finds again.
    @Test func aLengthTooSmallFindsTheNextFrame() throws {
        let text = "Content-Length: 5\r\n\r\n{\"a\":1}Content-Length: 2\r\n\r\n[]"
        for size in [1, 3, 1 << 16] {
            #expect(
                try Self.frames(text, size: size) == [
                    .message(Array("{\"a\":".utf8)), .malformed("a message header without a valid `Content-Length`"),
                    .message(Array("[]".utf8)), .end,
                ])
        }
    }

    /// A `Content-Length` larger than the body: the next frame's header is
    /// found inside what was read as the body, and read from, without
    /// waiting for the bytes the length promised.
    @Test func aLengthTooLargeFindsTheNextFrame() throws {
        let text = "Content-Length: 500\r\n\r\n{\"a\":1}content-length : 2\r\n\r\n[]"
        for size in [1, 3, 1 << 16] {
            var reader = MessageReader(input: ChunkedInput(text, size: size))
            #expect(try reader.next() == .malformed("a message shorter than its `Content-Length`, 500 bytes"))
            #expect(try reader.next() == .message(Array("[]".utf8)))
            #expect(try reader.next() == .end)
        }
    }

    /// Text that names the header inside a JSON string is no header: a raw
    /// line break cannot be in a string.
    @Test func aBodyMentioningTheHeaderIsRead() throws {
        let body = #"{"text":"Content-Length: 12\r\n"}"#
        #expect(try Self.frames("Content-Length: \(body.utf8.count)\r\n\r\n" + body) == [.message(Array(body.utf8)), .end])
    }
}
