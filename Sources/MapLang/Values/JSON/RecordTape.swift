/// The compact JSON of mapped records, indexed once so that a `Decoder`
/// finds any member or element by jumping over whole values instead of
/// parsing text again or building a tree.
///
/// Each value has one entry, in document order; a container's entry is
/// followed by its contents' entries (an object's as key, value, key,
/// value…), and every entry records where the value after it starts, so
/// skipping a value of any size is one step.
///
/// A class so that containers share one tape, and an object's entry can
/// remember where its last member was found: `Decodable` types read their
/// keys in declaration order, which is the order mapping writes them in, so
/// the next key asked for is almost always the one after.
final class RecordTape {
    /// What an entry holds.
    enum Kind: UInt8 {
        case object, array, string, escapedString, number, `true`, `false`, null
    }

    /// One value of the document.
    struct Entry {
        /// What the value is.
        var kind: Kind
        /// The offset of its first byte; for a string, of the first byte after the opening quote.
        var start: Int32
        /// The offset just past it; for a string, of the closing quote.
        var end: Int32
        /// The index of the entry after this value and everything in it.
        var next: Int32
        /// An array's number of elements; an object's last key found (see
        /// `RecordTape`), or 0 before any.
        var extra: Int32
    }

    /// The JSON text.
    let bytes: [UInt8]
    /// The values, in document order.
    ///
    /// Only `remember` changes an entry, and decoding runs on one thread,
    /// so no access overlaps another; unchecked, reading an entry costs no
    /// more than reading an array's element.
    @exclusivity(unchecked) private(set) var entries: [Entry]

    /// The entry of each value `init(json:values:)` indexed, in order.
    let starts: [Int]

    /// Indexes JSON text that `JSONWriter` wrote; `nil` when it is not JSON
    /// (which mapping never writes) or is 2 GiB or more.
    convenience init?(json: [UInt8]) {
        self.init(json: json, values: CollectionOfOne(0..<json.count))
    }

    /// Indexes values that `JSONWriter` wrote end to end, such as the
    /// records of a run, each at a range of `json`, on one tape: the entry
    /// of the value at `values[n]` is `starts[n]`. `nil` when some range is
    /// not one JSON value (which mapping never writes), or the text is
    /// 2 GiB or more.
    init?(json: [UInt8], values: some Collection<Range<Int>>) {
        guard json.count < Int32.max else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(json.count / 6)
        var starts: [Int] = []
        starts.reserveCapacity(values.count)
        let indexed = json.withUnsafeBufferPointer { buffer in
            values.allSatisfy { range in
                starts.append(entries.count)
                return range.upperBound <= buffer.count
                    && Self.index(UnsafeBufferPointer(rebasing: buffer[..<range.upperBound]), from: range.lowerBound, into: &entries)
            }
        }
        guard indexed else { return nil }
        self.bytes = json
        self.entries = entries
        self.starts = starts
    }

    /// The entry at an index.
    subscript(index: Int) -> Entry { entries[index] }

    /// Remembers the key last found in an object.
    func remember(key: Int, in object: Int) {
        entries[object].extra = Int32(key)
    }

