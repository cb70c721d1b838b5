/// Recording what mapping a record does, for `--explain`. Each method does
/// nothing when the context is not tracing, so the interpreter calls them
/// unconditionally where the cost is a comparison.
extension MappingContext {
    /// Where a field's entry is open: the entry, the entry open before it,
    /// and how many errors there were when it opened.
    struct FieldTraceMark {
        /// The entry's index in `trace`.
        let entry: Int
        /// The field entry that was open before, restored at the end.
        let outer: Int?
        /// The number of errors when the entry opened.
        let errorCount: Int
    }

    /// Opens the entry of a field of the model being mapped; `nil` when not tracing.
    mutating func beginTrace(of field: FieldPlan) -> FieldTraceMark? {
        guard trace != nil else { return nil }
        let entry = FieldTrace(
            model: model, field: field.name, site: TracedSite(field.site), depth: traceDepth, objectPath: path,
            isComputed: field.isComputed)
        let mark = FieldTraceMark(entry: trace?.count ?? 0, outer: tracedField, errorCount: errors.count)
        trace?.append(.field(entry))
        tracedField = mark.entry
        return mark
    }

    /// Closes a field's entry with its value (`nil` when it failed) and
    /// the errors found in the field itself.
    mutating func endTrace(_ mark: FieldTraceMark?, value: MappedValue?) {
        guard let mark else { return }
        let found = errors[mark.errorCount...]
        updateField(at: mark.entry) { entry in
            entry.value = value
            entry.errors = found.filter { $0.model == entry.model && $0.field == entry.field }
        }
        tracedField = mark.outer
    }

    /// Changes the open field's entry.
    mutating func traceField(_ change: (inout FieldTrace) -> Void) {
        guard let tracedField else { return }
        updateField(at: tracedField, change)
    }

    /// Adds an entry that is not a field's: a check or a choice.
    mutating func trace(_ entry: TraceEntry) {
        trace?.append(entry)
    }

    /// Changes the field entry at an index.
    private mutating func updateField(at index: Int, _ change: (inout FieldTrace) -> Void) {
        guard case .field(var entry)? = trace?[index] else { return }
        // The slot holds a stand-in meanwhile, so the entry's arrays are changed in place, not copied.
        trace?[index] = .field(FieldTrace(model: "", field: "", site: entry.site, depth: 0, objectPath: .root))
        change(&entry)
        trace?[index] = .field(entry)
    }
}
