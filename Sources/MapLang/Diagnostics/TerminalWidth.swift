/// How many terminal columns a Unicode scalar takes, for lining up carets
/// under source text and a cursor in a line editor.
///
/// Combining marks and zero-width characters take none; East Asian wide and
/// full-width characters and emoji presented as pictures take two, after the
/// wide (`W`) and full-width (`F`) classes of Unicode's East Asian Width
/// property; everything else takes one.
package enum TerminalWidth {
    /// The columns one scalar takes: 0, 1 or 2.
    package static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        if isZeroWidth(value) { return 0 }
        return isWide(value) ? 2 : 1
    }

    /// The columns a sequence of scalars takes, ignoring tabs' stops.
    package static func columns(of scalars: some Sequence<Unicode.Scalar>) -> Int {
        var total = 0
        for scalar in scalars { total += columns(of: scalar) }
        return total
    }

    /// Combining marks, zero-width spaces and joiners, and variation selectors.
    private static func isZeroWidth(_ value: UInt32) -> Bool {
        zeroWidth.contains { $0.contains(value) }
    }

    /// Scalars of the East Asian Width classes `W` and `F`.
    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wide.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if value < wide[mid].lowerBound {
                high = mid - 1
            } else if value > wide[mid].upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }

    private static let zeroWidth: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200B...0x200F, 0x20D0...0x20FF,
        0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF,
    ]

    /// Sorted, non-overlapping ranges.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202,
        0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F64F,
        0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD,
    ]
}
