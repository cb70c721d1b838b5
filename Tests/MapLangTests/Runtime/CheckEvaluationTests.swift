import Testing

@testable import MapLang

/// How checks compare values and decide conditions: `compare(to:)` on
/// each kind of value, and `holds` against the value `evaluate` gives.
struct CheckEvaluationTests {
    /// Strings and URLs order by Unicode scalars, not by UTF-16 units or
    /// characters; text equal as Unicode but with other scalars keeps the
    /// order its scalars give when they come first.
    @Test func stringsOrderByUnicodeScalars() {
        let cases: [(String, String, MappedValue.ComparisonResult)] = [
            ("closed", "closed", .same),
            ("closed", "open", .ascending),
            ("open", "closed", .descending),
            ("", "a", .ascending),
            ("ab", "a", .descending),
            ("z", "é", .ascending),
            // U+FFFD comes before U+1F600, though UTF-16 puts a surrogate first.
            ("\u{FFFD}", "😀", .ascending),
            ("😀", "\u{FFFD}", .descending),
            // `e` and a combining accent against `é`: smaller by scalars; the
            // other way round, neither smaller, equal as Unicode text.
            ("e\u{301}", "\u{E9}", .ascending),
            ("\u{E9}", "e\u{301}", .same),
        ]
        for (left, right, order) in cases {
            #expect(MappedValue.string(left).compare(to: .string(right)) == order, "\(left) against \(right)")
            #expect(MappedValue.url(left).compare(to: .url(right)) == order, "\(left) against \(right)")
        }
    }

    @Test func datesOrderByInstantAndOtherKindsAsBefore() {
        let early = MappedValue.date(Timestamp(seconds: 100))
        let late = MappedValue.date(Timestamp(seconds: 100, nanoseconds: 1))
        #expect(early.compare(to: late) == .ascending)
        #expect(late.compare(to: early) == .descending)
        #expect(late.compare(to: late) == .same)
        #expect(early.compare(to: .null) == nil)
        #expect(MappedValue.null.compare(to: .null) == .same)
        #expect(MappedValue.string("1").compare(to: .int(1)) == nil)
        #expect(MappedValue.url("a").compare(to: .string("a")) == nil)
        #expect(MappedValue.int(2).compare(to: .decimal("10")) == .ascending)
        #expect(MappedValue.double(2.5).compare(to: .int(2)) == .descending)
        #expect(MappedValue.bool(true).compare(to: .bool(true)) == .same)
        #expect(MappedValue.bool(true).compare(to: .bool(false)) == nil)
    }

    /// `holds` decides `and`, `or`, `not` and comparisons without making
    /// their value: it must say yes exactly when the condition is true as
    /// the language defines it (`expected`, worked out here from the
    /// comparisons' truth tables), for every operator over values of every
    /// kind, `null` among them; and `evaluate` must give that truth as a
    /// value (a field alone gives its own value).
    @Test func holdsExactlyWhenTheConditionIsTrue() throws {
        let values: [MappedValue] = [
            .null, .bool(true), .bool(false), .int(1), .int(2), .decimal("1.5"), .double(1), .string("a"), .string("b"),
            .url("a"), .date(Timestamp(seconds: 1)), .date(Timestamp(seconds: 2)),
        ]
        let comparisons: [Comparison] = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual]
        var conditions: [CheckExpr] = []
        for left in values.indices {
            for right in values.indices {
                for comparison in comparisons {
                    conditions.append(.compare(comparison, .field(left, []), .field(right, [])))
                }
            }
        }
        let leaves = conditions.count
        for index in values.indices { conditions.append(.field(index, [])) }
        for index in stride(from: 0, to: leaves, by: 7) {
            let (a, b) = (conditions[index], conditions[(index * 13 + 5) % conditions.count])
            conditions += [.and(a, b), .or(a, b), .not(a), .not(.field(index % values.count, [])), .and(.or(a, b), .not(b))]
        }
        /// Whether a condition is true, `nil` when it is `null` or not a
        /// Boolean: the definitions of the grammar's operators, one by one.
        func expected(_ condition: CheckExpr) -> Bool? {
            switch condition {
            case .field(let index, _):
                if case .bool(let flag) = values[index] { return flag }
                return nil
            case .compare(let comparison, .field(let left, _), .field(let right, _)):
                let order = values[left].compare(to: values[right])
                switch comparison {
                case .equal: return order == .same
                case .notEqual: return order != .same
                case .less: return order == .ascending
                case .lessOrEqual: return order == .ascending || order == .same
                case .greater: return order == .descending
                case .greaterOrEqual: return order == .descending || order == .same
                }
            case .and(let left, let right): return expected(left) == true && expected(right) == true
            case .or(let left, let right): return expected(left) == true || expected(right) == true
            case .not(let operand): return expected(operand).map { !$0 }
            default: Issue.record("no expectation for \(condition)"); return nil
            }
        }
        var held = 0
        for condition in conditions {
            let truth = expected(condition)
            let holds = try condition.holds(for: values, input: nil)
            #expect(holds == (truth == true), "\(condition)")
            if case .field(let index, _) = condition {
                #expect(try condition.evaluate(values, input: nil) == values[index])
            } else {
                #expect(try condition.evaluate(values, input: nil) == truth.map { .bool($0) } ?? .null, "\(condition)")
            }
            if holds { held += 1 }
        }
        // Both answers are common.
        #expect(held > conditions.count / 5 && held < conditions.count * 4 / 5)
    }

    /// The right side of `and` and `or` is not evaluated when the left
    /// decides, so a division by zero there is no error.
    @Test func andAndOrStopAtTheLeftWhenItDecides() throws {
        let failing = CheckExpr.compare(
            .equal, .arithmetic(.divide, .constant(.int(1)), .constant(.int(0)), .int), .constant(.int(1)))
        let (yes, no) = (CheckExpr.constant(.bool(true)), CheckExpr.constant(.bool(false)))
        #expect(try CheckExpr.and(no, failing).holds(for: [], input: nil) == false)
        #expect(try CheckExpr.or(yes, failing).holds(for: [], input: nil) == true)
        #expect(try CheckExpr.and(no, failing).evaluate([], input: nil) == .bool(false))
        #expect(try CheckExpr.or(yes, failing).evaluate([], input: nil) == .bool(true))
        #expect(throws: MappingProblem.self) { try CheckExpr.and(yes, failing).holds(for: [], input: nil) }
        #expect(throws: MappingProblem.self) { try CheckExpr.or(no, failing).holds(for: [], input: nil) }
        #expect(throws: MappingProblem.self) { try CheckExpr.not(failing).holds(for: [], input: nil) }
    }
}