    /// Appends the entries of the one value that runs from `start` to the
    /// end of `buffer`, white space aside; `false` when that is not one
    /// value. Offsets are from `buffer`'s start.
    ///
    /// Nesting is kept on an explicit stack, so no depth overflows the call stack.
    private static func index(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, into entries: inout [Entry]) -> Bool {
        let unlimited = JSONReaderOptions(maxDepth: .max, maxStringBytes: .max, maxNumberLength: .max)
        var scanner = JSONScanner(bytes: buffer, options: unlimited)
        scanner.position = start
        var open: [Int] = []
        /// Appends the entry of the scalar or container opening at the scanner's position.
        func value() -> Bool {
            scanner.skipWhitespace()
            guard scanner.position < buffer.count else { return false }
            let start = scanner.position
            let kind: Kind
            switch buffer[start] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open.append(entries.count)
                let isObject = buffer[start] == UInt8(ascii: "{")
                entries.append(Entry(kind: isObject ? .object : .array, start: Int32(start), end: 0, next: 0, extra: 0))
                scanner.position += 1
                return true
            case UInt8(ascii: "\""):
                return string()
            case UInt8(ascii: "t"):
                guard (try? scanner.readLiteral("true")) != nil else { return false }
                kind = .true
            case UInt8(ascii: "f"):
                guard (try? scanner.readLiteral("false")) != nil else { return false }
                kind = .false
            case UInt8(ascii: "n"):
                guard (try? scanner.readLiteral("null")) != nil else { return false }
                kind = .null
            default:
                guard (try? scanner.scanNumber()) != nil else { return false }
                kind = .number
            }
            entries.append(Entry(kind: kind, start: Int32(start), end: Int32(scanner.position), next: Int32(entries.count + 1), extra: 0))
            return true
        }
        /// Appends the entry of the string at the scanner's position.
        ///
        /// The text is `JSONWriter`'s, so its UTF-8 is not checked again:
        /// only the closing quote is looked for, past escapes.
        func string() -> Bool {
            let quote = scanner.position
            guard quote < buffer.count, buffer[quote] == UInt8(ascii: "\"") else { return false }
            var index = quote + 1
            var hasEscapes = false
            while true {
                index = plainRun(from: index)
                guard index < buffer.count else { break }
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") {
                    hasEscapes = true
                    index += 1
                }
                index += 1
            }
            guard index < buffer.count else { return false }
            scanner.position = index + 1
            entries.append(
                Entry(
                    kind: hasEscapes ? .escapedString : .string, start: Int32(quote + 1), end: Int32(index),
                    next: Int32(entries.count + 1), extra: 0))
            return true
        }
        /// The offset of the first quote or backslash from an offset, or the
        /// end: sixteen bytes at a time while sixteen remain, then one at a time.
        func plainRun(from start: Int) -> Int {
            var index = start
            while index + JSONScanner.laneWidth <= buffer.count {
                let offset = scanner.firstQuoteOrBackslash(at: index, or: UInt8(ascii: "\""))
                index += offset
                if offset < JSONScanner.laneWidth { return index }
            }
            while index < buffer.count, buffer[index] != UInt8(ascii: "\""), buffer[index] != UInt8(ascii: "\\") { index += 1 }
            return index
        }
        /// Appends an object's key and moves past its colon.
        func key() -> Bool {
            scanner.skipWhitespace()
            guard string() else { return false }
            scanner.skipWhitespace()
            guard scanner.position < buffer.count, buffer[scanner.position] == UInt8(ascii: ":") else { return false }
            scanner.position += 1
            return true
        }
        /// Closes the innermost open container when the scanner is at its
        /// closing bracket; `nil` when it is not.
        func close() -> Bool? {
            guard let container = open.last, scanner.position < buffer.count else { return nil }
            let closing = entries[container].kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
            guard buffer[scanner.position] == closing else { return nil }
            scanner.position += 1
            entries[container].end = Int32(scanner.position)
            entries[container].next = Int32(entries.count)
            open.removeLast()
            return true
        }

        var expectsValue = true
        repeat {
            if expectsValue {
                guard value() else { return false }
                expectsValue = false
                // A container just opened: its first member or element, or its end.
                guard let container = open.last, container == entries.count - 1 else { continue }
                scanner.skipWhitespace()
                if close() != nil { continue }
                if entries[container].kind == .object {
                    guard key() else { return false }
                } else {
                    entries[container].extra = 1
                }
                expectsValue = true
                continue
            }
            guard let container = open.last else { break }
            scanner.skipWhitespace()
            if close() != nil { continue }
            guard scanner.position < buffer.count, buffer[scanner.position] == UInt8(ascii: ",") else { return false }
            scanner.position += 1
            if entries[container].kind == .object {
                guard key() else { return false }
            } else {
                entries[container].extra += 1
            }
            expectsValue = true
        } while true
        scanner.skipWhitespace()
        return scanner.position == buffer.count
    }
}
