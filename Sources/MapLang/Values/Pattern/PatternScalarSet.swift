/// A set of Unicode scalars, as written in a character class.
///
/// The set keeps its ranges sorted, merged and non-adjacent, plus a bitmap of
/// the ASCII members so the common case is one shift and mask. `isNegated`
/// is kept apart from the ranges, so that case-insensitive matching can look
/// up a scalar's case variants before the negation is applied.
struct PatternScalarSet: Sendable, Hashable {
    /// The member ranges of scalar values, sorted and disjoint.
    private(set) var ranges: [ClosedRange<UInt32>]
    /// Whether the set stands for the scalars *not* in `ranges`, as `[^…]`,
    /// `\D`, `\W` and `\S` do.
    var isNegated: Bool
    /// Members `0..<64`, one bit each.
    private var lowBits: UInt64 = 0
    /// Members `64..<128`, one bit each.
    private var highBits: UInt64 = 0

    /// The largest Unicode scalar value.
    static let maximumScalar: UInt32 = 0x10FFFF

    /// Creates a set from ranges in any order, which may overlap.
    init(ranges: [ClosedRange<UInt32>], isNegated: Bool = false) {
        self.ranges = Self.normalized(ranges)
        self.isNegated = isNegated
        for range in self.ranges where range.lowerBound < 128 {
            for value in range.lowerBound...min(range.upperBound, 127) {
                if value < 64 {
                    lowBits |= 1 << UInt64(value)
                } else {
                    highBits |= 1 << UInt64(value - 64)
                }
            }
        }
    }

    /// `\d`: the ASCII digits `0-9`.
    static let digits = PatternScalarSet(ranges: [0x30...0x39])
    /// `\w`: ASCII letters, digits and `_`.
    static let word = PatternScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// `\s`: space, `\t`, `\n`, `\v`, `\f` and `\r`.
    static let whitespace = PatternScalarSet(ranges: [0x09...0x0D, 0x20...0x20])

    /// The same set with `isNegated` flipped.
    var negated: PatternScalarSet {
        var copy = self
        copy.isNegated.toggle()
        return copy
    }

    /// The scalars the set matches, as ranges with the negation applied.
    var memberRanges: [ClosedRange<UInt32>] {
        isNegated ? Self.complement(of: ranges) : ranges
    }

    /// Whether `scalar` is in `ranges`, ignoring `isNegated`.
    func rangesContain(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 64 { return lowBits & (1 << UInt64(value)) != 0 }
        if value < 128 { return highBits & (1 << UInt64(value - 64)) != 0 }
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < ranges.count && ranges[low].lowerBound <= value
    }

    /// Whether the set matches `scalar`, with the negation applied.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        rangesContain(scalar) != isNegated
    }

    /// Whether `scalar` is a word scalar for `\b` and `\B`: ASCII letters,
    /// digits and `_`.
    static func isWord(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return word.rangesContain(scalar)
    }

    // MARK: - Implementation

    /// Sorts ranges and merges those that overlap or touch.
    private static func normalized(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// The scalar values up to `maximumScalar` that sorted, disjoint `ranges`
    /// leave out.
    private static func complement(of ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= maximumScalar { result.append(next...maximumScalar) }
        return result
    }
}
