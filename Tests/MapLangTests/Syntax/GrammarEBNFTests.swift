import Testing

@testable import MapLang

/// grammar.md's EBNF and the parser agree: rules files generated from every
/// production of the EBNF, at random but the same each run, parse with no
/// syntax error, and every production is used.
struct GrammarEBNFTests {
    @Test func generatedFilesParse() throws {
        let grammar = try EBNF(text: try TestFiles.text(TestFiles.packageRoot + "/grammar.md"))
        var generator = EBNF.Generator(grammar: grammar, seed: 0x4D61_704C)
        for sample in 0..<1_500 {
            let text = generator.generate("file")
            let parsed = RulesParser.parse(SourceFile(name: "generated.map", text: text))
            #expect(
                parsed.diagnostics.isEmpty,
                "sample \(sample):\n\(text)\n\(parsed.diagnostics.map { "\($0.location): \($0.message)" })")
            if !parsed.diagnostics.isEmpty { break }
        }
        let unused = Set(grammar.rules.keys).subtracting(generator.used)
        #expect(unused.isEmpty, "productions never generated: \(unused.sorted())")
        #expect(generator.undefined.isEmpty, "names used but never defined: \(generator.undefined.sorted())")
        #expect(generator.unknownTokens.isEmpty, "tokens with no example: \(generator.unknownTokens.sorted())")
        let untaken = grammar.alternatives.subtracting(generator.taken)
        #expect(untaken.isEmpty, "alternatives never taken: \(untaken.sorted())")
    }
}

/// The EBNF of grammar.md, read from its ```ebnf block, and a generator of
/// texts it derives.
struct EBNF {
    /// One way to expand something.
    indirect enum Term {
        case literal(String)
        case token(String)
        case rule(String)
        case sequence([Term])
        case choice([Term], notes: [String], id: String)
        case repeated(Term)
        case optional(Term)
    }

    /// Each rule's name and its expansion.
    var rules: [String: Term] = [:]
    /// Every alternative of every choice, as `rule#choice.alternative`.
    var alternatives: Set<String> = []

