import Foundation
import MapLang
import Testing

/// `Rules.encode`: a value of the user's own type back to the source's JSON,
/// through reverse mapping.
struct LibraryEncodingTests {
    enum Status: String, Codable, Equatable {
        case pending, shipped, cancelled
    }

    struct Line: Codable, Equatable {
        let sku: String
        let quantity: Int
    }

    struct Order: Codable, Equatable {
        let id: Int
        let customerName: String
        let customerEmail: String?
        let placedAt: Date
        let shipBy: Date?
        let status: Status
        let priority: Int
        let lines: [Line]
        let giftWrap: Bool
        let total: Decimal
        let receipt: URL
    }

    static let rules: Rules = {
        let path = TestFiles.packageRoot + "/examples/orders-reverse/orders-reverse.map"
        return try! Rules(source: SourceFile(name: "orders-reverse.map", text: try! TestFiles.text(path)))
    }()

    static let order = Order(
        id: 7, customerName: "Ada", customerEmail: nil, placedAt: Date(timeIntervalSince1970: 1_709_367_300.25),
        shipBy: Date(timeIntervalSince1970: 1_709_596_800), status: .shipped, priority: 3,
        lines: [Line(sku: "KB-01", quantity: 2)], giftWrap: false, total: Decimal(string: "19.90")!,
        receipt: URL(string: "https://shop.example.com/r/7")!)

    @Test func encodesIntoTheSourceShape() throws {
        let data = try Self.rules.encode(Self.order)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"id":7,"customer":{"name":"Ada"},"placed_at":1709367300250,"shipping":{"by":"2024-03-05"},"status":"S","priority":"high","lines":[{"sku":"KB-01","quantity":2}],"total":19.9,"links":{"receipt":"https://shop.example.com/r/7"}}"#
        )
    }

    @Test func decodeOfEncodeGivesTheValueBack() throws {
        let orders = [Self.order, Order(
            id: 8, customerName: "Kenji", customerEmail: "k@example.com", placedAt: Date(timeIntervalSince1970: 1_700_000_000),
            shipBy: nil, status: .pending, priority: 1, lines: [], giftWrap: true, total: 0,
            receipt: URL(string: "https://shop.example.com/r/8")!)]
        let data = try Self.rules.encode(orders)
        #expect(try Self.rules.decode([Order].self, from: data) == orders)
    }

    struct Broken: Encodable {
        let id = "seven"
        let customerName = "Ada"
        let placedAt = Date(timeIntervalSince1970: 0)
        let status = "lost"
        let priority = 2
        let total = 1
        let receipt = "https://x.test"
    }

    @Test func valuesThatDoNotFitTheModelAreEncodingErrorsWithTheMappingErrors() throws {
        do {
            _ = try Self.rules.encode([Broken()])
            Issue.record("encoded")
        } catch EncodingError.invalidValue(_, let context) {
            let failure = try #require(context.underlyingError as? MappingFailure)
            #expect(
                failure.errors.map { "\($0.path) \($0.field ?? "") \($0.message)" } == [
                    #"$[0].id id expected an integer, found "seven""#,
                    #"$[0].status status "lost" is not a value of `Status` (expected one of "pending", "shipped", "cancelled")"#,
                    "$[0].priority priority 2 is not an output of the table `priority`",
                ])
        }
    }

    @Test func rulesThatCannotGoBackAreRefused() throws {
        let rules = try Rules(source: SourceFile(name: "r.map", text: "root A\nmodel A {\n  first: String from items[0]\n}\n"))
        do {
            _ = try rules.encode(["first": "x"])
            Issue.record("encoded")
        } catch EncodingError.invalidValue(_, let context) {
            guard case .irreversibleRules(let error) = context.underlyingError as? MappingFailure else {
                Issue.record("\(String(describing: context.underlyingError))")
                return
            }
            #expect(error.diagnostics.map(\.code) == ["irreversible-key-path"])
        }
        do {
            _ = try Self.rules.encode(Self.order, model: "Nope")
            Issue.record("encoded")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(
                context.underlyingError as? MappingFailure
                    == .modelChoice(.unknownModel(name: "Nope", suggestion: nil, available: ["Line", "Order"])))
        }
    }
}

/// `Rules.encode` writes nothing a forward run would refuse.
struct LibraryEncodingStrictnessTests {
    static let rules = try! Rules(
        source: SourceFile(name: "r.map", text: "model R {\n  at: Date from \"at\" using timestamp(ms)\n  x: Double?\n}\n"))

    struct Record: Encodable {
        let at: Date
        var x: Double? = nil
    }

    func messages(_ value: Record) -> [String] {
        do {
            _ = try Self.rules.encode(value)
            return []
        } catch EncodingError.invalidValue(_, let context) {
            guard let failure = context.underlyingError as? MappingFailure else {
                return [context.codingPath.map(\.stringValue).joined(separator: ".") + " " + context.debugDescription]
            }
            return failure.errors.map { "\($0.path) \($0.message)" }
        } catch {
            return ["\(error)"]
        }
    }

    @Test func aTimestampOutsideTheSupportedRangeIsAnError() throws {
        let far = messages(Record(at: Date(timeIntervalSince1970: 400_000_000_000)))
        #expect(far.count == 1)
        #expect(far.first?.hasPrefix("$.at ") == true, "\(far)")
        #expect(far.first?.contains("expected a date in the years 0000 to 9999, which `timestamp` writes and reads back") == true, "\(far)")
        #expect(messages(Record(at: Date(timeIntervalSince1970: 253_402_300_799))) == [])
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aNumberThatIsNotFiniteIsAnError(_ number: Double) {
        #expect(messages(Record(at: Date(timeIntervalSince1970: 0), x: number)) == ["x JSON has no \(number)"])
    }

    /// A `MappedValue` handed to `reverse` is held to the same rule.
    @Test func reverseRefusesANumberThatIsNotFinite() throws {
        let value = MappedValue.object(
            MappedObject([MappedMember(key: "at", value: .string("1970-01-01T00:00:00Z")), MappedMember(key: "x", value: .double(.nan))]))
        let record = Self.rules.reverse(value, from: try Self.rules.model(named: "R"))
        #expect(record.value == nil)
        #expect(record.errors.map { "\($0.path) \($0.message)" } == ["$.x expected a finite number, found nan"])
    }
}
