/// Which records `maplang run --explain` traces: by number, by the value at
/// a path, or all of them.
package struct RecordSelection: Sendable, Equatable {
    /// The records chosen by number: an element's index in a top-level
    /// array (from 0), or an NDJSON record's line (from 1). Empty: any number.
    package var numbers: [ClosedRange<Int>] = []
    /// The values records must hold; empty: any record.
    package var filters: [RecordFilter] = []

    /// Every record.
    package init() {}

    /// Whether a record is chosen.
    ///
    /// - Parameters:
    ///   - number: The record's number, as `numbers` counts.
    ///   - record: The record's value, for the filters.
    package func selects(number: Int, record: JSONValue) -> Bool {
        guard numbers.isEmpty || numbers.contains(where: { $0.contains(number) }) else { return false }
        return filters.allSatisfy { $0.holds(for: record) }
    }

    /// Whether no record after `number` can be chosen, so reading may stop.
    package func isPast(_ number: Int) -> Bool {
        guard let last = numbers.map(\.upperBound).max() else { return false }
        return number >= last
    }
}

/// A condition on a record: the value at a path equals a JSON value.
package struct RecordFilter: Sendable, Equatable {
    /// The path from the record, such as `$.user.login`.
    package var path: JSONPath
    /// The value it must hold; numbers are equal when their values are.
    package var value: JSONValue

    /// Creates a filter.
    package init(path: JSONPath, value: JSONValue) {
        self.path = path
        self.value = value
    }

    /// Whether the record holds the value at the path.
    func holds(for record: JSONValue) -> Bool {
        let steps = path.components.map { component -> KeyStep in
            switch component {
            case .key(let key): .key(key)
            case .index(let index): .index(index)
            }
        }
        guard let found = Interpreter.value(at: steps, in: record) else { return false }
        if case .number(let wanted) = value, case .number(let held) = found {
            return NumberText.canonical(wanted.literal) == NumberText.canonical(held.literal)
        }
        return found == value
    }
}
