/// A cursor over the UTF-8 bytes of a date, shared by the ISO-8601 reader
/// and date patterns: it reads digits and literal bytes and describes what
/// it found when the input does not match.
///
/// It borrows its bytes, so it must not outlive the buffer it was made from.
struct DateTextScanner {
    /// The input's UTF-8 bytes.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The byte offset of the next byte to read.
    private(set) var offset = 0

    /// Creates a scanner at the start of `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte, or `nil` at the end.
    var next: UInt8? { isAtEnd ? nil : bytes[offset] }

    /// Moves past `count` bytes.
    mutating func advance(by count: Int) {
        offset = min(bytes.count, offset + count)
    }

    /// Reads `byte` if it is next.
    ///
    /// - Returns: whether the byte was there and has been read.
    mutating func take(_ byte: UInt8) -> Bool {
        guard next == byte else { return false }
        offset += 1
        return true
    }

    /// Reads the ASCII character `character` exactly, or throws an
    /// `expected` error naming it.
    mutating func expect(ascii character: Unicode.Scalar) throws(DateParseError) {
        guard take(UInt8(ascii: character)) else {
            throw DateParseError(.expected(.literal(String(character)), found: foundCharacter()), at: offset)
        }
    }

    /// Reads `text` exactly, or throws an `expected` error naming it.
    mutating func expect(_ text: String) throws(DateParseError) {
        let utf8 = text.utf8
        guard offset + utf8.count <= bytes.count, bytes[offset..<offset + utf8.count].elementsEqual(utf8) else {
            throw DateParseError(.expected(.literal(text), found: foundCharacter()), at: offset)
        }
        offset += utf8.count
    }

    /// Reads a decimal number of `minimum` to `maximum` ASCII digits (no
    /// limit when `nil`), taking as many as are there up to the maximum.
    ///
    /// - Throws: an `expected` error at the field's start when fewer than
    ///   `minimum` digits are there.
    mutating func readNumber(_ field: DateParseError.Field, minimum: Int, maximum: Int?) throws(DateParseError) -> Int {
        let run = digitRunLength()
        let count = min(run, maximum ?? run)
        guard count >= minimum else {
            let found = run > 0 ? DateParseError.Found.text(text(offset..<offset + run)) : foundCharacter()
            throw DateParseError(
                .expected(.digits(field, minimum: minimum, maximum: maximum), found: found), at: offset)
        }
        var value = 0
        for byte in bytes[offset..<offset + count] {
            // Saturate rather than overflow; callers range-check the value.
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            value = overflow ? Int.max : min(Int.max - 9, product) + Int(byte - UInt8(ascii: "0"))
        }
        offset += count
        return value
    }

    /// Reads the digits of a fraction of a second, as `readNumber` does, and
    /// returns them as nanoseconds. Digits past the ninth are read and
    /// dropped, truncating toward zero.
    mutating func readFraction(minimum: Int, maximum: Int?) throws(DateParseError) -> Int32 {
        let start = offset
        _ = try readNumber(.fraction, minimum: minimum, maximum: maximum)
        var nanoseconds: Int32 = 0
        for index in 0..<9 {
            let position = start + index
            let digit = position < offset ? Int32(bytes[position] - UInt8(ascii: "0")) : 0
            nanoseconds = nanoseconds * 10 + digit
        }
        return nanoseconds
    }

    /// Reads a UTC offset: `Z` or `z`, or a sign and hours with optional
    /// minutes, written `+02`, `+0200` or `+02:00`.
    ///
    /// - Returns: the offset in seconds east of UTC.
    mutating func readUTCOffset() throws(DateParseError) -> Int {
        if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) { return 0 }
        let sign: Int
        if take(UInt8(ascii: "+")) {
            sign = 1
        } else if take(UInt8(ascii: "-")) {
            sign = -1
        } else {
            throw DateParseError(.expected(.timeZoneOffset, found: foundCharacter()), at: offset)
        }
        let hoursStart = offset
        let hours = try readNumber(.timeZoneHours, minimum: 2, maximum: 2)
        try Self.check(.timeZoneHours, hours, in: 0...23, at: hoursStart)
        var minutes = 0
        if take(UInt8(ascii: ":")) || digitRunLength() > 0 {
            let minutesStart = offset
            minutes = try readNumber(.timeZoneMinutes, minimum: 2, maximum: 2)
            try Self.check(.timeZoneMinutes, minutes, in: 0...59, at: minutesStart)
        }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// Throws `valueOutOfRange` for `field` at `offset` unless `range` holds `value`.
    static func check(
        _ field: DateParseError.Field, _ value: Int, in range: ClosedRange<Int>, at offset: Int
    ) throws(DateParseError) {
        guard range.contains(value) else {
            throw DateParseError(.valueOutOfRange(field, value: value, range: range), at: offset)
        }
    }

    /// Runs `body` on the bytes of `utf8` as one contiguous buffer, copying
    /// them only when the collection does not store them contiguously.
    static func withContiguousBytes<Result>(
        of utf8: some Collection<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws(DateParseError) -> Result
    ) throws(DateParseError) -> Result {
        let direct = utf8.withContiguousStorageIfAvailable { buffer in
            Swift.Result { () throws(DateParseError) in try body(buffer) }
        }
        if let direct { return try direct.get() }
        return try Array(utf8).withUnsafeBufferPointer { buffer in
            Swift.Result { () throws(DateParseError) in try body(buffer) }
        }.get()
    }

    // MARK: - Describing the input

    /// What is at the cursor: one character, or the end of the input.
    func foundCharacter() -> DateParseError.Found {
        guard !isAtEnd else { return .endOfInput }
        let window = bytes[offset..<min(bytes.count, offset + 16)]
        let character = String(decoding: window, as: UTF8.self).first.map(String.init) ?? ""
        return .text(character)
    }

    /// What is at the cursor: a run of ASCII letters when there is one, else
    /// as `foundCharacter()`.
    func foundWord() -> DateParseError.Found {
        var end = offset
        while end < bytes.count, Self.isASCIILetter(bytes[end]) { end += 1 }
        return end > offset ? .text(text(offset..<end)) : foundCharacter()
    }

    /// The number of consecutive ASCII digits at the cursor.
    func digitRunLength() -> Int {
        var end = offset
        while end < bytes.count, Self.isDigit(bytes[end]) { end += 1 }
        return end - offset
    }

    /// Whether `byte` is an ASCII digit.
    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Whether `byte` is an ASCII letter.
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
