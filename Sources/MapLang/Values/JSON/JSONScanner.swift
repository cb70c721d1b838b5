/// The parser behind `JSONReader`: scans UTF-8 bytes by index and builds values.
///
/// Nesting is kept on explicit stacks rather than the call stack, so even
/// absurdly deep input fails with `tooDeep` instead of overflowing. The
/// elements and members of all open containers share two flat stacks; a
/// container's values are copied out once, when it closes.
///
/// A scanner that has thrown is left mid-way and must not be used again.
struct JSONScanner {
    /// The text being read.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Limits and the duplicate key policy.
    let options: JSONReaderOptions
    /// The offset of the next byte to read.
    var position = 0
    /// The finished elements of every open array, outermost first.
    var elements: [JSONValue] = []
    /// The finished members of every open object, outermost first.
    var members: [JSONMember] = []
    /// The open arrays and objects, outermost first.
    var frames: [Frame] = []
    /// Whether white space ends before a line break, leaving it unread, so
    /// that nothing read goes on past its line: set to read an NDJSON line
    /// whose end is not known yet. A `\n` is never part of a token, so a
    /// value that goes on past its line then fails where its line ends.
    var stopsAtLineBreaks = false

    /// Objects with more members than this find duplicate keys through a hash index.
    static let linearLookupLimit = 16

    /// An array or object that has been opened and not yet closed.
    struct Frame {
        /// Whether this is an object rather than an array.
        var isObject: Bool
        /// Where this container's values start in `elements` or `members`.
        var start: Int
        /// For objects, the key whose value is being read.
        var key = ""
        /// For objects, the offset of that key's opening quote.
        var keyOffset = 0
        /// For large objects, the index in `members` of each key.
        var index: [ExactKey: Int]? = nil
    }

    /// Creates a scanner at the start of some bytes.
    init(bytes: UnsafeBufferPointer<UInt8>, options: JSONReaderOptions) {
        self.bytes = bytes
        self.options = options
    }

    // MARK: - Documents

    /// `document = BOM? ws value ws`, the whole input.
    mutating func readDocument() throws(JSONSyntaxError) -> JSONValue {
        try readDocumentStart()
        let value = try readValue(depth: 0, expected: .value)
        try readDocumentEnd()
        return value
    }

