extension JSONWriter {
    /// How many characters of a value's JSON error messages show.
    static let previewLength = 40

    /// A string as messages show it: quoted and escaped, its first 40
    /// characters, then `…` inside the quotes when there is more.
    package static func preview(string text: String) -> String {
        let start = text.prefix(previewLength + 1)
        guard start.count > previewLength else { return JSONPath.quoted(text) }
        return JSONPath.quoted(String(start.dropLast()) + "…")
    }

    /// An array's or object's compact JSON as messages show it: its first 40
    /// characters, then `…` when there is more. Only the start of a large
    /// value is ever serialised.
    ///
    /// - Parameter write: Writes the value into the writer it is given.
    static func preview(_ write: (inout JSONWriter) -> Void) -> String {
        // Enough bytes for `previewLength` characters of any width, plus one to show there is more.
        var writer = JSONWriter(style: .compact)
        writer.byteLimit = previewLength * 4 + 1
        write(&writer)
        var bytes = writer.bytes
        let cut = bytes.count > writer.byteLimit
        if cut {
            // Drop a multi-byte character the limit may have split.
            while let last = bytes.last, last >= 0x80 { bytes.removeLast() }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard cut || text.count > previewLength else { return text }
        return String(text.prefix(previewLength)) + "…"
    }
}
