// MARK: - Sixteen bytes at a time, and blocks of sixty-four

/// Sixteen bytes of input as one vector.
///
/// Every vector here is spelled with this name: with the vectors written
/// `SIMD16(repeating:)`, the release build was seen to call the generic
/// comparisons, which test lane by lane, fifteen times slower.
private typealias Lanes = SIMD16<UInt8>

extension JSONScanner {
    /// How many bytes the string scans test at once, and a block's four vectors each.
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

    /// The bytes of a block: 64 bytes of input, one bit per byte, the first
    /// byte lowest.
    struct Block {
        /// Each `"`.
        var quotes: UInt64
        /// Each `{`, `[`, `}` and `]`.
        var brackets: UInt64
        /// Each `\`.
        var backslashes: UInt64
        /// Each line feed, when asked for; otherwise none.
        var lineBreaks: UInt64
    }

    /// How many bytes a `Block` covers.
    static let blockWidth = 64

    /// The block of the 64 bytes from `index` on in `raw`, read as four
    /// vectors of sixteen.
    ///
    /// - Parameter findsLineBreaks: Whether to find line feeds.
    /// - Precondition: `index + 64 <= raw.count`; callers test it first.
    @inline(__always)
    static func block(in raw: UnsafeRawBufferPointer, at index: Int, findsLineBreaks: Bool) -> Block {
        var block = Block(quotes: 0, brackets: 0, backslashes: 0, lineBreaks: 0)
        for lane in 0..<4 {
            let lanes = raw.loadUnaligned(fromByteOffset: index + lane * laneWidth, as: Lanes.self)
            // `[` and `]` are `{` and `}` with bit 0x20 clear, and no other byte is.
            let folded = lanes | Lanes(repeating: 0x20)
            let brackets = (folded .== Lanes(repeating: UInt8(ascii: "{"))) .| (folded .== Lanes(repeating: UInt8(ascii: "}")))
            let shift = UInt64(lane * laneWidth)
            block.quotes |= bits(lanes .== Lanes(repeating: UInt8(ascii: "\""))) << shift
            block.brackets |= bits(brackets) << shift
            block.backslashes |= bits(lanes .== Lanes(repeating: UInt8(ascii: "\\"))) << shift
            if findsLineBreaks { block.lineBreaks |= bits(lanes .== Lanes(repeating: UInt8(ascii: "\n"))) << shift }
        }
        return block
    }

    /// Sixteen bytes' tests as sixteen bits, the first byte lowest.
    ///
    /// Each lane set becomes the byte 0x80, and each word of eight such
    /// bytes is multiplied so that its eight top bits land, in order, in
    /// the product's top byte: the terms of the product never overlap, so
    /// nothing carries into it.
    @inline(__always)
    static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt64 {
        let found = Lanes(repeating: 0).replacing(with: 0x80, where: mask)
        let words = unsafeBitCast(found, to: SIMD2<UInt64>.self)
        let gather: UInt64 = 0x0002_0408_1020_4081
        let low = (UInt64(littleEndian: words[0]) &* gather) >> 56
        let high = (UInt64(littleEndian: words[1]) &* gather) >> 56
        return low | high << 8
    }
}
