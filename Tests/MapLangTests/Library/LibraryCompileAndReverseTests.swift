#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MapLang
import Testing

/// Compiling from a file by URL, and mapping a value back with the public
/// `reverse`: each throws its one error type.
struct LibraryCompileAndReverseTests {
    static let githubRules = TestFiles.packageRoot + "/examples/github/github.map"

    @Test func aFileCompilesAsItsTextDoesAndIsNamedByItsPath() throws {
        let rules = try Rules(contentsOf: URL(fileURLWithPath: Self.githubRules))
        #expect(rules.sources.map(\.name) == [Self.githubRules])
        #expect(rules.rootModel == "Issue")
        let text = try Rules(source: SourceFile(name: "github.map", text: TestFiles.text(Self.githubRules)))
        let input = try TestFiles.read(TestFiles.packageRoot + "/examples/github/input.json")
        #expect(try rules.mapJSON(input) == text.mapJSON(input))
    }

    /// Reads the one diagnostic a file that cannot be compiled from gives.
    func unreadable(_ url: URL) -> (code: String, message: String)? {
        do {
            _ = try Rules(contentsOf: url)
            return nil
        } catch {
            guard error.diagnostics.count == 1 else { return nil }
            return (error.diagnostics[0].code, error.diagnostics[0].message)
        }
    }

    @Test func aMissingFileADirectoryAndADeviceAreUnreadableRules() throws {
        let missing = TestFiles.packageRoot + "/examples/github/nothing.map"
        #expect(unreadable(URL(fileURLWithPath: missing))?.code == "unreadable-rules")
        #expect(unreadable(URL(fileURLWithPath: missing))?.message == "cannot read this rules file: no such file or directory")
        let folder = unreadable(URL(fileURLWithPath: TestFiles.packageRoot + "/examples/github"))
        #expect(folder?.message == "cannot read this rules file: it is not a regular file")
        // A device with no end is refused before it is read, not read forever.
        #expect(unreadable(URL(fileURLWithPath: "/dev/zero"))?.message == "cannot read this rules file: it is not a regular file")
        #expect(unreadable(URL(string: "https://example.com/rules.map")!)?.message == "cannot read this rules file: it is not a file URL")
    }

