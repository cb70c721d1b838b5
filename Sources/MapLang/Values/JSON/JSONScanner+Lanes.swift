// MARK: - Sixteen bytes at a time

/// Sixteen bytes of input as one vector.
///
/// Every vector here is spelled with this name: with the vectors written
/// `SIMD16(repeating:)`, the release build was seen to call the generic
/// comparisons, which test lane by lane, fifteen times slower.
private typealias Lanes = SIMD16<UInt8>

extension JSONScanner {
    /// How many bytes the string scans test at once.
    static let laneWidth = 16

    /// The offset, from 0 to 16, of the first of the sixteen bytes from
    /// `index` on that stops a string's plain run: `"`, `\`, a byte below
    /// 0x20 or one above 0x7F. 16 when none of them does.
    ///
    /// The sixteen bytes are compared at once as one vector, which the
    /// compiler turns into the machine's vector instructions where it has
    /// them (SSE2 on every x86-64, NEON on every arm64) and into plain
    /// byte tests elsewhere.
    ///
    /// - Precondition: `index + 16 <= bytes.count`; callers test it first.
    @inline(__always)
    func firstStringStop(at index: Int) -> Int {
        let lanes = UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: index, as: Lanes.self)
        let stops = (lanes .== Lanes(repeating: UInt8(ascii: "\"")))
            .| (lanes .== Lanes(repeating: UInt8(ascii: "\\")))
            .| (lanes .< Lanes(repeating: 0x20))
            .| (lanes .>= Lanes(repeating: 0x80))
        return Self.firstSet(stops)
    }

    /// The offset, from 0 to 16, of the first of the sixteen bytes from
    /// `index` on that is `"`, `\` or `other`; 16 when none is.
    ///
    /// - Precondition: `index + 16 <= bytes.count`; callers test it first.
    @inline(__always)
    func firstQuoteOrBackslash(at index: Int, or other: UInt8) -> Int {
        let lanes = UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: index, as: Lanes.self)
        let stops = (lanes .== Lanes(repeating: UInt8(ascii: "\"")))
            .| (lanes .== Lanes(repeating: UInt8(ascii: "\\")))
            .| (lanes .== Lanes(repeating: other))
        return Self.firstSet(stops)
    }

    /// The first lane set in a mask of sixteen bytes' tests, or 16 when none is.
    ///
    /// Each lane set becomes a byte of all ones, and the sixteen bytes are
    /// read as two words in memory order, the first byte lowest on any machine.
    @inline(__always)
    static func firstSet(_ mask: SIMDMask<SIMD16<Int8>>) -> Int {
        let found = Lanes(repeating: 0).replacing(with: 0xFF, where: mask)
        let words = unsafeBitCast(found, to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: words[0])
        let high = UInt64(littleEndian: words[1])
        if low != 0 { return low.trailingZeroBitCount >> 3 }
        if high != 0 { return 8 + (high.trailingZeroBitCount >> 3) }
        return laneWidth
    }
}
