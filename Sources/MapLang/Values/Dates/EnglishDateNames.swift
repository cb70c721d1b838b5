/// English month and weekday names, the only names date patterns read and write.
enum EnglishDateNames {
    /// Month names, January first.
    static let months = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// Three-letter month abbreviations, `Jan` first.
    static let monthAbbreviations = months.map { String($0.prefix(3)) }

    /// Weekday names, Monday first as in ISO 8601.
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// Three-letter weekday abbreviations, `Mon` first.
    static let weekdayAbbreviations = weekdays.map { String($0.prefix(3)) }

    /// Reads one of `names` or `abbreviations`, ignoring ASCII case and
    /// preferring the longest match, and returns its index.
    ///
    /// - Returns: the index of the matched name and the number of bytes it
    ///   took, or `nil` when none matches at `offset`.
    static func match(
        in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, names: [String], abbreviations: [String]
    ) -> (index: Int, length: Int)? {
        var best: (index: Int, length: Int)?
        for (index, candidate) in Array(names.enumerated()) + Array(abbreviations.enumerated()) {
            let length = candidate.utf8.count
            guard length > (best?.length ?? 0), offset + length <= bytes.count else { continue }
            let matches = zip(candidate.utf8, bytes[offset..<offset + length]).allSatisfy { expected, actual in
                lowercased(expected) == lowercased(actual)
            }
            if matches { best = (index, length) }
        }
        return best
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