    init(text: String) throws {
        guard let start = text.range(of: "```ebnf\n"), let end = text.range(of: "```", range: start.upperBound..<text.endIndex) else {
            throw ReadError(message: "grammar.md has no ```ebnf block")
        }
        var block = String(text[start.upperBound..<end.lowerBound])
        // A comment after a definition's `;` notes its last alternative: move it before the `;`.
        while let semicolon = block.range(of: #";[ \t]*\(\*"#, options: .regularExpression),
            let close = block.range(of: "*)", range: semicolon.upperBound..<block.endIndex)
        {
            let comment = String(block[block.index(semicolon.upperBound, offsetBy: -2)..<close.upperBound])
            block.replaceSubrange(semicolon.lowerBound..<close.upperBound, with: " " + comment + " ;")
        }
        for definition in block.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) }) {
            guard !definition.isEmpty else { continue }
            guard let equals = definition.firstIndex(of: "=") else { throw ReadError(message: "no `=` in: \(definition)") }
            let name = definition[..<equals].trimmingCharacters(in: .whitespaces)
            guard rules[name] == nil else { throw ReadError(message: "`\(name)` is defined twice") }
            var reader = Reader(tokens: try Self.tokens(of: String(definition[definition.index(after: equals)...])), rule: name)
            rules[name] = try reader.choice()
            guard reader.current == nil else { throw ReadError(message: "`\(name)`: unexpected `\(reader.current ?? "")`") }
            alternatives.formUnion(reader.alternatives)
        }
    }

    /// The words of a definition: quoted literals, names, brackets, `|`, and
    /// `(* … *)` comments as one word each.
    static func tokens(of text: String) throws -> [String] {
        var tokens: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
            } else if text[index...].hasPrefix("(*"), let close = text.range(of: "*)", range: index..<text.endIndex) {
                tokens.append(String(text[index..<close.upperBound]))
                index = close.upperBound
            } else if character == "\"" {
                let close = text[text.index(after: index)...].firstIndex(of: "\"") ?? text.endIndex
                tokens.append(String(text[index...close]))
                index = text.index(after: close)
            } else if "{}[]()|".contains(character) {
                tokens.append(String(character))
                index = text.index(after: index)
            } else {
                var end = index
                while end < text.endIndex, text[end].isLetter || text[end].isNumber || text[end] == "_" { end = text.index(after: end) }
                guard end > index else { throw ReadError(message: "unexpected `\(character)` in: \(text)") }
                tokens.append(String(text[index..<end]))
                index = end
            }
        }
        return tokens
    }

    struct ReadError: Error {
        let message: String
    }

    /// Reads a definition's words into a term.
    struct Reader {
        let tokens: [String]
        /// The rule being read, to name its choices.
        let rule: String
        var position = 0
        /// How many choices have been read, to number them.
        var choices = 0
        /// Every alternative read, as `rule#choice.alternative`.
        var alternatives: Set<String> = []

        var current: String? { position < tokens.count ? tokens[position] : nil }

        mutating func choice() throws -> Term {
            var alternatives = [try sequence()]
            var notes = [note()]
            while current == "|" {
                position += 1
                alternatives.append(try sequence())
                notes.append(note())
            }
            guard alternatives.count > 1 else { return alternatives[0] }
            let id = "\(rule)#\(choices)"
            choices += 1
            self.alternatives.formUnion(alternatives.indices.map { "\(id).\($0)" })
            return .choice(alternatives, notes: notes, id: id)
        }

        /// The comment after an alternative, if any.
        mutating func note() -> String {
            guard let word = current, word.hasPrefix("(*") else { return "" }
            position += 1
            return word
        }

        mutating func sequence() throws -> Term {
            var terms: [Term] = []
            while let word = current, !["|", ")", "]", "}"].contains(word), !word.hasPrefix("(*") {
                position += 1
                switch word {
                case "{": terms.append(.repeated(try closed(by: "}")))
                case "[": terms.append(.optional(try closed(by: "]")))
                case "(": terms.append(try closed(by: ")"))
                default:
                    if word.hasPrefix("\"") {
                        terms.append(.literal(String(word.dropFirst().dropLast())))
                    } else if word == word.uppercased() {
                        terms.append(.token(word))
                    } else {
                        terms.append(.rule(word))
                    }
                }
            }
            return terms.count == 1 ? terms[0] : .sequence(terms)
        }

        mutating func closed(by closing: String) throws -> Term {
            let inner = try choice()
            guard current == closing else { throw ReadError(message: "expected \(closing) at word \(position)") }
            position += 1
            return inner
        }
    }

    /// Derives texts from the grammar, with a random generator of its own.
    struct Generator {
        let grammar: EBNF
        var state: UInt64
        /// The rules expanded so far.
        var used: Set<String> = []
        /// The alternatives marked `once` taken in the innermost repetition.
        var takenOnce: Set<String> = []
        /// Every alternative taken, as `rule#choice.alternative`.
        var taken: Set<String> = []
        /// Rule names used but not defined, and tokens with no example.
        var undefined: Set<String> = []
        var unknownTokens: Set<String> = []

        /// How deep each rule's shortest derivation is, to end a text once it is deep.
        var heights: [String: Int] = [:]

        init(grammar: EBNF, seed: UInt64) {
            self.grammar = grammar
            self.state = seed
            // The least fixed point: a rule's height is one more than its definition's.
            var changed = true
            while changed {
                changed = false
                for (name, term) in grammar.rules {
                    let height = Self.height(of: term, heights) + 1
                    if height < heights[name] ?? Int.max / 2 {
                        heights[name] = height
                        changed = true
                    }
                }
            }
        }

        /// The depth of a term's shortest derivation, given the rules' heights so far.
        static func height(of term: Term, _ heights: [String: Int]) -> Int {
            switch term {
            case .literal, .token, .repeated, .optional: 0
            case .rule(let name): heights[name] ?? Int.max / 2
            case .sequence(let terms): terms.map { height(of: $0, heights) }.max() ?? 0
            case .choice(let alternatives, _, _): alternatives.map { height(of: $0, heights) }.min() ?? 0
            }
        }

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func generate(_ start: String) -> String {
            var words: [String] = []
            expand(.rule(start), depth: 0, inModel: false, into: &words)
            return words.joined(separator: " ")
        }

        /// Expands a term; past a depth, repetitions and options are left
        /// out and the shortest alternative taken, so every text ends.
        mutating func expand(_ term: Term, depth: Int, inModel: Bool, into words: inout [String]) {
            let deep = depth > 17
            switch term {
            case .literal(let text):
                words.append(text)
            case .token(let name):
                guard let example = Self.example(of: name, pick: next(4)) else {
                    unknownTokens.insert(name)
                    return
                }
                words.append(example)
            case .rule(let name):
                used.insert(name)
                // Each member of a model on a line of its own, as people write
                // them: a setting on a field's line is read as its own error.
                if name == "modelMember" { words.append("\n") }
                guard let rule = grammar.rules[name] else {
                    undefined.insert(name)
                    return
                }
                expand(rule, depth: depth + 1, inModel: inModel || name == "modelMember", into: &words)
            case .sequence(let terms):
                for term in terms { expand(term, depth: depth, inModel: inModel, into: &words) }
            case .choice(let alternatives, let notes, let id):
                // Settings marked "model only" are left out at the top level;
                // an alternative marked "once" is taken once per repetition.
                let allowed = alternatives.indices.filter {
                    (inModel || !notes[$0].contains("model only")) && !(notes[$0].contains("once") && takenOnce.contains("\(id).\($0)"))
                }
                let shortest = allowed.min { Self.height(of: alternatives[$0], heights) < Self.height(of: alternatives[$1], heights) }
                let chosen = deep ? shortest ?? allowed[0] : allowed[next(allowed.count)]
                if notes[chosen].contains("once") { takenOnce.insert("\(id).\(chosen)") }
                taken.insert("\(id).\(chosen)")
                expand(alternatives[chosen], depth: depth, inModel: inModel, into: &words)
            case .repeated(let inner):
                let outer = takenOnce
                takenOnce = []
                for _ in 0..<(deep ? 0 : next(3)) { expand(inner, depth: depth + 1, inModel: inModel, into: &words) }
                takenOnce = outer
            case .optional(let inner):
                if !deep, next(2) == 1 { expand(inner, depth: depth + 1, inModel: inModel, into: &words) }
            }
        }

        /// An example of a lexical token.
        static func example(of token: String, pick: Int) -> String? {
            switch token {
            case "IDENT": ["a", "b2", "Name", "_x"][pick]
            case "STRING": [#""s""#, #""""#, #""a b""#, #""é""#][pick]
            case "INTEGER": ["0", "1", "-2", "42"][pick]
            case "DECIMAL": ["1.5", "-0.25", "2e3", "1.0E-2"][pick]
            default: nil
            }
        }
    }
}
