// MARK: - Locating values by path

/// Paths to look for in one JSON value, as a tree of their steps, so one
/// pass over the value finds them all.
struct PathTree {
    /// One step's node: the steps that go on from it, and which of the
    /// paths looked for end here.
    struct Node {
        /// The node of each key that goes on, compared by its exact bytes.
        var keys: [ExactKey: Int] = [:]
        /// The node of each index that goes on.
        var indices: [Int: Int] = [:]
        /// The positions, in the list looked for, of the paths that end here.
        var ends: [Int] = []
    }

    /// The nodes; the first is the value itself.
    private(set) var nodes = [Node()]

    /// The tree of some paths.
    init(_ paths: [[JSONPath.Component]]) {
        for (position, path) in paths.enumerated() {
            var node = 0
            for step in path {
                switch step {
                case .key(let key):
                    if let next = nodes[node].keys[ExactKey(string: key)] {
                        node = next
                    } else {
                        nodes.append(Node())
                        nodes[node].keys[ExactKey(string: key)] = nodes.count - 1
                        node = nodes.count - 1
                    }
                case .index(let index):
                    if let next = nodes[node].indices[index] {
                        node = next
                    } else {
                        nodes.append(Node())
                        nodes[node].indices[index] = nodes.count - 1
                        node = nodes.count - 1
                    }
                }
            }
            nodes[node].ends.append(position)
        }
    }
}

extension JSONScanner {
    /// Walks the value at `position` once, noting where each value the
    /// tree's paths lead to starts, and moves past it. A key that repeats
    /// leads to its last value, as reading with `lastWins` keeps it; a
    /// subtree no path enters is skipped.
    mutating func locate(_ tree: PathTree, node: Int, depth: Int, into offsets: inout [Int?]) throws(JSONSyntaxError) {
        skipWhitespace()
        let here = tree.nodes[node]
        for end in here.ends { offsets[end] = position }
        guard position < bytes.count else { return }
        switch bytes[position] {
        case UInt8(ascii: "{") where !here.keys.isEmpty:
            try forEachItem(closing: UInt8(ascii: "}")) { scanner, _ throws(JSONSyntaxError) in
                scanner.skipWhitespace()
                let key = try scanner.readString()
                scanner.skipWhitespace()
                scanner.position += 1
                try scanner.locate(tree, next: here.keys[ExactKey(string: key)], depth: depth, into: &offsets)
            }
        case UInt8(ascii: "[") where !here.indices.isEmpty:
            try forEachItem(closing: UInt8(ascii: "]")) { scanner, index throws(JSONSyntaxError) in
                try scanner.locate(tree, next: here.indices[index], depth: depth, into: &offsets)
            }
        default:
            try skipValue(depth: depth)
        }
    }

    /// Walks an item's value when a path goes on into it, else skips it.
    private mutating func locate(_ tree: PathTree, next: Int?, depth: Int, into offsets: inout [Int?]) throws(JSONSyntaxError) {
        if let next {
            try locate(tree, node: next, depth: depth + 1, into: &offsets)
        } else {
            try skipValue(depth: depth + 1)
        }
    }

    /// Goes through the members or elements of the object or array at
    /// `position`, each handed to `body` with its 0-based place, and past its end.
    private mutating func forEachItem(
        closing: UInt8, _ body: (inout JSONScanner, Int) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == closing {
            position += 1
            return
        }
        var index = 0
        while true {
            try body(&self, index)
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else {
                position += 1
                return
            }
            position += 1
            index += 1
        }
    }
}

extension JSONReader {
    /// Where the values at some paths start in a JSON text, found in one
    /// pass: the offset of each one's first byte from the text's start, or
    /// `nil` for a path that leads nowhere.
    ///
    /// - Parameters:
    ///   - paths: The steps from the text's value to each value looked for.
    ///   - bytes: One JSON value, already found valid; a syntax error ends
    ///     the search, the paths not yet found left `nil`.
    package static func offsets(of paths: [[JSONPath.Component]], in bytes: UnsafeBufferPointer<UInt8>) -> [Int?] {
        var offsets = [Int?](repeating: nil, count: paths.count)
        var scanner = JSONScanner(bytes: bytes, options: JSONReaderOptions())
        try? scanner.locate(PathTree(paths), node: 0, depth: 0, into: &offsets)
        return offsets
    }
}
