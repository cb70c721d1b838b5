/// One place where the JSON mapping gave differs from the JSON a test
/// expects: `$.items[2].price: expected 3, found 4`.
///
/// Objects are compared by their keys, in any order; arrays element by
/// element; strings by their Unicode scalars; numbers by their digits as
/// written, so `1.50` and `1.5` differ, as the output shows them.
package struct JSONDifference: Sendable, Equatable {
    /// Where the values differ.
    package let path: JSONPath
    /// How they differ.
    package let kind: Kind

    /// How two values differ at a path.
    package enum Kind: Sendable, Equatable {
        /// Both have a value there, and the values differ.
        case changed(expected: JSONValue, found: JSONValue)
        /// Only the expected JSON has this key.
        case missingKey(expected: JSONValue)
        /// Only the output has this key.
        case unexpectedKey(found: JSONValue)
        /// Only the expected array is this long.
        case missingElement(expected: JSONValue)
        /// Only the output's array is this long.
        case unexpectedElement(found: JSONValue)
        /// The document was one record, which failed, so there is no output.
        case noOutput(expected: JSONValue)
    }

    /// Creates a difference.
    package init(path: JSONPath, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// The difference in a line, values shown as messages show them:
    /// `$.a: expected 3, found 4`, `$.b: missing key, expected "x"`.
    package var description: String {
        switch kind {
        case .changed(let expected, let found): "\(path): expected \(expected.preview), found \(found.preview)"
        case .missingKey(let expected): "\(path): missing key, expected \(expected.preview)"
        case .unexpectedKey(let found): "\(path): unexpected key, found \(found.preview)"
        case .missingElement(let expected): "\(path): missing element, expected \(expected.preview)"
        case .unexpectedElement(let found): "\(path): unexpected element, found \(found.preview)"
        case .noOutput(let expected): "\(path): no output, expected \(expected.preview)"
        }
    }

    /// Every difference between two documents, in the expected JSON's
    /// order (keys only the output has after the expected ones), the first
    /// `limit` of them kept.
    ///
    /// - Returns: The differences kept, and how many there are in all.
    package static func differences(
        expected: JSONValue, found: JSONValue, limit: Int
    ) -> (shown: [JSONDifference], total: Int) {
        var collector = Collector(limit: limit)
        var path = JSONPath.root
        collector.compare(expected, found, at: &path)
        return (collector.shown, collector.total)
    }

    /// Gathers differences, keeping the first few.
    private struct Collector {
        /// How many to keep.
        let limit: Int
        /// Those kept.
        var shown: [JSONDifference] = []
        /// How many were found.
        var total = 0

        /// Notes one difference.
        mutating func add(_ path: JSONPath, _ kind: Kind) {
            total += 1
            if shown.count < limit { shown.append(JSONDifference(path: path, kind: kind)) }
        }

        /// Compares two values at a path, descending into arrays and objects of both sides.
        mutating func compare(_ expected: JSONValue, _ found: JSONValue, at path: inout JSONPath) {
            switch (expected, found) {
            case (.object(let left), .object(let right)):
                // Keys looked up by their bytes, so large objects cost linear time; the last of a repeated key wins.
                let found = Dictionary(right.members.map { (ExactKey(string: $0.key), $0.value) }) { _, last in last }
                let expectedKeys = Set(left.members.map { ExactKey(string: $0.key) })
                for member in left.members {
                    path.append(.key(member.key))
                    if let value = found[ExactKey(string: member.key)] {
                        compare(member.value, value, at: &path)
                    } else {
                        add(path, .missingKey(expected: member.value))
                    }
                    path.removeLast()
                }
                for member in right.members where !expectedKeys.contains(ExactKey(string: member.key)) {
                    add(path.appending(.key(member.key)), .unexpectedKey(found: member.value))
                }
            case (.array(let left), .array(let right)):
                for index in 0..<max(left.count, right.count) {
                    path.append(.index(index))
                    if index >= right.count {
                        add(path, .missingElement(expected: left[index]))
                    } else if index >= left.count {
                        add(path, .unexpectedElement(found: right[index]))
                    } else {
                        compare(left[index], right[index], at: &path)
                    }
                    path.removeLast()
                }
            case (.null, _), (.bool, _), (.number, _), (.string, _), (.array, _), (.object, _):
                if expected != found { add(path, .changed(expected: expected, found: found)) }
            }
        }
    }
}
