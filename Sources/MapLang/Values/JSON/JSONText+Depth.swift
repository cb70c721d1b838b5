/// How deep written JSON text nests.
enum JSONTextDepth {
    /// Whether the JSON text `bytes`, as `JSONWriter` writes it, nests
    /// arrays and objects more than `limit` deep: its brackets counted
    /// outside strings, in one pass.
    static func nests(_ bytes: ArraySlice<UInt8>, deeperThan limit: Int) -> Bool {
        var depth = 0
        var inString = false
        var escaping = false
        for byte in bytes {
            if inString {
                if escaping {
                    escaping = false
                } else if byte == UInt8(ascii: "\\") {
                    escaping = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            default:
                break
            }
        }
        return false
    }
}
