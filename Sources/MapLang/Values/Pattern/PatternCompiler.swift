/// Compiles a `PatternSyntax` tree into a `PatternProgram`.
///
/// Counted repetitions are expanded into copies of their body, so the
/// program's size is checked as each instruction is emitted: compiling stops
/// with `patternTooLarge` as soon as it would pass
/// `Pattern.maximumInstructions`, before memory or time grows further.
/// Recursion follows the tree, whose depth the parser limits.
struct PatternCompiler {
    /// The instructions emitted so far.
    private var instructions: [PatternInstruction] = []
    /// The distinct character classes, in order of first use.
    private var sets: [PatternScalarSet] = []
    /// The index in `sets` of each class, so copies share one entry.
    private var setIndices: [PatternScalarSet: Int] = [:]
    /// Whether literals are compiled case-folded.
    private let ignoresCase: Bool
    /// The scalar offset of the outermost repetition being expanded, which an
    /// oversized program is blamed on.
    private var outermostRepetitionOffset: Int?

    /// Creates a compiler for a pattern with or without `(?i)`.
    private init(ignoresCase: Bool) {
        self.ignoresCase = ignoresCase
    }

    /// Compiles a parsed pattern.
    ///
    /// - Throws: `PatternError` with cause `patternTooLarge` and a scalar
    ///   offset.
    static func compile(_ syntax: PatternSyntax) throws(PatternError) -> PatternProgram {
        var compiler = PatternCompiler(ignoresCase: syntax.ignoresCase)
        try compiler.compile(syntax.root)
        try compiler.emit(.match)
        return PatternProgram(
            instructions: compiler.instructions,
            sets: compiler.sets,
            ignoresCase: syntax.ignoresCase,
            isAnchoredAtStart: isAnchoredAtStart(syntax.root)
        )
    }

    // MARK: - Nodes

    /// Emits the instructions for one node.
    private mutating func compile(_ node: PatternNode) throws(PatternError) {
        switch node {
        case .empty:
            break
        case .scalar(let scalar):
            try emit(.scalar(ignoresCase ? PatternCaseFolding.folded(scalar) : scalar))
        case .anyExceptNewline:
            try emit(.anyExceptNewline)
        case .set(let set):
            try emit(.set(index(of: set)))
        case .assertion(let assertion):
            try emit(.assertion(assertion))
        case .concatenation(let parts):
            for part in parts { try compile(part) }
        case .alternation(let alternatives):
            try compileAlternation(alternatives)
        case .repetition(let repetition):
            try compileRepetition(repetition)
        case .firstCapture(let body):
            try emit(.save(0))
            try compile(body)
            try emit(.save(1))
        }
    }

    /// `a|b|c` becomes `split(L1, L2); L1: a; jump end; L2: split(L3, L4); …`.
    private mutating func compileAlternation(_ alternatives: [PatternNode]) throws(PatternError) {
        var exits: [Int] = []
        for alternative in alternatives.dropLast() {
            let split = try emit(.match)
            try compile(alternative)
            exits.append(try emit(.match))
            instructions[split] = .split(split + 1, instructions.count)
        }
        if let last = alternatives.last { try compile(last) }
        for exit in exits { instructions[exit] = .jump(instructions.count) }
    }

    /// Expands `x{n,m}` into `n` copies of `x` followed by `m - n` optional
    /// copies, each of which may skip to the end; `x{n,}` ends in a loop.
    /// A lazy quantifier puts the way out first: it matches the same
    /// strings, and `extract` prefers fewer repetitions.
    private mutating func compileRepetition(_ repetition: PatternRepetition) throws(PatternError) {
        let isOutermost = outermostRepetitionOffset == nil
        if isOutermost { outermostRepetitionOffset = repetition.offset }
        defer { if isOutermost { outermostRepetitionOffset = nil } }

        let body = repetition.body
        if let maximum = repetition.maximum {
            for _ in 0..<repetition.minimum { try compile(body) }
            var skips: [Int] = []
            for _ in repetition.minimum..<maximum {
                skips.append(try emit(.match))
                try compile(body)
            }
            for skip in skips { instructions[skip] = ordered(skip + 1, instructions.count, lazy: repetition.isLazy) }
        } else if repetition.minimum == 0 {
            // loop: split(body, exit); body; jump loop; exit:
            let loop = try emit(.match)
            try compile(body)
            try emit(.jump(loop))
            instructions[loop] = ordered(loop + 1, instructions.count, lazy: repetition.isLazy)
        } else {
            // n - 1 copies, then: loop: body; split(loop, exit); exit:
            for _ in 1..<repetition.minimum { try compile(body) }
            let loop = instructions.count
            try compile(body)
            try emit(ordered(loop, instructions.count + 1, lazy: repetition.isLazy))
        }
    }

    /// A split that tries `more` (another repetition) first, or `exit` first when lazy.
    private func ordered(_ more: Int, _ exit: Int, lazy: Bool) -> PatternInstruction {
        lazy ? .split(exit, more) : .split(more, exit)
    }

    // MARK: - Emitting

    /// Appends an instruction and returns its index. Placeholders that are
    /// patched later are emitted as `match`.
    @discardableResult
    private mutating func emit(_ instruction: PatternInstruction) throws(PatternError) -> Int {
        guard instructions.count < Pattern.maximumInstructions else {
            throw PatternError(
                offset: outermostRepetitionOffset ?? 0,
                cause: .patternTooLarge(limit: Pattern.maximumInstructions)
            )
        }
        instructions.append(instruction)
        return instructions.count - 1
    }

    /// The index of `set` in `sets`, adding it if it is new.
    private mutating func index(of set: PatternScalarSet) -> Int {
        if let index = setIndices[set] { return index }
        sets.append(set)
        setIndices[set] = sets.count - 1
        return sets.count - 1
    }

    /// Whether every match of `node` must start at the beginning of the input.
    private static func isAnchoredAtStart(_ node: PatternNode) -> Bool {
        switch node {
        case .assertion(.start):
            return true
        case .concatenation(let parts):
            return parts.first.map(isAnchoredAtStart) ?? false
        case .alternation(let alternatives):
            return alternatives.allSatisfy(isAnchoredAtStart)
        case .repetition(let repetition):
            return repetition.minimum > 0 && isAnchoredAtStart(repetition.body)
        case .firstCapture(let body):
            return isAnchoredAtStart(body)
        case .empty, .scalar, .anyExceptNewline, .set, .assertion:
            return false
        }
    }
}
