// MARK: - Making errors

extension JSONScanner {
    /// An error at a byte offset, with its line and column worked out now.
    ///
    /// Only the input's bytes are passed on, and the work is kept out of
    /// line: the scanning loops that may throw then keep just the position
    /// and the bytes in registers, rather than a copy of the whole scanner.
    func error(_ reason: JSONSyntaxError.Reason, at offset: Int) -> JSONSyntaxError {
        Self.error(reason, at: offset, in: bytes)
    }

    /// An error at a byte offset of `bytes`, with its line and column worked out now.
    @inline(never)
    static func error(_ reason: JSONSyntaxError.Reason, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // A byte order mark is invisible, so it takes no column.
        if line == 1, offset >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            lineStart = 3
        }
        let prefix = UnsafeBufferPointer(rebasing: bytes[lineStart..<max(lineStart, min(offset, bytes.count))])
        let column = String(decoding: prefix, as: UTF8.self).count + 1
        return JSONSyntaxError(reason: reason, offset: offset, line: line, column: column)
    }

    /// The error for finding something other than `expected` at `position`.
    func unexpected(_ expected: JSONSyntaxError.Expected) throws(JSONSyntaxError) -> JSONSyntaxError {
        guard position < bytes.count else { return error(.unexpectedEnd(expected: expected), at: position) }
        return error(.unexpectedToken(found: try token(at: position), expected: expected), at: position)
    }

    /// The text to name in a message about the input at `offset`.
    ///
    /// A word (`True`, `NaN`, `nul`) is named whole, up to 40 bytes; anything
    /// else is one character.
    ///
    /// - Throws: `invalidUTF8` when the bytes there are not UTF-8.
    func token(at offset: Int) throws(JSONSyntaxError) -> String {
        let first = bytes[offset]
        var end = offset + 1
        if Self.isWordByte(first) {
            while end < bytes.count, end - offset < 40, Self.isWordByte(bytes[end]) { end += 1 }
        } else if first >= 0x80 {
            guard let length = utf8SequenceLength(at: offset) else {
                throw error(.invalidUTF8(byte: first), at: offset)
            }
            end = offset + length
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }

    /// Whether a byte is an ASCII letter, digit or `_`, the bytes a word is made of.
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
