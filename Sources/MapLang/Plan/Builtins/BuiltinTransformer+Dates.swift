// MARK: - iso8601, timestamp, date("pattern")

extension BuiltinTransformer {
    /// `iso8601`: an ISO-8601 date-time string to a date.
    static let iso8601 = BuiltinTransformer(
        name: "iso8601", accepts: [.text], output: .date, isDefaultReading: true,
        summary: "reads an ISO-8601 date-time such as `2016-05-24T18:43:37Z`",
        reversal: .inverse { value, call in writeDate(value, call) { .string($0.iso8601String) } }
    ) { value, call in
        guard case .string(let text) = value else { return call.mismatch("a string", value) }
        do throws(DateParseError) {
            return .success(.date(try ISO8601DateParser.parse(text)))
        } catch {
            return call.invalid(value, error.message)
        }
    }

    /// `timestamp`, `timestamp(seconds)`, `timestamp(ms)`: a Unix timestamp to a date.
    static let timestamp = BuiltinTransformer(
        name: "timestamp", forms: ["timestamp", "timestamp(seconds)", "timestamp(s)", "timestamp(ms)", "timestamp(milliseconds)"], accepts: [.number],
        acceptsWhenLenient: [.text], output: .date,
        summary: "reads a Unix timestamp in seconds, or milliseconds with `timestamp(ms)`"
    ) { arguments in
        let unit: TimestampUnit
        switch arguments {
        case []: unit = .seconds
        case [.word("s")], [.word("seconds")]: unit = .seconds
        case [.word("ms")], [.word("milliseconds")]: unit = .milliseconds
        default: return .failure(.invalid(expected: "`seconds` or `ms`"))
        }
        return .success(
            BuiltinStage(
                forward: { value, call in
                    let literal: String
                    switch value {
                    case .decimal(let digits): literal = digits
                    case .string(let text) where call.lenient:
                        guard let digits = NumberText.literal(in: text) else { return call.mismatch("a number", value) }
                        literal = digits
                    case .null, .bool, .int, .double, .string, .date, .url, .array, .object:
                        return call.mismatch("a number", value)
                    }
                    do throws(DateParseError) {
                        return .success(.date(try UnixTimestamp.timestamp(fromLiteral: literal, unit: unit)))
                    } catch {
                        return call.invalid(value, error.message)
                    }
                },
                reversal: .inverse { value, call in
                    writeDate(value, call) { .decimal(UnixTimestamp.literal(for: $0, unit: unit)) }
                }))
    }

    /// `date("pattern")`: a date written in a fixed pattern.
    static let datePattern = BuiltinTransformer(
        name: "date", forms: [#"date("pattern")"#], accepts: [.text], output: .date,
        summary: #"reads a date in a fixed pattern, `date("yyyy-MM-dd HH:mm:ss")`"#
    ) { arguments in
        guard arguments.count == 1, case .string(let text) = arguments[0] else {
            return .failure(.invalid(expected: #"one pattern string such as `"yyyy-MM-dd"`"#))
        }
        let pattern: DatePattern
        do throws(DateParseError) {
            pattern = try DatePattern(text)
        } catch {
            return .failure(.invalidDatePattern(argument: 0, byteOffset: error.offset, reason: error.message))
        }
        return .success(
            BuiltinStage(
                forward: { value, call in
                    guard case .string(let text) = value else { return call.mismatch("a string", value) }
                    do throws(DateParseError) {
                        return .success(.date(try pattern.parse(text)))
                    } catch {
                        return call.invalid(value, error.message)
                    }
                },
                reversal: .inverse { value, call in writeDate(value, call) { .string(pattern.format($0)) } }))
    }

    /// Writes a date, or an ISO-8601 string, in a built-in's form; a date
    /// outside the years the built-in reads back is an error.
    private static func writeDate(
        _ value: MappedValue, _ call: BuiltinCall, _ write: (Timestamp) -> MappedValue
    ) -> Result<MappedValue, MappingProblem> {
        func written(_ timestamp: Timestamp) -> Result<MappedValue, MappingProblem> {
            guard DateTimeFields.writableSeconds.contains(timestamp.seconds) else {
                return .failure(
                    .typeMismatch(
                        expected: "a date in the years 0000 to 9999, which `\(call.name)` writes and reads back",
                        found: value.preview))
            }
            return .success(write(timestamp))
        }
        switch value {
        case .date(let timestamp):
            return written(timestamp)
        case .string(let text):
            guard let timestamp = try? ISO8601DateParser.parse(text) else { fallthrough }
            return written(timestamp)
        case .null, .bool, .int, .double, .decimal, .url, .array, .object:
            return .failure(.typeMismatch(expected: "a date", found: value.preview))
        }
    }
}
