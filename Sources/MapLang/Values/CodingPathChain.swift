/// A coding path as a chain that becomes an array only when asked for:
/// most values are decoded or encoded without anyone asking, and an array
/// built for each would cost an allocation per value.
indirect enum CodingPathChain {
    /// The path above the value decoded or encoded first.
    case root([any CodingKey])
    /// One more key or index below a path.
    case key(any CodingKey, CodingPathChain)

    /// The keys, outermost first.
    var keys: [any CodingKey] {
        var reversed: [any CodingKey] = []
        var link = self
        while case .key(let key, let parent) = link {
            reversed.append(key)
            link = parent
        }
        guard case .root(let above) = link else { return reversed.reversed() }
        return above + reversed.reversed()
    }

    /// The path one key further down.
    func appending(_ key: any CodingKey) -> CodingPathChain { .key(key, self) }
}
