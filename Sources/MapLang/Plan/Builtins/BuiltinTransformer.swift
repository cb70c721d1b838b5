/// A built-in transformer, declared once: its name and how it is written,
/// the kinds it reads and gives, its one-line summary, and how its
/// arguments compile into what it does forward and in reverse.
///
/// The checker reads the kinds and compiles the arguments, the interpreter
/// and the direct path (through the interpreter) run `forward`, reverse
/// mapping runs the reversal, and the REPL's help and `grammar.md` list the
/// forms and summaries. Adding a built-in is one declaration, listed in
/// `all`, with its tests and its row in `grammar.md`.
package struct BuiltinTransformer: Sendable {
    /// The name used in `using`.
    package let name: String
    /// How it is written, each form as rules write it: `timestamp`, `timestamp(ms)`.
    package let forms: [String]
    /// The kinds of value it reads without coercion.
    let accepts: Set<ValueKind>
    /// The extra kinds it reads when coercion is on.
    let acceptsWhenLenient: Set<ValueKind>
    /// The kind of value it gives.
    let output: ValueKind
    /// What it does, in one line, for `:help` and the documentation.
    package let summary: String
    /// Whether, as a field's only stage on a field of its output kind, it
    /// reads a string exactly as such a field reads one with no transformer
    /// (`iso8601` on a `Date`, `url` on a `URL`), so the direct path reads
    /// the field's strings as one without; anything else goes to the
    /// interpreter, which runs the transformer.
    let isDefaultReading: Bool
    /// Whether it reads and gives scalars, or changes the value's shape.
    let shape: BuiltinShape
    /// Compiles the arguments written in parentheses (none when there are
    /// no parentheses) into what the transformer does.
    let compile: @Sendable (_ arguments: [BuiltinArgument]) -> Result<BuiltinStage, ArgumentProblem>

    /// Declares a built-in that takes arguments.
    init(
        name: String, forms: [String], accepts: Set<ValueKind>, acceptsWhenLenient: Set<ValueKind> = [],
        output: ValueKind, isDefaultReading: Bool = false, shape: BuiltinShape = .scalar, summary: String,
        compile: @escaping @Sendable (_ arguments: [BuiltinArgument]) -> Result<BuiltinStage, ArgumentProblem>
    ) {
        self.name = name
        self.isDefaultReading = isDefaultReading
        self.shape = shape
        self.forms = forms
        self.accepts = accepts
        self.acceptsWhenLenient = acceptsWhenLenient
        self.output = output
        self.summary = summary
        self.compile = compile
    }

    /// Declares a built-in written without arguments.
    init(
        name: String, accepts: Set<ValueKind>, acceptsWhenLenient: Set<ValueKind> = [], output: ValueKind,
        isDefaultReading: Bool = false, shape: BuiltinShape = .scalar, summary: String, reversal: BuiltinReversal,
        forward: @escaping @Sendable (_ value: MappedValue, _ call: BuiltinCall) -> Result<MappedValue, MappingProblem>
    ) {
        let stage = BuiltinStage(forward: forward, reversal: reversal)
        self.init(
            name: name, forms: [name], accepts: accepts, acceptsWhenLenient: acceptsWhenLenient, output: output,
            isDefaultReading: isDefaultReading, shape: shape, summary: summary, compile: { $0.isEmpty ? .success(stage) : .failure(.unexpected) })
    }

    /// The kinds it reads under the given coercion setting.
    func accepted(lenient: Bool) -> Set<ValueKind> {
        lenient ? accepts.union(acceptsWhenLenient) : accepts
    }

    /// Every built-in transformer, by name.
    static let named = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// Every built-in transformer, in the order `grammar.md` lists them.
    package static let all: [BuiltinTransformer] = [
        iso8601, timestamp, datePattern, url, string, number, bool, trim, lowercase, uppercase, replace, removePrefix,
        removeSuffix, extract, scale, round, split, join, json, base64,
    ]
}

/// An argument written in a built-in's parentheses, as the checker read it.
enum BuiltinArgument: Sendable, Equatable {
    /// A bare word, such as the `ms` of `timestamp(ms)`.
    case word(String)
    /// A string, escapes decoded.
    case string(String)
    /// A number, as written.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// Anything else: `null`, an array, an object or a range.
    case other
}

/// Why a built-in's arguments do not compile.
enum ArgumentProblem: Error, Equatable {
    /// The built-in takes no arguments and some were written.
    case unexpected
    /// The arguments are not what the built-in takes: `expected` says what is.
    case invalid(expected: String)
    /// The string argument at `argument` is not a valid date pattern, from
    /// its byte `byteOffset` on.
    case invalidDatePattern(argument: Int, byteOffset: Int, reason: String)
}

/// A built-in compiled with its arguments: what it does each way.
struct BuiltinStage: Sendable {
    /// Maps a value read from the JSON, or given by the stage before.
    let forward: @Sendable (_ value: MappedValue, _ call: BuiltinCall) -> Result<MappedValue, MappingProblem>
    /// How reverse mapping undoes it.
    let reversal: BuiltinReversal
}

/// How reverse mapping undoes a built-in.
enum BuiltinReversal: Sendable {
    /// The value is written back as it is: the built-in only normalises, or
    /// changes a value's kind the way the stage before it reads back. The
    /// checker accepts this only where the stage before gives the same kind.
    case asIs
    /// The value goes back through this function, from what the built-in
    /// gave to what it read.
    case inverse(@Sendable (_ value: MappedValue, _ call: BuiltinCall) -> Result<MappedValue, MappingProblem>)
    /// It cannot be undone, for this reason (lowercase, no trailing period);
    /// `check --reverse` reports a field that uses it.
    case irreversible(String)
}

/// What a built-in's functions are told about the call they run for.
struct BuiltinCall: Sendable {
    /// The built-in's name, for messages.
    let name: String
    /// Whether the field reads with coercion on.
    let lenient: Bool

    /// The failure for input of the wrong kind.
    func mismatch(_ expected: String, _ value: MappedValue) -> Result<MappedValue, MappingProblem> {
        .failure(.typeMismatch(expected: "\(expected) for `\(name)`", found: value.preview))
    }

    /// The failure for input of the right kind that the built-in cannot read.
    func invalid(_ value: MappedValue, _ reason: String) -> Result<MappedValue, MappingProblem> {
        .failure(.invalidValue(transformer: name, found: value.preview, reason: reason))
    }

    /// A value as text: strings and URLs as they are; with coercion, dates,
    /// numbers and Booleans too.
    func text(of value: MappedValue) -> String? {
        switch value {
        case .string(let text), .url(let text): text
        case .date(let timestamp) where lenient: timestamp.iso8601String
        case .decimal(let literal) where lenient: literal
        case .bool(let flag) where lenient: flag ? "true" : "false"
        case .null, .bool, .int, .double, .decimal, .date, .array, .object: nil
        }
    }
}
