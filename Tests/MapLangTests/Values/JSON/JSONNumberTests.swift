import Testing

@testable import MapLang

struct JSONNumberTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let literal: String
        let isInteger: Bool
        let int64: Int64?
        let integral: Int64?
        let double: Double
        var testDescription: String { literal }
    }

    static let cases: [Case] = [
        Case(literal: "0", isInteger: true, int64: 0, integral: 0, double: 0),
        Case(literal: "-0", isInteger: true, int64: 0, integral: 0, double: -0.0),
        Case(literal: "42", isInteger: true, int64: 42, integral: 42, double: 42),
        Case(literal: "-17", isInteger: true, int64: -17, integral: -17, double: -17),
        Case(
            literal: "505874924095815681", isInteger: true, int64: 505_874_924_095_815_681,
            integral: 505_874_924_095_815_681, double: 505_874_924_095_815_680),
        Case(
            literal: "9223372036854775807", isInteger: true, int64: .max, integral: .max,
            double: 9_223_372_036_854_775_808),
        Case(
            literal: "9223372036854775808", isInteger: true, int64: nil, integral: nil,
            double: 9_223_372_036_854_775_808),
        Case(
            literal: "-9223372036854775808", isInteger: true, int64: .min, integral: .min,
            double: -9_223_372_036_854_775_808),
        Case(
            literal: "-9223372036854775809", isInteger: true, int64: nil, integral: nil,
            double: -9_223_372_036_854_775_808),
        Case(literal: "100000000000000000000000", isInteger: true, int64: nil, integral: nil, double: 1e23),
        Case(literal: "1.0", isInteger: false, int64: nil, integral: 1, double: 1),
        Case(literal: "-0.0", isInteger: false, int64: nil, integral: 0, double: -0.0),
        Case(literal: "1.5", isInteger: false, int64: nil, integral: nil, double: 1.5),
        Case(literal: "1e2", isInteger: false, int64: nil, integral: 100, double: 100),
        Case(literal: "1E+2", isInteger: false, int64: nil, integral: 100, double: 100),
        Case(literal: "2.50e1", isInteger: false, int64: nil, integral: 25, double: 25),
        Case(literal: "100e-2", isInteger: false, int64: nil, integral: 1, double: 1),
        Case(literal: "1e-2", isInteger: false, int64: nil, integral: nil, double: 0.01),
        Case(literal: "0e999999999999999999999", isInteger: false, int64: nil, integral: 0, double: 0),
        Case(
            literal: "9.223372036854775807e18", isInteger: false, int64: nil, integral: .max,
            double: 9.223372036854775807e18),
        Case(
            literal: "9.223372036854775808e18", isInteger: false, int64: nil, integral: nil,
            double: 9.223372036854775808e18),
        Case(
            literal: "-9223372036854775.808e3", isInteger: false, int64: nil, integral: .min,
            double: -9.223372036854775808e18),
        Case(
            literal: "12345678901234567890000e-4", isInteger: false, int64: nil, integral: 1_234_567_890_123_456_789,
            double: 1_234_567_890_123_456_768),
        Case(
            literal: "12345678901234567890123e-4", isInteger: false, int64: nil, integral: nil,
            double: 1234567890123456789.0123),
        Case(literal: "1e400", isInteger: false, int64: nil, integral: nil, double: .infinity),
        Case(literal: "-1e400", isInteger: false, int64: nil, integral: nil, double: -.infinity),
        Case(literal: "1e-400", isInteger: false, int64: nil, integral: nil, double: 0),
        Case(literal: "1e99999999999999999999999999", isInteger: false, int64: nil, integral: nil, double: .infinity),
    ]

    @Test(arguments: cases)
    func convertsExactly(_ test: Case) throws {
        let number = try #require(JSONNumber(test.literal))
        #expect(number.literal == test.literal)
        #expect(number.isInteger == test.isInteger)
        #expect(number.int64Value == test.int64)
        #expect(number.integralInt64Value == test.integral)
        // The direct path reads integers written plainly straight from the bytes.
        let plain = Array(test.literal.utf8).withUnsafeBufferPointer { JSONNumberGrammar.plainInteger($0) }
        #expect(plain == (test.isInteger ? test.int64 : nil))
        #expect(number.doubleValue == test.double)
        #expect(number.doubleValue.sign == test.double.sign)
        let nearest = Array(test.literal.utf8).withUnsafeBufferPointer { JSONNumberGrammar.nearestDouble($0) }
        #expect(nearest.map { $0.bitPattern == test.double.bitPattern } ?? true)
    }

    /// The direct path's fast reading of doubles gives exactly the double
    /// `Double.init(_:)` gives, or leaves the literal to it.
    @Test func nearestDoubleIsExactlyWhatTheStandardLibraryReads() throws {
        var generator = SeededGenerator(seed: 0x6D61_706C)
        var fast = 0
        for _ in 0..<20_000 {
            let digits = (0..<Int.random(in: 1...20, using: &generator)).map { _ in String(Int.random(in: 0...9, using: &generator)) }
            var literal = (Bool.random(using: &generator) ? "-" : "") + (digits[0] == "0" ? "1" : digits[0])
            let point = Int.random(in: 1...digits.count, using: &generator)
            literal += digits[1..<point].joined()
            if point < digits.count { literal += "." + digits[point...].joined() }
            if Bool.random(using: &generator) { literal += "e" + String(Int.random(in: -40...40, using: &generator)) }
            let expected = try #require(Double(literal))
            let nearest = Array(literal.utf8).withUnsafeBufferPointer { JSONNumberGrammar.nearestDouble($0) }
            if let nearest {
                fast += 1
                #expect(nearest.bitPattern == expected.bitPattern, "\(literal)")
            }
        }
        // Most short literals take the fast path; long or far ones do not.
        #expect(fast > 5_000 && fast < 20_000)
        let cases = ["1.5", "-0.0", "0.1", "123.456e-5", "9007199254740992", "1e22", "-65.613616999999977"]
        let read = cases.map { literal in Array(literal.utf8).withUnsafeBufferPointer { JSONNumberGrammar.nearestDouble($0) } }
        #expect(read == [1.5, -0.0, 0.1, 123.456e-5, 9_007_199_254_740_992, 1e22, nil])
        #expect(read[1]?.sign == .minus)
    }

    @Test(arguments: ["", "-", "01", "1.", ".5", "+1", "1e", "1e+", " 1", "1 ", "0x1", "NaN", "Infinity", "1.5.2"])
    func rejectsTextThatIsNotANumberLiteral(_ text: String) {
        #expect(JSONNumber(text) == nil)
        // Unchecked, such text converts to nothing rather than crash or guess.
        let unchecked = JSONNumber(literal: text)
        #expect(unchecked.literal == text)
        #expect(unchecked.int64Value == nil)
        #expect(unchecked.integralInt64Value == nil)
        #expect(unchecked.doubleValue.isNaN)
    }

    /// The first byte `nonDigitBytes` marks must be the first that is not
    /// a digit, for every byte value in every position after digits.
    @Test func nonDigitBytesMarksTheFirstByteThatIsNotADigit() {
        var random = SeededGenerator(seed: 48)
        for position in 0...8 {
            for stop in 0...255 where !(0x30...0x39).contains(stop) || position == 8 {
                var bytes = (0..<8).map { _ in UInt8.random(in: 0x30...0x39, using: &random) }
                if position < 8 {
                    bytes[position] = UInt8(stop)
                    for later in position + 1..<8 { bytes[later] = UInt8.random(in: 0...255, using: &random) }
                }
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                let marks = JSONScanner.nonDigitBytes(UInt64(littleEndian: word))
                #expect(position == 8 ? marks == 0 : marks.trailingZeroBitCount >> 3 == position, "\(bytes)")
            }
        }
    }

    @Test func comparesByLiteral() {
        #expect(JSONNumber("1.0") != JSONNumber("1"))
        #expect(JSONNumber(Int64.min).literal == "-9223372036854775808")
        #expect(JSONNumber("1e5")?.description == "1e5")
    }
}
