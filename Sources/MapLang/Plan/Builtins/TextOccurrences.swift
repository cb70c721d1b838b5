/// Where a text occurs in another, character by character (canonically
/// equivalent forms match), left to right, none overlapping: what `replace`
/// replaces and where `split` cuts.
///
/// The search is Knuth, Morris and Pratt's: one pass over the text after
/// one over the text sought, so its time grows with the sum of their
/// lengths whatever they hold (`replace` of a 1,000-character text over a
/// megabyte of near misses included), never with their product.
enum TextOccurrences {
    /// Calls `body` with the character offset of each occurrence of
    /// `wanted` in `text`, left to right; never when `wanted` is empty.
    static func forEachStart(of wanted: [Character], in text: [Character], _ body: (Int) -> Void) {
        guard !wanted.isEmpty, wanted.count <= text.count else { return }
        // For each prefix of `wanted`, the length of its longest proper
        // prefix that is also its suffix: where a partial match goes on from.
        var fallback = [Int](repeating: 0, count: wanted.count)
        var length = 0
        for index in wanted.indices.dropFirst() {
            while length > 0 && wanted[index] != wanted[length] { length = fallback[length - 1] }
            if wanted[index] == wanted[length] { length += 1 }
            fallback[index] = length
        }
        var matched = 0
        for (index, character) in text.enumerated() {
            while matched > 0 && character != wanted[matched] { matched = fallback[matched - 1] }
            if character == wanted[matched] { matched += 1 }
            if matched == wanted.count {
                body(index + 1 - matched)
                // The next occurrence starts after this one.
                matched = 0
            }
        }
    }

    /// The pieces of `text` between the occurrences of `wanted`: one more
    /// than there are occurrences.
    static func pieces(of text: [Character], between wanted: [Character]) -> [String] {
        var pieces: [String] = []
        var start = 0
        forEachStart(of: wanted, in: text) { found in
            pieces.append(String(text[start..<found]))
            start = found + wanted.count
        }
        pieces.append(String(text[start...]))
        return pieces
    }
}
