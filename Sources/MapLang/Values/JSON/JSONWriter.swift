/// Writes values as JSON text into a growing UTF-8 buffer.
///
/// Compact style has no whitespace at all: `{"a":1,"b":[1,2]}`. Pretty style
/// puts each element and member on its own line, indented by two spaces per
/// level, with `"key": value` and empty containers as `[]` and `{}`.
///
/// Strings escape `"`, `\` and control characters only (`\n`, `\r`, `\t`,
/// `\b`, `\f`, others as `\u00xx`); `/` and non-ASCII characters pass through
/// as UTF-8. A `double` is written in the shortest form that reads back as
/// the same value; a `decimal` verbatim; a `date` as an ISO-8601 UTC string.
///
/// ```swift
/// var writer = JSONWriter(style: .compact)
/// writer.write(.int(1))
/// writer.bytes.append(UInt8(ascii: "\n"))
/// ```
package struct JSONWriter: Sendable {
    /// How much whitespace to write.
    package enum Style: Sendable {
        /// No whitespace at all.
        case compact
        /// One element or member per line, indented by two spaces per level.
        case pretty
    }

    /// The whitespace style.
    package var style: Style
    /// Everything written so far; callers may append separators such as newlines.
    package var bytes: [UInt8] = []
    /// Writing may stop once `bytes` is longer than this; used for previews.
    var byteLimit = Int.max
    /// How many containers enclose what is being written.
    private var depth = 0

    /// Creates a writer with an empty buffer.
    package init(style: Style = .compact) {
        self.style = style
    }

    /// Serialises one value into a new buffer: valid JSON whatever the
    /// value holds (see `write(_:)`).
    package static func serialize(_ value: MappedValue, style: Style = .compact) -> [UInt8] {
        var writer = JSONWriter(style: style)
        writer.write(value)
        return writer.bytes
    }

    // MARK: - Values

    /// Appends one value to `bytes`, with nothing before or after it.
    ///
    /// What JSON cannot hold is written as `null`: a `double` that is not
    /// finite (NaN, an infinity), and a `decimal` whose text is not a JSON
    /// number literal, which would otherwise inject its text into the output.
    /// Mapping never makes either; a value built by hand can.
    package mutating func write(_ value: MappedValue) {
        switch value {
        case .null:
            append("null")
        case .bool(let flag):
            append(flag ? "true" : "false")
        case .int(let integer):
            writeInteger(integer)
        case .double(let double):
            guard double.isFinite else { return append("null") }
            NumberText.appendJSON(double, to: &bytes)
        case .decimal(let literal):
            guard JSONNumberGrammar.isLiteral(literal) else { return append("null") }
            bytes.append(contentsOf: literal.utf8)
        case .string(let string), .url(let string):
            writeString(string)
        case .date(let timestamp):
            bytes.append(UInt8(ascii: "\""))
            timestamp.appendISO8601(to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        case .array(let elements):
            writeContainer(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: elements.count) { writer, index in
                writer.write(elements[index])
            }
        case .object(let object):
            let members = object.members
            writeContainer(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: members.count) { writer, index in
                writer.writeKey(members[index].key)
                writer.write(members[index].value)
            }
        }
    }

    // MARK: - Pieces

    /// Writes the brackets of an array or object around `count` entries, one per line when pretty.
    mutating func writeContainer(
        open: UInt8, close: UInt8, count: Int, entry: (inout JSONWriter, Int) -> Void
    ) {
        beginContainer(open)
        for index in 0..<count {
            beginEntry(index)
            entry(&self, index)
            if bytes.count > byteLimit { break }
        }
        endContainer(close, isEmpty: count == 0)
    }

    /// Opens an array or object whose entries follow, each after `beginEntry`.
    mutating func beginContainer(_ open: UInt8) {
        bytes.append(open)
        depth += 1
    }

    /// Starts the entry at `index` of the innermost open container: a comma
    /// after the first, and in pretty style a new line.
    mutating func beginEntry(_ index: Int) {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        writeLineBreak()
    }

    /// Starts the entry at `index` of the innermost open object and writes
    /// its key, given as compact style writes an entry after the first: a
    /// comma, the key as a JSON string, a colon. In compact style that is
    /// one copy, from past the comma for the first entry.
    mutating func beginEntry(_ index: Int, key separatedKey: UnsafeBufferPointer<UInt8>) {
        guard style == .compact else {
            beginEntry(index)
            writeKey(quoted: UnsafeBufferPointer(rebasing: separatedKey.dropFirst().dropLast()))
            return
        }
        bytes.appendBytes(index > 0 ? separatedKey : UnsafeBufferPointer(rebasing: separatedKey.dropFirst()))
    }

    /// Closes the innermost open container.
    ///
    /// - Parameter isEmpty: Whether no entry was written, which keeps `[]` and `{}` on one line.
    mutating func endContainer(_ close: UInt8, isEmpty: Bool) {
        depth -= 1
        if !isEmpty { writeLineBreak() }
        bytes.append(close)
    }

    /// Whether exactly `null` was written since `mark` was taken.
    func wroteNull(since mark: (count: Int, depth: Int)) -> Bool {
        bytes.count - mark.count == 4 && bytes[mark.count...].elementsEqual("null".utf8)
    }

    /// Where the writer is, to go back to with `rewind(to:)`.
    var mark: (count: Int, depth: Int) { (bytes.count, depth) }

    /// Drops everything written since `mark` was taken.
    mutating func rewind(to mark: (count: Int, depth: Int)) {
        bytes.removeSubrange(mark.count...)
        depth = mark.depth
    }

    /// Writes an object key and its colon.
    mutating func writeKey(_ key: String) {
        writeString(key)
        writeColon()
    }

    /// Writes an object key already written as a JSON string, quotes
    /// included, and its colon.
    mutating func writeKey(quoted: UnsafeBufferPointer<UInt8>) {
        bytes.appendBytes(quoted)
        writeColon()
    }

    /// The colon after a key, and in pretty style a space.
    private mutating func writeColon() {
        bytes.append(UInt8(ascii: ":"))
        if style == .pretty { bytes.append(UInt8(ascii: " ")) }
    }

    /// In pretty style, starts a new line indented for the current depth.
    private mutating func writeLineBreak() {
        guard style == .pretty else { return }
        // A line break and the spaces of 32 levels, of which a prefix is taken.
        let lineBreak: StaticString = "\n                                                                "
        let count = 1 + depth * 2
        lineBreak.withUTF8Buffer { bytes.appendBytes(UnsafeBufferPointer(rebasing: $0.prefix(count))) }
        if count > lineBreak.utf8CodeUnitCount {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count - lineBreak.utf8CodeUnitCount))
        }
    }

    /// Appends ASCII text.
    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.appendBytes($0) }
    }

    /// Writes an integer in decimal.
    mutating func writeInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        bytes.appendDecimal(value.magnitude)
    }

    /// Writes a string in quotes, escaping what JSON requires.
    mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { writeString(utf8: $0) }
    }

    /// Writes a string given as well-formed UTF-8 in quotes, escaping what JSON requires.
    mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        let room = byteLimit - bytes.count
        writeEscaped(room < utf8.count ? UnsafeBufferPointer(rebasing: utf8.prefix(max(0, room) + 1)) : utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a string in quotes from UTF-8 known to need no escaping: the
    /// text of a JSON string literal that has no escapes.
    mutating func writeUnescapedString(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.appendBytes(utf8, quoted: true)
    }

    /// Appends UTF-8 text, escaping `"`, `\` and control characters.
    private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") { continue }
            bytes.appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            runStart = index + 1
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                let hexDigits: StaticString = "0123456789abcdef"
                bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(hexDigits.utf8Start[Int(byte >> 4)])
                bytes.append(hexDigits.utf8Start[Int(byte & 0xF)])
            }
        }
        bytes.appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
}

