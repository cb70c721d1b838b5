// MARK: - Computed fields and checks

extension DirectRun {
    /// Works out a model's computed fields and runs its checks, as the
    /// interpreter does, on the values of the fields they read: those kept
    /// as they were read (`DirectFieldEntry.keepsValue`), and those of the
    /// other fields read, mapped again by the interpreter. Then writes each
    /// computed value in the place left for it.
    ///
    /// A computed value that is `null` where the field may not be, breaks a
    /// rule, or cannot be worked out, and a check that fails, send the
    /// record to the interpreter, which reports it. The direct path takes
    /// no model whose computed fields or checks read the input (see
    /// `DirectPlan`), so none is at hand here.
    ///
    /// - Parameters:
    ///   - values: The kept values, by field; the others are added.
    ///   - computed: Where each computed field's value goes in the output,
    ///     in the fields' order, and the field.
    mutating func valuesHold(
        of index: Int, values: inout [MappedValue], computed: [(offset: Int, field: Int)], fields: Range<Int>,
        starts: UnsafeMutableBufferPointer<Int>, depth: Int, _ context: inout MappingContext
    ) throws(JSONSyntaxError) -> Bool {
        for entry in tables.fields[fields] where entry.isRead && !entry.keepsValue && !entry.isComputed {
            guard let value = try mapThroughInterpreter(entry, starts: starts, depth: depth, &context) else { return false }
            values[entry.index] = value
        }
        for (_, field) in computed {
            let plan = mapper.interpreter.plan.models[index].fields[field]
            guard let expression = plan.computed,
                let value = try? expression.evaluate(values, input: nil).converted(to: plan.type),
                value != .null || plan.type.isOptional,
                value == .null || plan.rules.allSatisfy({ $0.kind.violation(by: value) == nil })
            else { return false }
            values[field] = value
        }
        guard mapper.checks[index].allSatisfy({ (try? $0.condition.holds(for: values, input: nil)) == true }) else { return false }
        // The last first, so that the places of the others still hold.
        for (offset, field) in computed.reversed() {
            writer.bytes.insert(contentsOf: JSONWriter.serialize(values[field]), at: offset)
        }
        return true
    }
}
