/// How the errors mapping gave differ from those a test expects: the
/// expected errors not given, and the errors given but not expected.
///
/// An expected error matches a given one of its code and path, and of its
/// message when it names one. Errors are matched in any order; those that
/// name a message are matched first, so a less specific one never takes
/// the error a more specific one needs.
package struct ErrorComparison: Sendable, Equatable {
    /// The expected errors mapping did not give, in the expected order.
    package let missing: [ExpectedError]
    /// The errors mapping gave that no expected error matched, in the order given.
    package let unexpected: [MappingError]

    /// Compares the errors a test expects with those mapping gave.
    package init(expected: [ExpectedError], given: [MappingError]) {
        var unmatched: [MatchKey: [Int]] = [:]
        for (index, error) in given.enumerated() {
            unmatched[MatchKey(code: error.problem.code, path: error.path), default: []].append(index)
        }
        var taken = Set<Int>()
        var missing: [Int] = []
        let order = expected.indices.filter { expected[$0].message != nil } + expected.indices.filter { expected[$0].message == nil }
        for index in order {
            let error = expected[index]
            let key = MatchKey(code: error.code, path: error.path)
            let candidates = unmatched[key] ?? []
            if let position = candidates.firstIndex(where: { error.message == nil || given[$0].message == error.message }) {
                taken.insert(candidates[position])
                unmatched[key]?.remove(at: position)
            } else {
                missing.append(index)
            }
        }
        self.missing = missing.sorted().map { expected[$0] }
        self.unexpected = given.indices.filter { !taken.contains($0) }.map { given[$0] }
    }

    /// Whether mapping gave exactly the errors expected.
    package var matches: Bool { missing.isEmpty && unexpected.isEmpty }

    /// What an error is matched by: its code and path.
    private struct MatchKey: Hashable {
        /// The code.
        let code: String
        /// The path.
        let path: JSONPath
    }
}

extension ExpectedError {
    /// The error mapping gave, as a test expects it: its code, path and message.
    package init(_ error: MappingError) {
        self.init(code: error.problem.code, path: error.path, message: error.message)
    }
}
