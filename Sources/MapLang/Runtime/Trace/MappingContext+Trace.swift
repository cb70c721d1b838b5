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
        /// The number of warnings when the entry opened.
        let warningCount: Int
    }

    /// Opens the entry of a field of the model being mapped; `nil` when not tracing.
    mutating func beginTrace(of field: FieldPlan) -> FieldTraceMark? {
        guard trace != nil else { return nil }
        let entry = FieldTrace(
            model: model, field: field.name, site: TracedSite(field.site), depth: traceDepth, objectPath: path,
            isComputed: field.isComputed)
        let mark = FieldTraceMark(entry: trace?.count ?? 0, outer: tracedField, errorCount: errors.count, warningCount: drops.count)
        trace?.append(.field(entry))
        tracedField = mark.entry
        return mark
    }

    /// Closes a field's entry with its value (`nil` when it failed), and
    /// the errors and warnings found in the field itself: those of the
    /// fields of a model it holds, a model that may be its own, are theirs.
    mutating func endTrace(_ mark: FieldTraceMark?, value: MappedValue?) {
        guard let mark, let entries = trace else { return }
        var inner: [MappingError] = []
        for case .field(let nested) in entries[(mark.entry + 1)...] { inner += nested.errors + nested.warnings }
        let own = { (error: MappingError, entry: FieldTrace) in
            error.model == entry.model && error.field == entry.field && !inner.contains(error)
        }
        let found = errors[min(mark.errorCount, errors.count)...]
        let warned = drops[min(mark.warningCount, drops.count)...]
        updateField(at: mark.entry) { entry in
            entry.value = value
            entry.errors = found.filter { own($0, entry) }
            entry.warnings = warned.filter { own($0, entry) }
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
