/// A date pattern in the style of Unicode TR35 and `DateFormatter`, such as
/// `yyyy-MM-dd HH:mm:ss` or `EEE MMM dd HH:mm:ss Z yyyy`, compiled once and
/// then used to read and write many dates.
///
/// Supported fields (a run of one letter is one field):
///
/// | Field                | Meaning                       | Reads                      | Writes        |
/// |----------------------|-------------------------------|----------------------------|---------------|
/// | `y`, `yyy`, `yyyy`   | year 0000–9999                | 4 or more digits           | `2008`        |
/// | `yy`                 | year 1969–2068                | 2 digits                   | `08`          |
/// | `M`, `MM`            | month 1–12                    | 1–2 digits                 | `8`, `08`     |
/// | `MMM`, `MMMM`        | month name                    | `Aug` or `August`          | `Aug`, `August` |
/// | `d`, `dd`            | day of month 1–31             | 1–2 digits                 | `7`, `07`     |
/// | `H`, `HH`            | hour 0–23                     | 1–2 digits                 | `9`, `09`     |
/// | `h`, `hh`            | hour 1–12, needs `a`          | 1–2 digits                 | `9`, `09`     |
/// | `a`, `aa`, `aaa`     | AM/PM marker                  | `AM`, `PM`, any case       | `AM`, `PM`    |
/// | `m`, `mm`            | minute 0–59                   | 1–2 digits                 | `5`, `05`     |
/// | `s`, `ss`            | second 0–59                   | 1–2 digits                 | `5`, `05`     |
/// | `S` … `SSSSSSSSS`    | fraction of a second          | 1 or more digits           | n digits      |
/// | `E`, `EE`, `EEE`     | day of week                   | `Wed` or `Wednesday`       | `Wed`         |
/// | `EEEE`               | day of week                   | `Wed` or `Wednesday`       | `Wednesday`   |
/// | `Z`, `ZZ`, `ZZZ`     | UTC offset                    | `Z`, `+02`, `+0200`, `+02:00` | `+0000`    |
/// | `ZZZZZ`, `XXX`       | UTC offset                    | as above                   | `Z`           |
/// | `X`, `XX`            | UTC offset                    | as above                   | `Z`           |
/// | `'text'`             | literal text; `''` is `'`     | exactly that text          | that text     |
/// | other non-letters    | literal text                  | exactly that text          | that text     |
///
/// Reading:
/// - The whole input must match. Literal text matches exactly, case and
///   spaces included; names and AM/PM ignore ASCII case. Names are English.
/// - Numeric fields are lenient about width: `d` and `dd` both read `7` and
///   `07` (a third digit is left for what follows). But a numeric field
///   directly followed by another numeric field, as in `yyyyMMdd`, reads
///   exactly as many digits as it has letters (4 for a year), so there
///   `MM` needs two digits; write such patterns with double letters.
/// - Every UTC offset field reads every offset form; its letters only choose
///   the form written. A pattern without an offset field reads UTC.
/// - `yy` reads 69–99 as 1969–1999 and 00–68 as 2000–2068, the POSIX
///   `strptime` rule.
/// - Parts the pattern does not mention default to 1970-01-01T00:00:00, so
///   `h:mm a` reads a time on 1970-01-01 UTC.
/// - With `H`, `a` is read but ignored. `h` without `a` is a compile error.
/// - A day of week is checked against the date when the pattern has year,
///   month and day fields (a mismatch is an error) and ignored otherwise.
/// - Second 60 (a leap second) is rejected, as are impossible dates.
///
/// Writing: always in UTC, so offset fields write `+0000` (`Z` letters) or
/// `Z` (`ZZZZZ` and `X` letters). `y` pads the year to four digits like
/// `yyyy`, so what it writes reads back. Years outside 0000–9999 are written
/// with a sign and cannot be read back.
struct DatePattern: Sendable, Equatable {
    /// The pattern as written in the rules.
    let text: String
    /// The compiled fields and literal text, in order.
    let elements: [Element]

    /// Compiles `text`.
    ///
    /// - Throws: `DateParseError` with the UTF-8 byte offset of the problem
    ///   in `text`: an unsupported letter or width, an unterminated quote, a
    ///   repeated field, `h` without `a`, or an empty pattern.
    init(_ text: String) throws(DateParseError) {
        self.text = text
        self.elements = try DatePatternParser.compile(text)
    }

    /// One part of a compiled pattern.
    enum Element: Sendable, Equatable {
        /// Text that must appear exactly, with quoting already removed.
        case literal(String)
        /// A date or time field.
        case field(Field)
    }

    /// A date or time field: a run of one pattern letter.
    struct Field: Sendable, Equatable {
        /// What the field reads and writes.
        var kind: Kind
        /// How many times the letter was repeated.
        var count: Int
        /// The UTF-8 byte offset of the field's first letter in the pattern.
        var patternOffset: Int
        /// Whether the next element is another numeric field, so this one
        /// must read exactly its width.
        var isAbutting = false

        /// The part of the date the field sets.
        var part: DateParseError.Field {
            switch kind {
            case .year, .twoDigitYear: .year
            case .month, .monthAbbreviation, .monthName: .month
            case .day: .day
            case .hour, .twelveHour: .hour
            case .dayPeriod: .dayPeriod
            case .minute: .minute
            case .second: .second
            case .fraction: .fraction
            case .weekdayAbbreviation, .weekdayName: .weekday
            case .utcOffset: .timeZone
            }
        }

        /// Whether the field reads digits.
        var isNumeric: Bool {
            switch kind {
            case .year, .twoDigitYear, .month, .day, .hour, .twelveHour, .minute, .second, .fraction: true
            case .monthAbbreviation, .monthName, .dayPeriod, .weekdayAbbreviation, .weekdayName, .utcOffset: false
            }
        }
    }

    /// What a field reads and writes.
    enum Kind: Sendable, Equatable {
        /// A year of four or more digits: `y`, `yyy`, `yyyy`.
        case year
        /// A two-digit year, 1969–2068: `yy`.
        case twoDigitYear
        /// A numeric month: `M`, `MM`.
        case month
        /// A month's three-letter name: `MMM`.
        case monthAbbreviation
        /// A month's full name: `MMMM`.
        case monthName
        /// The day of the month: `d`, `dd`.
        case day
        /// The hour on a 24-hour clock: `H`, `HH`.
        case hour
        /// The hour on a 12-hour clock, 1–12: `h`, `hh`.
        case twelveHour
        /// The AM/PM marker: `a`.
        case dayPeriod
        /// The minute: `m`, `mm`.
        case minute
        /// The second: `s`, `ss`.
        case second
        /// The fraction of a second, written with as many digits as letters: `S`…`SSSSSSSSS`.
        case fraction
        /// A weekday's three-letter name: `E`, `EE`, `EEE`.
        case weekdayAbbreviation
        /// A weekday's full name: `EEEE`.
        case weekdayName
        /// A UTC offset, written in the given style.
        case utcOffset(UTCOffsetStyle)
    }

    /// How a UTC offset field writes the offset. Reading accepts all forms.
    enum UTCOffsetStyle: Sendable, Equatable {
        /// `+0000`: `Z`, `ZZ`, `ZZZ`.
        case basic
        /// `+00:00`, or `Z` for UTC: `ZZZZZ`, `XXX`.
        case extendedOrZ
        /// `+0000`, or `Z` for UTC: `XX`.
        case basicOrZ
        /// `+00`, or `Z` for UTC: `X`.
        case hoursOrZ
    }
}
