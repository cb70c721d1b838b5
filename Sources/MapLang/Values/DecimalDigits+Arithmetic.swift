/// Exact arithmetic on decimal digits, for computed fields of type `Decimal`.
///
/// Sums, differences and products are exact; a quotient is exact when it
/// ends within `divisionDigits` significant digits, and otherwise rounded
/// to that many, a half to even. A result that would need more than
/// `digitLimit` digits is refused, so that `1e999999 + 1` or a product of
/// two long literals costs no more than the limit.
extension DecimalDigits {
    /// The most digits an operand or result may span, from its first
    /// significant digit to its last (or to the units for a sum).
    static let digitLimit = 1_000

    /// The significant digits a quotient that does not end is rounded to:
    /// as many as a 128-bit decimal holds.
    static let divisionDigits = 34

    /// Why an operation on decimals gave no number.
    enum ArithmeticProblem: Error, Equatable {
        /// The result would need more than `digitLimit` digits.
        case tooManyDigits
        /// A division by zero.
        case divisionByZero
    }

    /// The digits as numbers 0 to 9, most significant first.
    private var values: [Int] { digits.map { Int($0 - UInt8(ascii: "0")) } }

    /// A number from digit values 0 to 9, most significant first.
    private init(negative: Bool, values: [Int], exponent: Int) {
        self.init(negative: negative, digits: values.map { UInt8(ascii: "0") + UInt8($0) }, exponent: exponent)
    }

    /// `self + other`, exactly.
    func adding(_ other: DecimalDigits) throws(ArithmeticProblem) -> DecimalDigits {
        if digits.isEmpty { return other }
        if other.digits.isEmpty { return self }
        let low = min(exponent, other.exponent)
        let high = max(exponent + digits.count, other.exponent + other.digits.count)
        guard high - low <= Self.digitLimit else { throw .tooManyDigits }
        // Both as digit values at exponent `low`, least significant first, one spare place.
        let width = high - low + 1
        func aligned(_ number: DecimalDigits) -> [Int] {
            var result = [Int](repeating: 0, count: width)
            for (offset, value) in number.values.reversed().enumerated() { result[number.exponent - low + offset] = value }
            return result
        }
        let (left, right) = (aligned(self), aligned(other))
        if negative == other.negative {
            var sum = [Int](repeating: 0, count: width)
            var carry = 0
            for index in 0..<width {
                let total = left[index] + right[index] + carry
                sum[index] = total % 10
                carry = total / 10
            }
            return DecimalDigits(negative: negative, values: sum.reversed(), exponent: low)
        }
        // Signs differ: the larger magnitude less the smaller, with its sign.
        let leftLarger = Self.compareMagnitude(left, right) >= 0
        let (larger, smaller) = leftLarger ? (left, right) : (right, left)
        var difference = [Int](repeating: 0, count: width)
        var borrow = 0
        for index in 0..<width {
            var value = larger[index] - smaller[index] - borrow
            borrow = value < 0 ? 1 : 0
            if value < 0 { value += 10 }
            difference[index] = value
        }
        return DecimalDigits(negative: leftLarger ? negative : other.negative, values: difference.reversed(), exponent: low)
    }

    /// `self - other`, exactly.
    func subtracting(_ other: DecimalDigits) throws(ArithmeticProblem) -> DecimalDigits {
        try adding(DecimalDigits(negative: !other.negative, digits: other.digits, exponent: other.exponent))
    }

    /// `self * other`, exactly.
    func multiplying(by other: DecimalDigits) throws(ArithmeticProblem) -> DecimalDigits {
        if digits.isEmpty || other.digits.isEmpty { return DecimalDigits(negative: false, digits: [], exponent: 0) }
        guard digits.count + other.digits.count <= Self.digitLimit else { throw .tooManyDigits }
        let (left, right) = (Array(values.reversed()), Array(other.values.reversed()))
        var product = [Int](repeating: 0, count: left.count + right.count)
        for (i, a) in left.enumerated() where a != 0 {
            var carry = 0
            for (j, b) in right.enumerated() {
                let total = product[i + j] + a * b + carry
                product[i + j] = total % 10
                carry = total / 10
            }
            var index = i + right.count
            while carry > 0 {
                let total = product[index] + carry
                product[index] = total % 10
                carry = total / 10
                index += 1
            }
        }
        return DecimalDigits(negative: negative != other.negative, values: product.reversed(), exponent: exponent + other.exponent)
    }

