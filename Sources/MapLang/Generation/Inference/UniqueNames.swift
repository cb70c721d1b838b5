/// Names handed out, each once: a base name as it is, then with a number
/// after it (`Label2`, `Label3`…; `plus1_2` after a digit), in time linear
/// in the names handed out.
struct UniqueNames {
    /// Every name handed out or reserved.
    private var taken: Set<String>
    /// The names handed out, in order, so the last ones can be given back.
    private var order: [String] = []
    /// The next number to try after each base name.
    private var next: [String: Int] = [:]

    /// A book in which some names are already taken.
    init(reserved: Set<String> = []) {
        taken = reserved
    }

    /// How many names have been handed out.
    var count: Int { order.count }

    /// Hands out `base`, or `base` with the first number after it that gives a free name.
    mutating func claim(_ base: String) -> String {
        var name = base
        if taken.contains(name) || TokenKind.keywords.contains(name) {
            let separator = base.last?.isNumber == true ? "_" : ""
            var number = next[base] ?? 2
            repeat {
                name = base + separator + String(number)
                number += 1
            } while taken.contains(name)
            next[base] = number
        }
        taken.insert(name)
        order.append(name)
        return name
    }

    /// Gives back every name handed out after the first `count`.
    mutating func release(after count: Int) {
        for name in order[count...] { taken.remove(name) }
        order.removeLast(order.count - count)
    }
}
