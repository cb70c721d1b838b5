extension DirectSourceWriter {
    /// A `MappedValue`, taken over as reverse mapping takes it: its typed
    /// cases as they are, a member no field has left out, anything reverse
    /// mapping would convert (a `decimal`, a `date` for a `String`) or
    /// refuse stopping the path.
    func mapped(_ value: MappedValue, as kind: DirectReversePlan.Kind) throws -> Int {
        if value == .null { return Self.nullNode }
        switch kind {
        case .optional(let wrapped):
            return try mapped(value, as: plan.kinds[wrapped])
        case .scalar(let scalar):
            switch (scalar, value) {
            case (.string, .string(let text)), (.enumeration, .string(let text)), (.iso8601, .string(let text)),
                (.url, .string(let text)):
                return try string(text, as: scalar, isURL: false)
            case (.url, .url(let text)):
                return try string(text, as: scalar, isURL: true)
            case (.iso8601, .date(let timestamp)):
                return try date(timestamp)
            case (.int, .int(let integer)), (.double, .int(let integer)):
                return try self.integer(integer, as: kind)
            case (.double, .double(let double)):
                return try self.double(double, as: kind)
            case (.bool, .bool(let flag)):
                return try bool(flag, as: kind)
            default:
                throw stop()
            }
        case .model, .document:
            if case .object(let object) = value {
                return try finish(
                    try level(kind) { id in
                        try beginRecord(at: id)
                        for member in object.members where try hasField(member.key, at: id) {
                            try encodeField(member.value, key: member.key, at: id)
                        }
                    })
            }
            guard case .document = kind, case .array(let records) = value else { throw stop() }
            return try elements(records, as: kind)
        case .array:
            guard case .array(let elements) = value else { throw stop() }
            return try self.elements(elements, as: kind)
        }
    }

    /// An array's elements, or the document's records.
    private func elements(_ values: [MappedValue], as kind: DirectReversePlan.Kind) throws -> Int {
        try finish(
            try level(kind) { id in
                try beginArray(at: id)
                for value in values { try encodeElement(value, at: id) }
            })
    }
}
