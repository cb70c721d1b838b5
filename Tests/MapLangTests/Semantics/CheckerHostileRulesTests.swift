#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

@testable import MapLang
import MapLangBench

/// Rules files shaped to make a careless checker take exponential time,
/// quadratic memory or the whole stack: transforms that double at every
/// level, chains and cycles of thousands of transforms or models. Each
/// compiles to exactly one diagnostic, found without recursion; the limits
/// (64 levels of transforms or models, 10,000 stages) hold exactly. The
/// files come from the generators the benchmark's hostile set grows.
struct CheckerHostileRulesTests {
    typealias Support = RulesTestSupport

    static func summaries(_ text: String) -> [String] {
        Support.compileErrors(text).map(Support.summary)
    }

    @Test func aTransformThatDoublesThirtyTimesIsOneError() {
        #expect(
            Self.summaries(HostileCase.doubling(29))
                == ["16:11 transform-too-long: the transformer `t15` expands to more than 10,000 stages"])
    }

    @Test func aTransformOfExactlyTheStageLimitCompiles() throws {
        // 2¹³ = 8,192 stages.
        let rules = try Support.rules(HostileCase.doubling(13))
        #expect(try rules.map(Data(#"{"s": " x "}"#.utf8)).jsonText() == #"{"s":"x"}"#)
        #expect(!Self.summaries(HostileCase.doubling(14)).isEmpty)
    }

    @Test func aChainOfFiveThousandTransformsIsOneError() {
        #expect(
            Self.summaries(HostileCase.transforms(5_000))
                == ["4937:11 transform-too-deep: the transformer `t4936` is built from transformers nested more than 64 deep"])
    }

    @Test func sixtyFourLevelsOfTransformsCompile() {
        // t0 … t63, each one level: 64 in all.
        #expect(Self.summaries(HostileCase.transforms(63)) == [])
        #expect(Self.summaries(HostileCase.transforms(64)) == ["1:11 transform-too-deep: the transformer `t0` is built from transformers nested more than 64 deep"])
    }

    @Test func aRingOfFiveThousandTransformsIsOneCycle() {
        #expect(
            Self.summaries(HostileCase.transforms(5_000, cyclic: true))
                == ["1:11 recursive-transform: the transformer `t0` uses itself: `t0` → `t1` → `t2` → `t3` → `t4` → `t5` → `t6` → `t7` → … 4,992 more … → `t0`"])
    }

    @Test func aChainOfTwoThousandFiveHundredModelsIsOneError() {
        #expect(
            Self.summaries(HostileCase.models(2_500))
                == ["2437:21 inheritance-too-deep: the model `M2436` is the 65th of a chain of models that extend one another; at most 64 may"])
    }

    @Test func sixtyFourModelsInAChainCompile() throws {
        // M0 … M63: 64 models, M0 with all their fields.
        let rules = try Support.rules(HostileCase.models(63))
        #expect(try rules.map(Data(#"{"a0": 1, "z": 2}"#.utf8)).jsonText().hasPrefix(#"{"z":2,"a62":null"#))
        #expect(Self.summaries(HostileCase.models(64)).count == 1)
    }

    @Test func aChainOfTwoThousandFiveHundredModelsReadFromTheObjectIsOneError() {
        #expect(
            Self.summaries(HostileCase.groupedModels(2_500))
                == ["9747:17 whole-object-too-deep: `g` reads `from $` a model that starts a chain of 64 models read `from $`; a chain may hold at most 64"])
    }

    @Test func sixtyFourModelsReadFromTheObjectInAChainCompile() throws {
        // M0 … M63: 64 models, each read from M0's object, M0 knowing every key below it.
        let text = HostileCase.groupedModels(63).replacingOccurrences(of: "model M0 {\n", with: "model M0 {\n  unknown reject\n")
        let rules = try Support.rules(text)
        #expect(try rules.map(Data(#"{"a0": 1, "a62": 2, "z": 3}"#.utf8)).jsonText().hasSuffix(#""a62":2,"g":{"z":3}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}"#))
        #expect(throws: MappingFailure.self) { try rules.map(Data(#"{"a0": 1, "q": 2}"#.utf8)) }
        #expect(Self.summaries(HostileCase.groupedModels(64)).count == 1)
    }

    @Test func aChainOfTwoThousandFiveHundredFlattenedModelsIsOneError() {
        #expect(
            Self.summaries(HostileCase.groupedModels(2_500, flattened: true))
                == ["9747:13 flatten-too-deep: `g` flattens a model that starts a chain of 64 flattened models; a chain may hold at most 64"])
    }

    @Test func sixtyFourFlattenedModelsInAChainCompile() throws {
        let rules = try Support.rules(HostileCase.groupedModels(63, flattened: true))
        #expect(try rules.map(Data(#"{"a0": 1, "g": {"a1": 2, "g": null}}"#.utf8)).jsonText() == #"{"a0":1,"a1":2}"#)
        #expect(Self.summaries(HostileCase.groupedModels(64, flattened: true)).count == 1)
    }

    @Test func modelsCopyingMoreThanTheLimitAreOneErrorBeforeAnyIsCopied() {
        // 500 fields, copied by each of 500 models: the 401st passes 200,000.
        #expect(
            Self.summaries(HostileCase.modelsExtendingOne(500))
                == ["903:20 inheritance-too-large: with `E400`, the models copy more than 200,000 fields, settings and checks from the models they extend"])
        #expect(Self.summaries(HostileCase.modelsExtendingOne(30)) == [])
    }

    /// Two fields flattening one model, at every level of a chain of 64:
    /// one clash for each level's second field, and the names each level
    /// holds once, not twice as many as the level below.
    @Test func twoFieldsFlatteningOneModelAtEveryLevelAreOneClashEach() {
        let text = (0..<63).map { "model M\($0) {\n  a\($0): Int?\n  g: M\($0 + 1)? flatten\n  h: M\($0 + 1)? flatten\n}\n" }.joined()
            + "model M63 { z: Int? }\nroot M0\n"
        let summaries = Self.summaries(text)
        #expect(summaries.count == 63)
        #expect(summaries.allSatisfy { $0.contains("flatten-name-clash: ") })
    }

    @Test func aRingOfTwoThousandFiveHundredModelsIsOneCycle() {
        #expect(
            Self.summaries(HostileCase.models(2_500, cyclic: true))
                == ["1:18 inheritance-cycle: the model `M0` extends itself: `M0` → `M1` → `M2` → `M3` → `M4` → `M5` → `M6` → `M7` → … 2,492 more … → `M0`"])
    }
}

/// Thousands of misspelt names among thousands of declarations: each is
/// reported, and only the first 100 (as many as are shown) get a "did you
/// mean", so the check does not compare every name with every other.
struct CheckerSuggestionBudgetTests {
    @Test func onlyTheFirstHundredMisspeltNamesGetASuggestion() {
        let rules = (0..<150).map { "model Model\($0) { a: Modle\($0) }\n" }.joined()
        let errors = RulesTestSupport.compileErrors(rules)
        #expect(errors.count == 150)
        #expect(errors.prefix(100).map(\.help) == (0..<100).map { "did you mean `Model\($0)`?" })
        #expect(errors.dropFirst(100).allSatisfy { $0.help == nil })
    }

    /// The root, at the top of a file, is resolved first: a misspelt root
    /// keeps its suggestion however many misspellings follow.
    @Test func aMisspeltRootKeepsItsSuggestion() {
        let rules = "root Ordr\nmodel Order { a: Int }\n" + (0..<120).map { "model M\($0) { a: Strng }\n" }.joined()
        let errors = RulesTestSupport.compileErrors(rules)
        #expect(errors.first?.help == "did you mean `Order`?")
    }
}
