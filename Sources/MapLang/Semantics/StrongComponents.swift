/// The strongly connected components of a directed graph, by Kosaraju's
/// two passes, iteratively, in time linear in its nodes and edges: the
/// checker's test for cycles of `from $` and `flatten` among models, and
/// the order in which it gathers what each model takes from the models it
/// links to.
struct StrongComponents {
    /// Each node's component; nodes on one cycle share one. An edge between
    /// two components always runs from a lower number to a higher one.
    let component: [Int]
    /// The graph's edges.
    private let edges: [[Int]]

    /// Finds the components of the graph whose node `i` has an edge to each of `edges[i]`.
    init(edges: [[Int]]) {
        let count = edges.count
        var reversed = [[Int]](repeating: [], count: count)
        for (node, targets) in edges.enumerated() {
            for target in targets { reversed[target].append(node) }
        }
        // First pass: nodes in the order their depth-first search finishes.
        var finished: [Int] = []
        var visited = [Bool](repeating: false, count: count)
        for start in 0..<count where !visited[start] {
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            visited[start] = true
            while let (node, next) = stack.last {
                if next < edges[node].count {
                    stack[stack.count - 1].next += 1
                    let target = edges[node][next]
                    if !visited[target] {
                        visited[target] = true
                        stack.append((target, 0))
                    }
                } else {
                    finished.append(node)
                    stack.removeLast()
                }
            }
        }
        // Second pass, on the reversed graph, latest finished first.
        var component = [Int](repeating: -1, count: count)
        var next = 0
        for start in finished.reversed() where component[start] < 0 {
            var stack = [start]
            component[start] = next
            while let node = stack.popLast() {
                for source in reversed[node] where component[source] < 0 {
                    component[source] = next
                    stack.append(source)
                }
            }
            next += 1
        }
        self.component = component
        self.edges = edges
    }

    /// Every node, each after the nodes it has an edge to in other
    /// components: the order in which a node can gather from its targets.
    var targetsFirst: [Int] {
        component.indices.sorted { (component[$0], $0) > (component[$1], $1) }
    }

    /// For each node, the number of nodes on the longest path that starts
    /// there, edges within a component left out.
    var chainLengths: [Int] {
        var lengths = [Int](repeating: 1, count: component.count)
        for node in targetsFirst {
            for target in edges[node] where !isOnCycle(node, target) {
                lengths[node] = max(lengths[node], lengths[target] + 1)
            }
        }
        return lengths
    }

    /// Whether the edge from `node` to `target` lies on a cycle.
    func isOnCycle(_ node: Int, _ target: Int) -> Bool { component[node] == component[target] }
}