    /// The error names the file once, in its header, and shows no source
    /// line, since there is none.
    @Test func anUnreadableFileRendersAsOneHeaderAndItsHelp() throws {
        let path = TestFiles.packageRoot + "/examples/github/nothing.map"
        #expect {
            try Rules(contentsOf: URL(fileURLWithPath: path))
        } throws: { error in
            "\(error)" == """
                \(path):1:1: error[unreadable-rules]: cannot read this rules file: no such file or directory
                  = help: name a readable rules file of at most 16 MiB

                1 error

                """
        }
    }

    /// A link to a rules file is followed; a pipe with no writer is refused
    /// at once instead of waiting for one.
    @Test func aLinkIsFollowedAndAPipeIsRefusedWithoutWaiting() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maplang-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("link.map")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: Self.githubRules)
        #expect(try Rules(contentsOf: link).rootModel == "Issue")
        let pipe = folder.appendingPathComponent("pipe.map")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        #expect(unreadable(pipe)?.message == "cannot read this rules file: it is not a regular file")
    }

    @Test func aFileOverTheLimitIsRefusedWithItsSize() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("maplang-\(UUID().uuidString).map")
        defer { try? FileManager.default.removeItem(at: path) }
        try Data(count: (16 << 20) + 1).write(to: path)
        #expect(unreadable(path)?.message == "cannot read this rules file: it holds more than 16 MiB")
    }

    @Test func diagnosticsOfAFileReadByURLShowItsLines() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("maplang-\(UUID().uuidString).map")
        defer { try? FileManager.default.removeItem(at: path) }
        try Data("model A {\n  x: Strng\n}\n".utf8).write(to: path)
        #expect {
            try Rules(contentsOf: path)
        } throws: { error in
            guard let error = error as? RulesError else { return false }
            return error.diagnostics.map(\.code) == ["unknown-type"] && error.description.contains("  x: Strng")
        }
    }

    static let orders = """
        root Order
        keys snake_case
        model Order {
          id: Int where range(1...)
          customerName: String from customer.name
          placedAt: Date using iso8601
        }
        """

    @Test func reverseTakesAMappedValueBackToTheSourcesShape() throws {
        let rules = try Rules(source: SourceFile(name: "orders.map", text: Self.orders))
        let source = #"{"id":7,"customer":{"name":"Ada"},"placed_at":"2024-02-29T12:00:00Z"}"#
        let mapped = try rules.map(source)
        #expect(try rules.reverse(mapped).jsonText() == source)
        #expect(try rules.reverse(mapped, from: "Order").jsonText() == source)
    }

    @Test func reverseFailsWithOneErrorTypeForEachReason() throws {
        let rules = try Rules(source: SourceFile(name: "orders.map", text: Self.orders))
        let broken = MappedValue.object(MappedObject([MappedMember(key: "id", value: .string("seven"))]))
        #expect {
            try rules.reverse(broken)
        } throws: { error in
            guard case .brokenRules(let errors, nil) = error as? MappingFailure else { return false }
            return errors.map { "\($0.path) \($0.message)" } == [
                #"$.id expected an integer, found "seven""#,
                "$.customerName missing required key `customerName`",
                "$.placedAt missing required key `placedAt`",
            ]
        }
        #expect(throws: MappingFailure.modelChoice(.unknownModel(name: "Ordr", suggestion: "Order", available: ["Order"]))) {
            try rules.reverse(broken, from: "Ordr")
        }
        let oneWay = try Rules(source: SourceFile(name: "r.map", text: "root A\nmodel A {\n  first: String from items[0]\n}\n"))
        #expect {
            try oneWay.reverse(.object(MappedObject([MappedMember(key: "first", value: .string("x"))])))
        } throws: { error in
            guard case .irreversibleRules(let rules) = error as? MappingFailure else { return false }
            return rules.diagnostics.map(\.code) == ["irreversible-key-path"]
        }
    }

    /// What `map` gives for an array goes back as an array; a bad record's
    /// errors carry its index, and the records that did go back come with them.
    @Test func reverseTakesAnArrayBackRecordByRecord() throws {
        let rules = try Rules(source: SourceFile(name: "orders.map", text: Self.orders))
        let source = #"[{"id":7,"customer":{"name":"Ada"},"placed_at":"2024-02-29T12:00:00Z"},{"id":8,"customer":{"name":"Bo"},"placed_at":"2024-03-01T00:00:00Z"}]"#
        #expect(try rules.reverse(rules.map(source)).jsonText() == source)
        let good = try rules.map(#"{"id":8,"customer":{"name":"Bo"},"placed_at":"2024-03-01T00:00:00Z"}"#)
        let bad = MappedValue.object(MappedObject([MappedMember(key: "id", value: .string("seven"))]))
        #expect {
            try rules.reverse(.array([bad, good]))
        } throws: { error in
            guard case .brokenRules(let errors, let mapped?) = error as? MappingFailure else { return false }
            return errors.map(\.path.description) == ["$[0].id", "$[0].customerName", "$[0].placedAt"]
                && mapped.jsonText() == #"[{"id":8,"customer":{"name":"Bo"},"placed_at":"2024-03-01T00:00:00Z"}]"#
        }
    }

    struct Order: Encodable {
        let id: Int
        let customerName: String
        let placedAt: Date
    }

    /// `encode` reports where the first error is, as `decode` does.
    @Test func encodeErrorsPointAtTheFirstErrorsPath() throws {
        let rules = try Rules(source: SourceFile(name: "orders.map", text: Self.orders))
        let orders = [
            Order(id: 1, customerName: "Ada", placedAt: Date(timeIntervalSince1970: 0)),
            Order(id: 0, customerName: "Bo", placedAt: Date(timeIntervalSince1970: 0)),
        ]
        do {
            _ = try rules.encode(orders)
            Issue.record("encoded")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 1", "id"])
            #expect(context.debugDescription == "$[1].id: 0 is not in 1... (rule `range` at orders.map:4:17)")
        }
    }

    /// Each failure reads as its kind of problem.
    @Test func failuresDescribeThemselves() throws {
        let rules = try Rules(source: SourceFile(name: "orders.map", text: Self.orders))
        #expect {
            try rules.map(#"{"id": 0, "customer": {"name": "Ada"}, "placed_at": "2024-02-29T12:00:00Z"}"#)
        } throws: { error in
            "\(error)" == """
                input: error[out-of-range]: $.id: 0 is not in 1...
                  --> orders.map:4:17: rule `range` of field `Order.id`

                """
        }
        let oneWay = try Rules(source: SourceFile(name: "r.map", text: "root A\nmodel A {\n  first: String from items[0]\n}\n"))
        #expect {
            try oneWay.reverse(.object(MappedObject([])))
        } throws: { error in
            "\(error)".hasPrefix("r.map:3:22: error[irreversible-key-path]: `first` cannot be mapped back") && "\(error)".hasSuffix("\n1 error\n")
        }
    }
}
