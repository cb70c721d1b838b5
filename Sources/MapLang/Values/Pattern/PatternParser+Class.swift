extension PatternParser {
    /// `class := "[" "^"? class-item+ "]"`, where
    /// `class-item := class-atom ("-" class-atom)?` and
    /// `class-atom := escape | "\b" | any scalar but "\" and "]"`.
    ///
    /// A `-` first, last, or right after a range is literal. `\b` inside a
    /// class is a backspace, as in JavaScript and Python. `[]` and `[^]` are
    /// rejected, since other engines read them in different ways.
    mutating func parseClass() throws(PatternError) -> PatternNode {
        let open = position
        position += 1
        let isNegated = consume("^")
        if peek() == "]" {
            position += 1
            throw error(at: open, .emptyClass(text(from: open, to: position)))
        }
        var ranges: [ClosedRange<UInt32>] = []
        while true {
            guard let scalar = peek() else { throw error(at: open, .unclosedClass) }
            if scalar == "]" {
                position += 1
                break
            }
            let itemStart = position
            let first = try parseClassAtom()
            if peek() == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                position += 1
                let last = try parseClassAtom()
                guard case .scalar(let low) = first, case .scalar(let high) = last, low <= high
                else {
                    throw error(
                        at: itemStart,
                        .invalidClassRange(text(from: itemStart, to: position))
                    )
                }
                ranges.append(low.value...high.value)
            } else {
                switch first {
                case .scalar(let low): ranges.append(low.value...low.value)
                case .set(let set): ranges.append(contentsOf: set.memberRanges)
                }
            }
        }
        return .set(PatternScalarSet(ranges: ranges, isNegated: isNegated))
    }

    /// `class-atom := escape | "\b" | any scalar but "\" and "]"`
    private mutating func parseClassAtom() throws(PatternError) -> PatternEscape {
        guard peek() == "\\" else {
            let scalar = scalars[position]
            position += 1
            return .scalar(scalar)
        }
        if consume("\\b") { return .scalar("\u{08}") }
        if position + 1 < scalars.count, scalars[position + 1] == "B" {
            throw error(at: position, .unknownEscape("\\B"))
        }
        return try parseEscape()
    }
}
