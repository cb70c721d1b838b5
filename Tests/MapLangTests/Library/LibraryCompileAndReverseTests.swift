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
        let missing = unreadable(URL(fileURLWithPath: TestFiles.packageRoot + "/examples/github/nothing.map"))
        #expect(missing?.code == "unreadable-rules")
        #expect(missing?.message.hasPrefix("cannot read `\(TestFiles.packageRoot)/examples/github/nothing.map`: ") == true)
        let folder = unreadable(URL(fileURLWithPath: TestFiles.packageRoot + "/examples/github"))
        #expect(folder?.code == "unreadable-rules")
        #expect(folder?.message.hasSuffix(": it is not a regular file") == true)
        // A device with no end is refused before it is read, not read forever.
        let device = unreadable(URL(fileURLWithPath: "/dev/zero"))
        #expect(device?.message == "cannot read `/dev/zero`: it is not a regular file")
        #expect(unreadable(URL(string: "https://example.com/rules.map")!)?.message.hasSuffix(": it is not a file URL") == true)
    }

    @Test func aFileOverTheLimitIsRefusedWithItsSize() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("maplang-\(UUID().uuidString).map")
        defer { try? FileManager.default.removeItem(at: path) }
        try Data(count: (16 << 20) + 1).write(to: path)
        #expect(unreadable(path)?.message == "cannot read `\(path.path)`: it holds 16777217 bytes, more than 16 MiB")
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
}
