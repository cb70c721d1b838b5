/// Limits and policies for `JSONReader`.
package struct JSONReaderOptions: Sendable {
    /// The deepest nesting of arrays and objects allowed; `[[]]` is 2 deep.
    package var maxDepth: Int
    /// What to do when an object has the same key twice.
    package var duplicateKeys: DuplicateKeyPolicy
    /// The longest string allowed, in UTF-8 bytes after unescaping.
    package var maxStringBytes: Int
    /// The longest number literal allowed, in characters.
    package var maxNumberLength: Int

    /// Creates options; the defaults suit any real document.
    ///
    /// - Parameters:
    ///   - maxDepth: The deepest nesting allowed; 512 by default.
    ///   - duplicateKeys: The duplicate key policy; `.lastWins` by default.
    ///   - maxStringBytes: The longest string allowed; 64 MiB by default.
    ///   - maxNumberLength: The longest number literal allowed; 10,000 by default.
    package init(
        maxDepth: Int = 512,
        duplicateKeys: DuplicateKeyPolicy = .lastWins,
        maxStringBytes: Int = 64 << 20,
        maxNumberLength: Int = 10_000
    ) {
        self.maxDepth = maxDepth
        self.duplicateKeys = duplicateKeys
        self.maxStringBytes = maxStringBytes
        self.maxNumberLength = maxNumberLength
    }

    /// What the reader does with a key that repeats within one object.
    package enum DuplicateKeyPolicy: Sendable {
        /// Keep one member, at the first occurrence's position, with the last occurrence's value.
        case lastWins
        /// Fail with `duplicateKey` at the second occurrence.
        case reject
    }
}
