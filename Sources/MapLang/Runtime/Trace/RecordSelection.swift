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
    ///   - path: The record's path in its document, for filters written
    ///     from the document (`$[3].id`) rather than from the record (`$.id`).
    package func selects(number: Int, record: JSONValue, at path: JSONPath = .root) -> Bool {
        guard numbers.isEmpty || numbers.contains(where: { $0.contains(number) }) else { return false }
        return filters.allSatisfy { $0.holds(for: record, at: path) }
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

    /// Whether the record holds the value at the path: from the record,
    /// or, when the path starts with the record's own place in its
    /// document, from the document.
    func holds(for record: JSONValue, at recordPath: JSONPath) -> Bool {
        var components = path.components[...]
        if !recordPath.components.isEmpty, components.starts(with: recordPath.components) {
            components = components.dropFirst(recordPath.components.count)
        } else if case .index? = recordPath.components.first, case .index? = components.first, !record.isArray {
            // `$[2]…` names another element of the document.
            return false
        }
        let steps = components.map { component -> KeyStep in
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

extension JSONValue {
    /// Whether the value is an array.
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }
}