extension [UInt8] {
    /// Appends `value` in decimal ASCII digits, zero-padded to at least
    /// `minimumWidth` digits, in one copy.
    ///
    /// - Precondition: `minimumWidth` is at most 20, the digits of `UInt64.max`.
    mutating func appendDecimal(_ value: UInt64, minimumWidth: Int = 1) {
        precondition(minimumWidth <= 20, "at most 20 decimal digits")
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        Swift.withUnsafeMutableBytes(of: &scratch) { raw in
            let digits = raw.bindMemory(to: UInt8.self)
            var position = raw.count
            var rest = value
            repeat {
                position -= 1
                digits[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            while raw.count - position < minimumWidth {
                position -= 1
                digits[position] = UInt8(ascii: "0")
            }
            appendBytes(UnsafeBufferPointer(rebasing: digits[position...]))
        }
    }

    /// Appends bytes with one copy, in quotes when `quoted`, growing the
    /// array as `append` does.
    ///
    /// `append(contentsOf:)` takes the generic path for sequences, which
    /// costs more than the copy itself for the short keys and values records
    /// are made of.
    @inline(__always)
    mutating func appendBytes(_ source: UnsafeBufferPointer<UInt8>, quoted: Bool = false) {
        let quotes = quoted ? 2 : 0
        append(addingCapacity: source.count + quotes) { span in
            span.withUnsafeMutableBufferPointer { buffer, initialized in
                // Bytes are trivial, so the free capacity is written as raw memory.
                let free = UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[initialized...])
                if quoted { free[0] = UInt8(ascii: "\"") }
                UnsafeMutableRawBufferPointer(rebasing: free[(quoted ? 1 : 0)...]).copyMemory(from: UnsafeRawBufferPointer(source))
                if quoted { free[source.count + 1] = UInt8(ascii: "\"") }
                initialized += source.count + quotes
            }
        }
    }
}
