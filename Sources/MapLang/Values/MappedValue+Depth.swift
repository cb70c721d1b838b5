extension MappedValue {
    /// Whether the value nests arrays and objects more than `limit` deep,
    /// counting itself: found without recursion, so a value of any depth
    /// is measured on any thread's stack.
    func nests(deeperThan limit: Int) -> Bool {
        // Each container still to look into, with its depth.
        var pending: [(value: MappedValue, depth: Int)] = [(self, 0)]
        while let (value, depth) = pending.popLast() {
            switch value {
            case .array(let elements):
                guard depth < limit else { return true }
                for element in elements where element.isContainer { pending.append((element, depth + 1)) }
            case .object(let object):
                guard depth < limit else { return true }
                for member in object.members where member.value.isContainer { pending.append((member.value, depth + 1)) }
            case .null, .bool, .int, .double, .decimal, .string, .date, .url:
                break
            }
        }
        return false
    }

    /// Whether the value is an array or an object.
    private var isContainer: Bool {
        switch self {
        case .array, .object: true
        case .null, .bool, .int, .double, .decimal, .string, .date, .url: false
        }
    }
}
