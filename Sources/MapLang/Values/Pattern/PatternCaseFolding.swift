/// Simple case mapping for patterns that begin with `(?i)`.
///
/// Only mappings from one scalar to one scalar are used, so `ß` does not
/// match `SS`. A literal matches a scalar with the same folded form; a class
/// matches a scalar if the scalar, its folded form or its uppercase form is
/// in the class.
enum PatternCaseFolding {
    /// The case-folded form of `scalar`: its uppercase form, then that form's
    /// lowercase, each only when it is a single scalar.
    ///
    /// Going through uppercase first makes `K`, `k` and the Kelvin sign `K`
    /// (U+212A) fold alike, and so `S`, `s` and the long `ſ`.
    static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return ("A"..."Z").contains(scalar)
                ? Unicode.Scalar(UInt8(scalar.value + 0x20)) : scalar
        }
        return lowercase(uppercase(scalar))
    }

    /// The uppercase form of `scalar`, or `scalar` itself when it has none or
    /// it is more than one scalar.
    static func uppercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar)
                ? Unicode.Scalar(UInt8(scalar.value - 0x20)) : scalar
        }
        return single(scalar.properties.uppercaseMapping) ?? scalar
    }

    /// The lowercase form of `scalar`, or `scalar` itself when it has none or
    /// it is more than one scalar.
    static func lowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        single(scalar.properties.lowercaseMapping) ?? scalar
    }

    /// The only scalar of `text`, or `nil` when it has more or fewer.
    private static func single(_ text: String) -> Unicode.Scalar? {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first
    }
}