    /// Skips one UTF-8 byte order mark and leading whitespace; rejects UTF-16 and UTF-32.
    mutating func readDocumentStart() throws(JSONSyntaxError) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
        } else if looksLikeUTF16OrUTF32 {
            throw error(.utf16NotSupported, at: 0)
        }
        skipWhitespace()
    }

    /// Whether the input starts with a UTF-16 byte order mark, or with the
    /// zero bytes that an ASCII character has in UTF-16 or UTF-32.
    ///
    /// JSON text starts with an ASCII character, so its first four bytes
    /// tell the encodings apart (RFC 4627, section 3): `00 00 00 xx` and
    /// `xx 00 00 00` are UTF-32, `00 xx 00 xx` and `xx 00 xx 00` UTF-16.
    var looksLikeUTF16OrUTF32: Bool {
        guard bytes.count >= 2 else { return false }
        if (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) { return true }
        // A bit for each of the first bytes, the first one highest, set when the byte is zero.
        let count = min(4, bytes.count)
        let zeros = (0..<count).reduce(0) { bits, index in bits << 1 | (bytes[index] == 0 ? 1 : 0) }
        switch (count, zeros) {
        case (2, 0b10), (2, 0b01): return true
        case (4, 0b1110), (4, 0b0111): return true
        case (4, 0b1010), (4, 0b0101): return true
        default: return false
        }
    }

    /// Checks that only whitespace follows the document's value.
    mutating func readDocumentEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < bytes.count else { return }
        let found = try token(at: position)
        throw error(.trailingContent(found: found), at: position)
    }

    // MARK: - Values

    /// `value = object | array | string | number | "true" | "false" | "null"`.
    ///
    /// Reads one value, with whitespace before it, leaving `position` just past it.
    ///
    /// - Parameters:
    ///   - depth: How many containers already enclose the value.
    ///   - expected: What to report if no value starts here.
    mutating func readValue(depth: Int, expected: JSONSyntaxError.Expected) throws(JSONSyntaxError) -> JSONValue {
        let bottom = frames.count
        var expected = expected
        nextValue: while true {
            skipWhitespace()
            guard position < bytes.count else { throw error(.unexpectedEnd(expected: expected), at: position) }
            var value: JSONValue
            switch bytes[position] {
            case UInt8(ascii: "["):
                try checkDepth(depth + frames.count - bottom + 1)
                position += 1
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    value = .array([])
                } else {
                    frames.append(Frame(isObject: false, start: elements.count))
                    expected = .valueOrArrayEnd
                    continue nextValue
                }
            case UInt8(ascii: "{"):
                try checkDepth(depth + frames.count - bottom + 1)
                position += 1
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    value = .object(JSONObject())
                } else {
                    frames.append(Frame(isObject: true, start: members.count))
                    try readKey(expected: .keyOrObjectEnd)
                    expected = .value
                    continue nextValue
                }
            case UInt8(ascii: "\""):
                value = .string(try readString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try readNumber())
            case UInt8(ascii: "t"):
                try readLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try readLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try readLiteral("null")
                value = .null
            default:
                throw try unexpected(expected)
            }

            // Add the finished value to its container; a closing bracket
            // finishes that container in turn.
            while frames.count > bottom {
                let top = frames.count - 1
                let start = frames[top].start
                if frames[top].isObject {
                    try addMember(value)
                    skipWhitespace()
                    if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
                        position += 1
                        try readKey(expected: .key)
                        expected = .value
                        continue nextValue
                    }
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else {
                        throw try unexpected(.objectSeparator)
                    }
                    position += 1
                    value = .object(JSONObject(Array(members[start...])))
                    members.removeSubrange(start...)
                } else {
                    elements.append(value)
                    skipWhitespace()
                    if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
                        position += 1
                        expected = .value
                        continue nextValue
                    }
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "]") else {
                        throw try unexpected(.arraySeparator)
                    }
                    position += 1
                    value = .array(Array(elements[start...]))
                    elements.removeSubrange(start...)
                }
                frames.removeLast()
            }
            return value
        }
    }

    /// Fails when opening a container would nest deeper than allowed.
    func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        if depth > options.maxDepth { throw error(.tooDeep(limit: options.maxDepth), at: position) }
    }

    /// `member = ws string ws ":"`, up to the member's value, for the innermost open object.
    mutating func readKey(expected: JSONSyntaxError.Expected) throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw try unexpected(expected) }
        let keyOffset = position
        let key = try readString()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw try unexpected(.colon) }
        position += 1
        let top = frames.count - 1
        frames[top].key = key
        frames[top].keyOffset = keyOffset
    }

    /// Adds a member to the innermost open object, applying the duplicate key policy.
    ///
    /// Small objects look for an earlier equal key by a linear scan; once an
    /// object outgrows `linearLookupLimit`, it gets a hash index, so every
    /// object is read in expected linear time.
    mutating func addMember(_ value: JSONValue) throws(JSONSyntaxError) {
        let top = frames.count - 1
        let key = frames[top].key
        let start = frames[top].start
        var existing: Int?
        if let index = frames[top].index {
            existing = index[ExactKey(string: key)]
        } else {
            existing = members[start...].firstIndex { ExactKey.equal($0.key, key) }
        }
        if let existing {
            if options.duplicateKeys == .reject {
                throw error(.duplicateKey(key), at: frames[top].keyOffset)
            }
            members[existing].value = value
            return
        }
        members.append(JSONMember(key: key, value: value))
        if frames[top].index != nil {
            frames[top].index![ExactKey(string: key)] = members.count - 1
        } else if members.count - start > Self.linearLookupLimit {
            var index: [ExactKey: Int] = [:]
            index.reserveCapacity(Self.linearLookupLimit * 4)
            for position in start..<members.count {
                index[ExactKey(string: members[position].key)] = position
            }
            frames[top].index = index
        }
    }

    /// Reads `true`, `false` or `null`, whichever `word` is, or fails naming the word found.
    @inline(__always)
    mutating func readLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let start = position
        let length = word.utf8CodeUnitCount
        assert(length == 4 || length == 5, "readLiteral reads true, false or null")
        // The first four bytes compared as one word, then `false`'s fifth.
        guard start + length <= bytes.count,
            UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: start, as: UInt32.self)
                == word.withUTF8Buffer({ UnsafeRawBufferPointer($0).loadUnaligned(as: UInt32.self) }),
            length == 4 || bytes[start + 4] == word.utf8Start[4],
            // `truex` is one wrong word, not `true` followed by junk.
            start + length == bytes.count || !Self.isWordByte(bytes[start + length])
        else { throw try wrongLiteral(word) }
        position = start + length
    }

    /// The error for a word at `position` that is not the literal `word`.
    private func wrongLiteral(_ word: StaticString) throws(JSONSyntaxError) -> JSONSyntaxError {
        error(.unexpectedToken(found: try token(at: position), expected: .literal(word.description)), at: position)
    }

    // MARK: - Whitespace

    /// Skips `ws = *( %x20 / %x09 / %x0A / %x0D )`, up to a line break
    /// when `stopsAtLineBreaks` is set.
    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0D, 0x09: position += 1
            case 0x0A where !stopsAtLineBreaks: position += 1
            default: return
            }
        }
    }

    /// Where the line ends when nothing but white space follows the
    /// position on it: the offset of its `\n`, or the end of the bytes;
    /// `nil` when anything else comes first.
    func lineEnd() -> Int? {
        var index = position
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0D, 0x09: index += 1
            case 0x0A: return index
            default: return nil
            }
        }
        return index
    }
}
