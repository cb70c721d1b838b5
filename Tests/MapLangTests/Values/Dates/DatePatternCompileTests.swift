import Testing

@testable import MapLang

struct DatePatternCompileTests {
    struct CompileError: Sendable, CustomTestStringConvertible {
        var pattern: String
        var message: String
        var offset: Int
        var help: String?
        init(_ pattern: String, _ message: String, at offset: Int, help: String? = nil) {
            (self.pattern, self.message, self.offset, self.help) = (pattern, message, offset, help)
        }
        var testDescription: String { pattern }
    }

    static let errorCases: [CompileError] = [
        .init("", "date pattern is empty", at: 0),
        .init(
            "yyyy-MM-dd 'T", "unterminated quote in date pattern", at: 11,
            help: "close the quote with `'`, and write `''` for a quote character"),
        .init("'it''s", "unterminated quote in date pattern", at: 0),
        .init(
            "yyyy-MM-dd'T'HH:mm:ss.SSSQ", "unsupported date pattern letter `Q`", at: 25,
            help: "quote literal text, as in `'Q'`"),
        .init("yyyy-MM-dd z", "unsupported date pattern letter `z`", at: 11),
        .init("é yyyy ÿ G", "unsupported date pattern letter `G`", at: 11),
        .init(
            "MMMMM yyyy", "unsupported date pattern field `MMMMM`", at: 0,
            help: "`M` can be written `M`, `MM`, `MMM` or `MMMM`"),
        .init("dd/ddd", "unsupported date pattern field `ddd`", at: 3, help: "`d` can be written `d` or `dd`"),
        .init(
            "ZZZZ", "unsupported date pattern field `ZZZZ`", at: 0,
            help: "`Z` can be written `Z`, `ZZ`, `ZZZ` or `ZZZZZ`"),
        .init("XXXX", "unsupported date pattern field `XXXX`", at: 0, help: "`X` can be written `X`, `XX` or `XXX`"),
        .init("EEEEE", "unsupported date pattern field `EEEEE`", at: 0),
        .init("yyyyy", "unsupported date pattern field `yyyyy`", at: 0),
        .init("ss.SSSSSSSSSS", "unsupported date pattern field `SSSSSSSSSS`", at: 3),
        .init("aaaa", "unsupported date pattern field `aaaa`", at: 0),
        .init("yyyy-MM-dd yyyy", "date pattern has more than one year field", at: 11),
        .init("yy yyyy", "date pattern has more than one year field", at: 3),
        .init("MMM MMMM", "date pattern has more than one month field", at: 4),
        .init("HH:mm h a", "date pattern has more than one hour field", at: 6),
        .init("EEE EEEE", "date pattern has more than one day of week field", at: 4),
        .init("Z X", "date pattern has more than one time zone field", at: 2),
        .init("s.S S", "date pattern has more than one fraction of a second field", at: 4),
        .init("h:mm", "12-hour field `h` needs an AM/PM field `a`", at: 0, help: "use `H` for a 24-hour clock"),
        .init("dd hh", "12-hour field `h` needs an AM/PM field `a`", at: 3),
    ]

    @Test(arguments: errorCases)
    func reportsCompileErrors(_ test: CompileError) {
        do {
            let pattern = try DatePattern(test.pattern)
            Issue.record("compiled to \(pattern.elements)")
        } catch {
            #expect(error.message == test.message)
            #expect(error.offset == test.offset)
            if let help = test.help { #expect(error.help == help) }
        }
    }

    @Test func compilesFieldsAndLiterals() throws {
        let pattern = try DatePattern("'at' HH 'o''clock' yyyy-MM")
        #expect(
            pattern.elements == [
                .literal("at "),
                .field(.init(kind: .hour, count: 2, patternOffset: 5)),
                .literal(" o'clock "),
                .field(.init(kind: .year, count: 4, patternOffset: 19)),
                .literal("-"),
                .field(.init(kind: .month, count: 2, patternOffset: 24)),
            ])
    }

    @Test func marksAbuttingNumericFields() throws {
        let pattern = try DatePattern("yyyyMMMddHHmm")
        let abutting = pattern.elements.map { element -> Bool? in
            guard case .field(let field) = element else { return nil }
            return field.isAbutting
        }
        // `MMM` is a name, so `yyyy` before it does not abut; `dd`, `HH` and `mm` do in turn.
        #expect(abutting == [false, false, true, true, false])
    }

    @Test(arguments: [
        ("y", DatePattern.Kind.year), ("yy", .twoDigitYear), ("yyy", .year), ("yyyy", .year), ("M", .month),
        ("MM", .month), ("MMM", .monthAbbreviation), ("MMMM", .monthName), ("d", .day), ("dd", .day),
        ("H", .hour), ("HH", .hour), ("m", .minute), ("mm", .minute), ("s", .second), ("ss", .second),
        ("S", .fraction), ("SSSSSSSSS", .fraction), ("a", .dayPeriod), ("aaa", .dayPeriod),
        ("E", .weekdayAbbreviation), ("EEE", .weekdayAbbreviation), ("EEEE", .weekdayName),
        ("Z", .utcOffset(.basic)), ("ZZ", .utcOffset(.basic)), ("ZZZ", .utcOffset(.basic)),
        ("ZZZZZ", .utcOffset(.extendedOrZ)), ("X", .utcOffset(.hoursOrZ)), ("XX", .utcOffset(.basicOrZ)),
        ("XXX", .utcOffset(.extendedOrZ)),
    ])
    func mapsLettersToFields(text: String, kind: DatePattern.Kind) throws {
        let pattern = try DatePattern(text)
        #expect(pattern.elements == [.field(.init(kind: kind, count: text.count, patternOffset: 0))])
    }

    @Test func quotesOnlyLiteralText() throws {
        #expect(try DatePattern("''").elements == [.literal("'")])
        #expect(try DatePattern("'yyyy'").elements == [.literal("yyyy")])
        #expect(try DatePattern("''''").elements == [.literal("''")])
        #expect(try DatePattern("'it''s'").elements == [.literal("it's")])
        #expect(try DatePattern("年 - ").elements == [.literal("年 - ")])
    }
}
