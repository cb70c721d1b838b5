@testable import MapLang
import Testing

/// Where `replace` replaces and `split` cuts: every occurrence, left to
/// right, none overlapping, character by character.
struct TextOccurrencesTests {
    /// The offsets `forEachStart` gives, in order.
    static func starts(of wanted: [Character], in text: [Character]) -> [Int] {
        var starts: [Int] = []
        TextOccurrences.forEachStart(of: wanted, in: text) { starts.append($0) }
        return starts
    }

    /// What a search from each position in turn finds, for comparison.
    static func naive(_ wanted: [Character], _ text: [Character]) -> [Int] {
        guard !wanted.isEmpty else { return [] }
        var starts: [Int] = []
        var index = 0
        while index + wanted.count <= text.count {
            if text[index..<index + wanted.count].elementsEqual(wanted) {
                starts.append(index)
                index += wanted.count
            } else {
                index += 1
            }
        }
        return starts
    }

    @Test(arguments: [
        ("aa", "aaaaa", [0, 2]),
        ("aab", "aaab", [1]),
        ("abab", "abababab", [0, 4]),
        ("abcabd", "abcabcabd", [3]),
        ("x", "", []),
        ("", "abc", []),
        ("longer", "long", []),
        ("e\u{301}", "caf\u{E9} caf\u{E9}", [3, 8]),
    ] as [(String, String, [Int])])
    func finds(_ wanted: String, _ text: String, _ starts: [Int]) {
        #expect(Self.starts(of: Array(wanted), in: Array(text)) == starts)
    }

    /// On every text of up to ten letters of `a` and `b` and a few texts
    /// sought, the search finds what a search from each position finds.
    @Test func agreesWithTheNaiveSearch() {
        let sought = ["a", "b", "ab", "aa", "aba", "abab", "aab", "bba", "aaaa"].map { Array($0) }
        for length in 0...10 {
            for bits in 0..<(1 << length) {
                let text = (0..<length).map { bits >> $0 & 1 == 0 ? Character("a") : Character("b") }
                for wanted in sought {
                    #expect(Self.starts(of: wanted, in: text) == Self.naive(wanted, text), "\(wanted) in \(text)")
                }
            }
        }
    }

    @Test func piecesBetween() {
        #expect(TextOccurrences.pieces(of: Array("a,,b,"), between: [","]) == ["a", "", "b", ""])
        #expect(TextOccurrences.pieces(of: Array("abc"), between: Array("x")) == ["abc"])
    }
}
