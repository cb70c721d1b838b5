import Foundation
import Testing

@testable import MapLang

/// `Rules.decode` fills a type shaped like the rules' output. A type left
/// shaped like the input (coding keys from a `JSONDecoder` version, enum
/// raw values in the input's spelling) gets an error that says so and
/// names the field or case name meant, through the tape and the tree alike.
struct DecodingHelpTests {
    static let rules = try! Rules(
        source: SourceFile(name: "issue.map", text: """
            root Issue
            keys snake_case

            enum Priority {
              high from "p1"
              low from "p2"
            }

            model Issue {
              htmlURL: String
              priority: Priority
            }
            """))

    static let input = #"{"html_url": "https://example.com/1", "priority": "p1"}"#

    /// Coding keys left from decoding the input with `JSONDecoder`.
    struct InputShaped: Decodable {
        let htmlURL: String
        enum CodingKeys: String, CodingKey { case htmlURL = "html_url" }
    }

    /// An enum whose raw values are the input's spelling.
    struct WithInputCases: Decodable {
        enum Priority: String, Decodable {
            case high = "p1"
            case low = "p2"
        }
        let htmlURL: String
        let priority: Priority
    }

    /// The shape the rules write, which decodes.
    struct OutputShaped: Decodable, Equatable {
        enum Priority: String, Decodable {
            case high, low
        }
        let htmlURL: String
        let priority: Priority
    }

    /// The error's description, through the tape (`decode`) and through the mapped tree.
    static func descriptions<T: Decodable>(_ type: T.Type) -> [String] {
        var found: [String] = []
        for decode in [
            { _ = try rules.decode(T.self, from: input) },
            { _ = try MappedScalars.decode(T.self, from: rules.map(input), at: []) },
        ] as [() throws -> Void] {
            do {
                try decode()
                found.append("decoded")
            } catch DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context) {
                found.append(context.debugDescription)
            } catch {
                found.append("\(error)")
            }
        }
        return found
    }

    @Test func aCodingKeyInTheInputsSpellingNamesTheField() {
        let expected =
            "the mapped object has no field `html_url`; did you mean `htmlURL`? `decode` fills a type shaped like the "
            + "rules' output: its coding keys are the rules' field names, not the input's keys"
        #expect(Self.descriptions(InputShaped.self) == [expected, expected])
    }

    @Test func anEnumRawValueInTheInputsSpellingNamesTheCase() throws {
        let descriptions = Self.descriptions(WithInputCases.self)
        #expect(descriptions.count == 2)
        for description in descriptions {
            #expect(
                description.hasSuffix(
                    #"; `decode` gives an enum field as the case name the rules declare ("high"), not as the input spells it: "#
                        + #"give the Swift case the raw value "high""#), "\(description)")
        }
    }

    @Test func theOutputsShapeDecodes() throws {
        #expect(try Self.rules.decode(OutputShaped.self, from: Self.input) == OutputShaped(htmlURL: "https://example.com/1", priority: .high))
    }

    @Test func aKeyCloseToNoFieldSaysOnlyThatItIsMissing() {
        struct Other: Decodable { let somethingElse: Int }
        #expect(Self.descriptions(Other.self) == Array(repeating: "the mapped object has no field `somethingElse`", count: 2))
    }
}
