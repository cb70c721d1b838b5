/// One lexical unit of a rules file: its kind and where it is.
///
/// Keywords are not separate kinds: `model`, `from`, `check` and the rest
/// arrive as identifiers, and the parser recognises them by position, so a
/// field may be called `from`.
package struct Token: Sendable, Equatable {
    /// What the token is.
    package var kind: TokenKind
    /// Where it is: from its first byte to one past its last.
    package var span: Span

    /// Creates a token.
    package init(kind: TokenKind, span: Span) {
        self.kind = kind
        self.span = span
    }
}

/// The kinds of token the lexer produces.
package enum TokenKind: Sendable, Equatable, CustomStringConvertible {
    /// A name or a keyword: letters, digits and `_`, not starting with a digit.
    case identifier(String)
    /// A string literal, its escapes decoded.
    case string(String)
    /// A number without fraction or exponent, as written, with its `-`: `-42`.
    case integer(String)
    /// A number with a fraction or exponent, as written, with its `-`: `19.99`, `1e-3`.
    case decimal(String)
    /// `{`.
    case leftBrace
    /// `}`.
    case rightBrace
    /// `[`.
    case leftBracket
    /// `]`.
    case rightBracket
    /// `(`.
    case leftParen
    /// `)`.
    case rightParen
    /// `:`.
    case colon
    /// `,`.
    case comma
    /// `.`.
    case dot
    /// `|`.
    case pipe
    /// `=`.
    case equals
    /// `?`.
    case questionMark
    /// `->`.
    case arrow
    /// `...`.
    case closedRange
    /// `..<`.
    case halfOpenRange
    /// `==`.
    case equalEqual
    /// `!=`.
    case bangEqual
    /// `<`.
    case less
    /// `<=`.
    case lessEqual
    /// `>`.
    case greater
    /// `>=`.
    case greaterEqual
    /// `+`.
    case plus
    /// `-` not before a digit, where it starts a number.
    case minus
    /// `*`.
    case star
    /// `/` not before `/` or `*`, where it starts a comment.
    case slash
    /// `$`: the record's input, in computed fields.
    case dollar
    /// The end of the input; always the last token.
    case endOfFile

    /// The words the grammar gives a meaning to somewhere.
    ///
    /// They stay identifiers; this set only lets messages call them keywords.
    package static let keywords: Set<String> = [
        "and", "check", "default", "else", "enum", "false", "flatten", "from", "if", "keepNull", "keys", "lenient", "lossy", "missing", "model",
        "not", "null", "nulls", "omitNull", "oneOrMany", "or", "root", "strict", "table", "then", "transform", "true", "using",
        "when", "where",
    ]

    /// How the token reads in a message: "`}`", "identifier `foo`",
    /// "string \"x\"", "number `42`", "end of file".
    package var description: String {
        switch self {
        case .identifier(let name):
            return Self.keywords.contains(name) ? "keyword `\(name)`" : "identifier `\(name)`"
        case .string(let value):
            return "string \(RulesText.quoted(value, limit: 24))"
        case .integer(let text), .decimal(let text):
            return "number `\(text)`"
        case .endOfFile:
            return "end of file"
        case .leftBrace, .rightBrace, .leftBracket, .rightBracket, .leftParen, .rightParen, .colon, .comma,
            .dot, .pipe, .equals, .questionMark, .arrow, .closedRange, .halfOpenRange, .equalEqual, .bangEqual,
            .less, .lessEqual, .greater, .greaterEqual, .plus, .minus, .star, .slash, .dollar:
            return "`\(spelling)`"
        }
    }

    /// The token as it would be written: `}`, `->`, `foo`, `"x"`, `42`;
    /// empty for the end of file.
    package var spelling: String {
        switch self {
        case .identifier(let name): return name
        case .string(let value): return RulesText.quoted(value, limit: nil)
        case .integer(let text), .decimal(let text): return text
        case .leftBrace: return "{"
        case .rightBrace: return "}"
        case .leftBracket: return "["
        case .rightBracket: return "]"
        case .leftParen: return "("
        case .rightParen: return ")"
        case .colon: return ":"
        case .comma: return ","
        case .dot: return "."
        case .pipe: return "|"
        case .equals: return "="
        case .questionMark: return "?"
        case .arrow: return "->"
        case .closedRange: return "..."
        case .halfOpenRange: return "..<"
        case .equalEqual: return "=="
        case .bangEqual: return "!="
        case .less: return "<"
        case .lessEqual: return "<="
        case .greater: return ">"
        case .greaterEqual: return ">="
        case .plus: return "+"
        case .minus: return "-"
        case .star: return "*"
        case .slash: return "/"
        case .dollar: return "$"
        case .endOfFile: return ""
        }
    }
}
