/// How `transform` declarations refer to each other, measured once, without
/// recursion, before any is expanded: each is inlined where it is used, so
/// one that uses itself, one nested too deep (the expansion recurses once per
/// level) or one whose expansion is too long (`t0 = t1 | t1`, `t1 = t2 | t2`,
/// … doubles at every level) is reported here and never expanded. Every
/// declaration and reference is visited once: linear in the rules.
enum TransformGraph {
    /// The deepest chain of transforms expanded inside one another.
    static let depthLimit = 64
    /// The most stages a transform may expand to.
    static let stageLimit = 10_000

    /// What one transform measures once expanded.
    struct Measure {
        /// The longest chain of transforms in it, itself included.
        var depth: Int
        /// Its stages once every transform in it is inlined, at most `stageLimit + 1`.
        var stages: Int
    }
}

extension Checker {
    /// Reports every transform that uses itself, nests too deep or expands
    /// too long, each mistake once (a transform that uses a failed one fails
    /// without a report of its own), and marks them failed.
    mutating func measureTransforms() {
        var measures: [String: TransformGraph.Measure] = [:]
        var onPath: [String: Int] = [:]
        for root in declarations.transforms where measures[root.decl.name.name] == nil && !failedTransforms.contains(root.decl.name.name) {
            // Depth-first, with the path as an explicit stack: each entry a
            // transform and how many of its stages have been looked at.
            var path: [(name: String, next: Int)] = [(root.decl.name.name, 0)]
            onPath[root.decl.name.name] = 0
            // The path from this index on lies in a cycle already reported:
            // a cycle that overlaps it is the same mistake, reported once.
            var cycleFloor = Int.max
            while let (name, next) = path.last {
                let stages = transformDecls[name]?.decl.pipeline.stages ?? []
                if next < stages.count {
                    path[path.count - 1].next += 1
                    let child = stages[next].name.name
                    guard transformDecls[child] != nil, measures[child] == nil, !failedTransforms.contains(child) else { continue }
                    if let start = onPath[child] {
                        if cycleFloor == Int.max { reportCycle(path[start...].map(\.name) + [child]) }
                        for index in start..<min(cycleFloor, path.count) { failedTransforms.insert(path[index].name) }
                        cycleFloor = min(cycleFloor, start)
                        continue
                    }
                    onPath[child] = path.count
                    path.append((child, 0))
                    continue
                }
                path.removeLast()
                onPath[name] = nil
                if path.count <= cycleFloor { cycleFloor = Int.max }
                guard !failedTransforms.contains(name) else { continue }
                measureFinished(name, measures: &measures)
            }
        }
    }

    /// Reports a cycle at its first transform and fails every transform in it.
    private mutating func reportCycle(_ cycle: [String]) {
        guard let first = transformDecls[cycle[0]] else { return }
        within(first.unit) { $0.report(.recursiveTransform(cycle: cycle), at: first.decl.name.span) }
        failedTransforms.formUnion(cycle)
    }

    /// Measures a transform whose references have all been measured or failed.
    private mutating func measureFinished(_ name: String, measures: inout [String: TransformGraph.Measure]) {
        guard let item = transformDecls[name] else { return }
        var measure = TransformGraph.Measure(depth: 1, stages: 0)
        for call in item.decl.pipeline.stages {
            let child = call.name.name
            guard transformDecls[child] != nil else {
                measure.stages = min(measure.stages + 1, TransformGraph.stageLimit + 1)
                continue
            }
            guard let used = measures[child] else {
                // It failed, and said so.
                failedTransforms.insert(name)
                return
            }
            measure.depth = max(measure.depth, used.depth + 1)
            measure.stages = min(measure.stages + used.stages, TransformGraph.stageLimit + 1)
        }
        if measure.depth > TransformGraph.depthLimit {
            within(item.unit) { $0.report(.transformTooDeep(name: name, limit: TransformGraph.depthLimit), at: item.decl.name.span) }
            failedTransforms.insert(name)
        } else if measure.stages > TransformGraph.stageLimit {
            within(item.unit) { $0.report(.transformTooLong(name: name, limit: TransformGraph.stageLimit), at: item.decl.name.span) }
            failedTransforms.insert(name)
        } else {
            measures[name] = measure
        }
    }
}
