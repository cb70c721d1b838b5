import Testing

@testable import MapLang

/// Exact decimal arithmetic: sums, differences and products exactly,
/// quotients to 34 significant digits, and the limits.
struct DecimalArithmeticTests {
    static func number(_ literal: String) throws -> DecimalDigits {
        try #require(DecimalDigits(literal: literal))
    }

    @Test(arguments: [
        ("0.1", "0.2", "0.3"), ("1299", "-1300", "-1"), ("-5", "-7", "-12"), ("1e3", "0.001", "1000.001"),
        ("99.99", "0.01", "100"), ("0", "-2.5", "-2.5"), ("123456789012345678901234567890", "1", "123456789012345678901234567891"),
        ("2.50", "-2.5", "0"),
    ])
    func adds(_ a: String, _ b: String, _ sum: String) throws {
        #expect(try Self.number(a).adding(Self.number(b)).literal == sum)
        #expect(try Self.number(b).adding(Self.number(a)).literal == sum)
    }

    @Test func subtracts() throws {
        #expect(try Self.number("1").subtracting(Self.number("0.01")).literal == "0.99")
        #expect(try Self.number("-1").subtracting(Self.number("-1")).literal == "0")
    }

    @Test(arguments: [
        ("12.99", "12", "155.88"), ("-0.5", "0.5", "-0.25"), ("0", "123", "0"), ("99999999999999999999", "99999999999999999999",
            "9999999999999999999800000000000000000001"), ("1e-3", "1e5", "100"),
    ])
    func multiplies(_ a: String, _ b: String, _ product: String) throws {
        #expect(try Self.number(a).multiplying(by: Self.number(b)).literal == product)
    }

    @Test(arguments: [
        ("1299", "100", "12.99"), ("1", "8", "0.125"), ("10", "4", "2.5"), ("-9", "3", "-3"), ("1", "3", "0.3333333333333333333333333333333333"),
        ("2", "3", "0.6666666666666666666666666666666667"), ("1", "7", "0.1428571428571428571428571428571429"),
        ("123", "0.001", "123000"), ("1", "1e40", "1e-40"),
    ])
    func divides(_ a: String, _ b: String, _ quotient: String) throws {
        #expect(try Self.number(a).dividing(by: Self.number(b)).literal == quotient)
    }

    /// A half in the 35th digit goes to the even neighbour.
    @Test func roundsAHalfToEven() throws {
        // 1.00000000000000000000000000000000005 / 1 has 36 digits: exactly half past the 34th.
        let half = try Self.number("1.000000000000000000000000000000000500")
        #expect(try half.dividing(by: Self.number("1")).literal == "1")
        let oddHalf = try Self.number("1.000000000000000000000000000000001500")
        #expect(try oddHalf.dividing(by: Self.number("1")).literal == "1.000000000000000000000000000000002")
    }

    @Test func refusesDivisionByZeroAndTooManyDigits() throws {
        #expect(throws: DecimalDigits.ArithmeticProblem.divisionByZero) { try Self.number("1").dividing(by: Self.number("0")) }
        #expect(throws: DecimalDigits.ArithmeticProblem.tooManyDigits) { try Self.number("1e999999").adding(Self.number("1")) }
        let long = String(repeating: "7", count: 600)
        #expect(throws: DecimalDigits.ArithmeticProblem.tooManyDigits) { try Self.number(long).multiplying(by: Self.number(long)) }
    }
}
