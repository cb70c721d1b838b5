/// A string that hashes and compares by its UTF-8 bytes.
///
/// JSON keys are sequences of code points, so two keys are the same only when
/// their bytes are; Swift's `String` equality also merges canonically
/// equivalent spellings, which would silently fold distinct keys together.
struct ExactKey: Hashable {
    /// The key.
    var string: String

    /// Whether two strings have the same UTF-8 bytes.
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs.utf8.elementsEqual(rhs.utf8)
    }

    static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
        equal(lhs.string, rhs.string)
    }

    func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
