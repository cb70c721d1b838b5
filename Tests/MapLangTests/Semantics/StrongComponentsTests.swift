import Testing

@testable import MapLang

/// The graph search behind the checker's cycles and chain limits: its
/// components, an order that puts each node after the nodes it links to,
/// and the longest chain from each node, with cycles' edges left out.
struct StrongComponentsTests {
    @Test func aChainIsOrderedFromItsEndAndMeasuredFromEachNode() {
        // 0 → 1 → 2 → 3
        let components = StrongComponents(edges: [[1], [2], [3], []])
        #expect(components.targetsFirst == [3, 2, 1, 0])
        #expect(components.chainLengths == [4, 3, 2, 1])
        #expect(!components.isOnCycle(0, 1))
    }

    @Test func branchesTakeTheLongestChain() {
        // 0 → 1 → 3, 0 → 2, 4 alone
        let components = StrongComponents(edges: [[1, 2], [3], [], [], []])
        #expect(components.chainLengths == [3, 2, 1, 1, 1])
        let order = components.targetsFirst
        for (node, targets) in [[1, 2], [3], [], [], []].enumerated() {
            for target in targets {
                #expect(order.firstIndex(of: target)! < order.firstIndex(of: node)!, "\(target) before \(node)")
            }
        }
    }

    /// A cycle is one component; its own edges count for no length.
    @Test func aCycleIsOneComponentAndAddsNoLength() {
        // 0 → 1 → 2 → 0, 2 → 3
        let components = StrongComponents(edges: [[1], [2], [0, 3], []])
        #expect(components.isOnCycle(0, 1) && components.isOnCycle(2, 0))
        #expect(!components.isOnCycle(2, 3))
        #expect(components.chainLengths == [1, 1, 2, 1])
    }

    /// Ten thousand nodes in a chain, without recursion.
    @Test func aLongChainNeedsNoRecursion() {
        let count = 10_000
        let components = StrongComponents(edges: (0..<count).map { $0 + 1 < count ? [$0 + 1] : [] })
        #expect(components.chainLengths.first == count)
        #expect(components.targetsFirst.first == count - 1)
    }
}