    /// `self / other`: exact when the quotient ends within
    /// `divisionDigits` significant digits, otherwise rounded to them, a
    /// half to even.
    func dividing(by other: DecimalDigits) throws(ArithmeticProblem) -> DecimalDigits {
        guard !other.digits.isEmpty else { throw .divisionByZero }
        if digits.isEmpty { return self }
        guard digits.count + other.digits.count <= Self.digitLimit else { throw .tooManyDigits }
        let divisor = other.values
        // Long division of the dividend's digits, then of zeros, until the
        // quotient has one digit past the precision or the remainder is zero.
        var remainder: [Int] = []
        var quotient: [Int] = []
        var significant = 0
        var position = 0
        var exponentOfNext = exponent + digits.count - 1
        let dividend = values
        var quotientExponent = 0
        while true {
            let next = position < dividend.count ? dividend[position] : 0
            position += 1
            remainder.append(next)
            Self.trimLeadingZeros(&remainder)
            var digit = 0
            while Self.isAtLeast(remainder, divisor) {
                Self.subtract(divisor, from: &remainder)
                digit += 1
            }
            quotient.append(digit)
            quotientExponent = exponentOfNext - other.exponent
            exponentOfNext -= 1
            if significant > 0 || digit > 0 { significant += 1 }
            let done = position >= dividend.count && remainder.isEmpty
            if done || significant > Self.divisionDigits { break }
        }
        var result = DecimalDigits(negative: negative != other.negative, values: quotient, exponent: quotientExponent)
        guard significant > Self.divisionDigits else { return result }
        // One digit past the precision was found: round on it and what remains.
        let last = quotient[quotient.count - 1]
        let kept = DecimalDigits(negative: result.negative, values: Array(quotient.dropLast()), exponent: quotientExponent + 1)
        let exactHalf = last == 5 && remainder.isEmpty && position >= dividend.count
        let keptOdd = (kept.values.last ?? 0) % 2 == 1 && kept.exponent == quotientExponent + 1
        if last > 5 || (last == 5 && !exactHalf) || (exactHalf && keptOdd) {
            let unit = DecimalDigits(negative: result.negative, digits: [UInt8(ascii: "1")], exponent: quotientExponent + 1)
            result = try kept.adding(unit)
        } else {
            result = kept
        }
        return result
    }

    /// The order of two numbers: negative, zero or positive as `self` is
    /// below, equal to or above `other`.
    func compared(to other: DecimalDigits) -> Int {
        if negative != other.negative { return negative ? -1 : 1 }
        let magnitude: Int
        if digits.isEmpty || other.digits.isEmpty {
            magnitude = digits.isEmpty ? (other.digits.isEmpty ? 0 : -1) : 1
        } else if exponent + digits.count != other.exponent + other.digits.count {
            magnitude = exponent + digits.count < other.exponent + other.digits.count ? -1 : 1
        } else {
            // The same leading place: the digits in order, the shorter run out with zeros.
            let zero = UInt8(ascii: "0")
            var order = 0
            for index in 0..<max(digits.count, other.digits.count) {
                let (a, b) = (index < digits.count ? digits[index] : zero, index < other.digits.count ? other.digits[index] : zero)
                if a != b {
                    order = a < b ? -1 : 1
                    break
                }
            }
            magnitude = order
        }
        return negative ? -magnitude : magnitude
    }

    /// Compares two magnitudes given as digit values, least significant first.
    private static func compareMagnitude(_ left: [Int], _ right: [Int]) -> Int {
        var (a, b) = (left[...], right[...])
        while a.last == 0 { a = a.dropLast() }
        while b.last == 0 { b = b.dropLast() }
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for index in stride(from: a.count - 1, through: 0, by: -1) where a[a.startIndex + index] != b[b.startIndex + index] {
            return a[a.startIndex + index] < b[b.startIndex + index] ? -1 : 1
        }
        return 0
    }

    /// Whether `remainder`, without leading zeros, is at least `divisor`,
    /// which starts with a digit other than zero; both most significant first.
    private static func isAtLeast(_ remainder: [Int], _ divisor: [Int]) -> Bool {
        if remainder.count != divisor.count { return remainder.count > divisor.count }
        for (a, b) in zip(remainder, divisor) where a != b { return a > b }
        return true
    }

    /// Takes `divisor` from `remainder`, both most significant first, with `remainder` at least as large.
    private static func subtract(_ divisor: [Int], from remainder: inout [Int]) {
        var borrow = 0
        var index = remainder.count - 1
        for value in divisor.reversed() {
            var digit = remainder[index] - value - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 10 }
            remainder[index] = digit
            index -= 1
        }
        while borrow > 0 {
            var digit = remainder[index] - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 10 }
            remainder[index] = digit
            index -= 1
        }
        trimLeadingZeros(&remainder)
    }

    /// Drops the zeros a number's digits start with.
    private static func trimLeadingZeros(_ digits: inout [Int]) {
        let zeros = digits.prefix { $0 == 0 }.count
        if zeros > 0 { digits.removeFirst(zeros) }
    }
}
