/// The problems the lexer and parser report, with the data each message needs.
///
/// Cases are in alphabetical order; the text of every message is computed in
/// one place, `message`, and the fix, when there is one to suggest, in `help`.
enum SyntaxMessage: DiagnosticMessage, Equatable {
    /// A comparison follows another one: `a < b < c`.
    case chainedComparison(BinaryOperator)
    /// A type marked optional twice, `Int??`.
    case doubleOptional
    /// An enum's default written as a table's is, `default -> a`; carries the case.
    case enumDefaultArrow(caseName: String)
    /// A key path whose first step is an index, `from [0]`.
    case keyPathStartsWithIndex
    /// An index written as a key path's step, `labels.0.name`: the path
    /// as written, with the index in brackets, and with the step quoted as a key.
    case indexWithoutBrackets(written: String, asIndex: String, asKey: String)
    /// `from $.user.login`: a `from` path written the way a check reads the input; carries the path.
    case dollarInKeyPath(path: String)
    /// A half-open range with no upper bound, `1..<`.
    case halfOpenRangeWithoutUpperBound
    /// A field has two clauses of the same kind, such as two `from`.
    case duplicateClause(clause: String, field: String)
    /// A test has two clauses of the same kind, such as two `input`.
    case duplicateTestClause(clause: String, test: String)
    /// `a: Int? nulls omit`: a model's setting written on a field's line.
    case nullsSettingOnFieldLine(field: String)
    /// An enum has more than one `default`.
    case duplicateEnumDefault(enumName: String)
    /// A table has more than one `default`.
    case duplicateTableDefault(tableName: String)
    /// A choice has more than one `default`.
    case duplicateChoiceDefault(choiceName: String)
    /// A word the grammar requires is missing, such as `by` after `choice Name`.
    case expectedKeyword(String, after: TokenKind, found: TokenKind)
    /// Something that is not a field clause follows a field on its line.
    case expectedClause(field: String, found: TokenKind, suggestion: String?)
    /// A top-level item starts with something that cannot start one.
    case expectedDeclaration(found: TokenKind, suggestion: String?)
    /// An expression is missing after an operator, `check`, `(` or `,`.
    case expectedExpression(after: TokenKind, found: TokenKind)
    /// Something that cannot start a member is in a model, enum or table body.
    case expectedMember(Body, found: TokenKind)
    /// A name is missing: of a declaration, a key, a transformer, a rule….
    case expectedName(NameRole, after: TokenKind, found: TokenKind)
    /// A particular token is missing.
    case expectedToken(TokenKind, context: TokenContext, found: TokenKind)
    /// A type is missing after a field's `:` or inside brackets.
    case expectedType(found: TokenKind)
    /// A value is missing: a literal, a range bound, an index, a message….
    case expectedValue(ValueRole, after: TokenKind, found: TokenKind)
    /// A key path index does not fit in an `Int`.
    case indexOutOfRange(String)
    /// A string holds a backslash escape the language does not have.
    case invalidEscape(String)
    /// A number literal is malformed.
    case invalidNumber(String, NumberProblem)
    /// Characters that look like an operator but are not one, such as `..`.
    case invalidOperator(String)
    /// A `\u{…}` escape is malformed or names no Unicode scalar.
    case invalidUnicodeEscape(String, UnicodeEscapeProblem)
    /// Bytes that are not UTF-8.
    case invalidUTF8
    /// A comment holds a character that reorders the text shown, such as U+202E.
    case bidiControlInComment(String)
    /// Types, values or expressions nest deeper than the parser allows.
    case nestingTooDeep(Nesting, limit: Int)
    /// A bracket, parenthesis or brace was opened and not closed.
    case unclosedDelimiter(TokenKind, closing: Construct, found: TokenKind)
    /// Characters that start no token, such as `@` or `#`.
    case unexpectedCharacters(String)
    /// A key written bare with punctuation in it (`user-name`, `$ref`), which must be quoted.
    case unquotedKey(String)
    /// A string has no closing quote on its line.
    case unterminatedString
    /// A `/*` block comment, which the language does not have; skipped
    /// through its `*/`, or to the end of its line when there is none.
    case blockComment

    // MARK: - Associated data

    /// The body a member is expected in.
    enum Body: Equatable {
        /// The body of the model with this name.
        case model(String)
        /// The body of the enum with this name.
        case enumeration(String)
        /// The body of the table with this name.
        case table(String)
        /// The body of the choice with this name.
        case choice(String)
        /// The body of the test with this name.
        case test(String)
        /// The `errors` of the test with this name.
        case testErrors(String)
    }

    /// What kind of name is expected.
    enum NameRole: Equatable {
        /// The name of a declaration, after its keyword.
        case declaration
        /// A model's name, after `root`.
        case model
        /// A key naming strategy, after `keys`.
        case keyStrategy
        /// A key path step.
        case key
        /// A transformer in a pipeline.
        case transformer
        /// A validation rule.
        case rule
        /// An enum case.
        case enumCase
        /// A name after `.` in a check's reference.
        case member
    }

    /// Where a particular token is expected.
    enum TokenContext: Equatable {
        /// After a field's name; a suggested keyword if the name looks like a misspelt one.
        case fieldName(String, suggestion: String?)
        /// After a declaration's keyword and name, such as `model Issue`.
        case declarationHeader(keyword: String, name: String)
        /// After a table row's inputs.
        case tableRowInputs
        /// After `default` in a table.
        case tableDefault
        /// After `default` in a choice.
        case choiceDefault
        /// After `when` in a default clause.
        case when
        /// After a key in an object literal.
        case objectKey(String)
        /// After `$` in an expression.
        case inputPath
        /// After `errors` in a test.
        case testErrors
    }

    /// What kind of value is expected.
    enum ValueRole: Equatable {
        /// Any literal.
        case literal
        /// A number bounding a range.
        case rangeBound
        /// An integer in a key path index.
        case index
        /// A check's message string.
        case message
        /// A string, number, boolean or `null`.
        case scalar
        /// A string key in an object literal.
        case objectKey
        /// A test's name, after `test`.
        case testName
        /// A file's path, after `file`.
        case filePath
        /// An expected error's JSON path, after `at`.
        case jsonPath
    }

    /// What is wrong with a number literal.
    enum NumberProblem: Equatable {
        /// `01`.
        case leadingZero(repaired: String)
        /// `1.`.
        case missingFractionDigits
        /// `1e`, `1e+`.
        case missingExponentDigits
    }

    /// What is wrong with a `\u` escape.
    enum UnicodeEscapeProblem: Equatable {
        /// `\u` without `{`.
        case missingBrace
        /// `\u{}` or a non-hex character among the digits.
        case noDigits
        /// More than eight hex digits.
        case tooManyDigits
        /// No `}` after the digits.
        case unclosed
        /// A surrogate or a value past `10FFFF`.
        case notAScalar
    }

    /// What nests too deeply.
    enum Nesting: Equatable {
        /// A type: `[[[String]]]`.
        case type
        /// A literal: `[[[1]]]`.
        case value
        /// A check expression: `((a))`, `not not a`.
        case expression
    }

    /// What a closing bracket, parenthesis or brace would close.
    enum Construct: Equatable {
        /// `[Element]`.
        case arrayType
        /// `[Key: Value]`.
        case dictionaryType
        /// `[0]` in a key path.
        case index
        /// The arguments of a transformer, rule or function call.
        case argumentList
        /// `[1, 2]`.
        case arrayLiteral
        /// `{"a": 1}`.
        case objectLiteral
        /// `(expr)`.
        case parenthesizedExpression
        /// A model's body, by model name.
        case model(String)
        /// An enum's body, by enum name.
        case enumeration(String)
        /// A table's body, by table name.
        case table(String)
        /// A choice's body, by choice name.
        case choice(String)
        /// A test's body, by test name.
        case test(String)
        /// A test's `errors`, by test name.
        case testErrors(String)
    }

    // MARK: - Text

    /// The stable identifier of the problem.
    var code: String {
        switch self {
        case .chainedComparison: return "chained-comparison"
        case .doubleOptional: return "double-optional"
        case .enumDefaultArrow: return "enum-default-arrow"
        case .keyPathStartsWithIndex: return "key-path-starts-with-index"
        case .indexWithoutBrackets: return "index-without-brackets"
        case .dollarInKeyPath: return "dollar-in-key-path"
        case .halfOpenRangeWithoutUpperBound: return "range-without-upper-bound"
        case .duplicateClause, .duplicateTestClause: return "duplicate-clause"
        case .nullsSettingOnFieldLine: return "setting-on-field-line"
        case .duplicateEnumDefault, .duplicateTableDefault, .duplicateChoiceDefault: return "duplicate-default"
        case .expectedClause: return "expected-clause"
        case .expectedKeyword: return "expected-keyword"
        case .expectedDeclaration: return "expected-declaration"
        case .expectedExpression: return "expected-expression"
        case .expectedMember: return "expected-member"
        case .expectedName: return "expected-name"
        case .expectedToken: return "expected-token"
        case .expectedType: return "expected-type"
        case .expectedValue: return "expected-value"
        case .indexOutOfRange: return "index-out-of-range"
        case .invalidEscape, .invalidUnicodeEscape: return "invalid-escape"
        case .invalidNumber: return "invalid-number"
        case .invalidOperator: return "invalid-operator"
        case .invalidUTF8: return "invalid-utf8"
        case .bidiControlInComment: return "bidi-control"
        case .nestingTooDeep: return "nesting-too-deep"
        case .unclosedDelimiter: return "unclosed-delimiter"
        case .unexpectedCharacters: return "unexpected-character"
        case .unquotedKey: return "unquoted-key"
        case .unterminatedString: return "unterminated-string"
        case .blockComment: return "block-comment"
        }
    }

    /// What is wrong, lowercase, with no trailing period.
    var message: String {
        switch self {
        case .chainedComparison(let op):
            return "comparison `\(op.rawValue)` cannot follow another comparison"
        case .doubleOptional:
            return "a type can be optional only once"
        case .enumDefaultArrow:
            return "an enum's `default` names one of its cases, with no `->`"
        case .keyPathStartsWithIndex:
            return "a key path starts with a key: a record is an object, not an array"
        case .indexWithoutBrackets(let written, _, _):
            return "`\(written)` writes an index as a key: a key path's index is written in brackets"
        case .dollarInKeyPath:
            return "a `from` path starts at the record: it is written without `$.`"
        case .halfOpenRangeWithoutUpperBound:
            return "`..<` needs an upper bound"
        case .duplicateClause(let clause, let field):
            return "field `\(field)` has more than one `\(clause)` clause"
        case .duplicateTestClause(let clause, let test):
            return "test \(RulesText.quoted(test, limit: 24)) has more than one `\(clause)`"
        case .nullsSettingOnFieldLine(let field):
            return "`nulls` after the field `\(field)` is a setting for the whole model, not for the field"
        case .duplicateEnumDefault(let name):
            return "enum `\(name)` has more than one `default`"
        case .duplicateTableDefault(let name):
            return "table `\(name)` has more than one `default`"
        case .duplicateChoiceDefault(let name):
            return "choice `\(name)` has more than one `default`"
        case .expectedKeyword(let word, let after, let found):
            return "expected `\(word)` after `\(after.spelling)`, found \(found)"
        case .expectedClause(let field, let found, _):
            return "expected a clause such as `from`, `using`, `default` or `where` after the field `\(field)`, found \(found)"
        case .expectedDeclaration(let found, _):
            return "expected a declaration (`model`, `enum`, `table`, `transform`, `choice` or a setting), found \(found)"
        case .expectedExpression(let after, let found):
            return "expected an expression after `\(after.spelling)`, found \(found)"
        case .expectedMember(let body, let found):
            switch body {
            case .model(let name): return "expected a field, a check or a setting in model `\(name)`, found \(found)"
            case .enumeration(let name): return "expected a case or `default` in enum `\(name)`, found \(found)"
            case .table(let name): return "expected a row or `default` in table `\(name)`, found \(found)"
            case .choice(let name): return "expected a variant or `default` in choice `\(name)`, found \(found)"
            case .test(let name):
                return "expected `model`, `input`, `output` or `errors` in test \(RulesText.quoted(name, limit: 24)), found \(found)"
            case .testErrors(let name):
                return "expected an error, `\"code\" at \"$.path\"`, in the errors of test \(RulesText.quoted(name, limit: 24)), found \(found)"
            }
        case .expectedName(let role, let after, let found):
            let noun: String
            switch role {
            case .declaration: noun = "a name"
            case .model: noun = "a model name"
            case .keyStrategy: noun = "a key strategy"
            case .key: noun = "a key"
            case .transformer: noun = "a transformer name"
            case .rule: noun = "a rule name"
            case .enumCase: noun = "a case name"
            case .member: noun = "a name"
            }
            return "expected \(noun) after `\(after.spelling)`, found \(found)"
        case .expectedToken(let expected, let context, let found):
            let place: String
            switch context {
            case .fieldName(let name, _): place = "after the field name `\(name)`"
            case .declarationHeader(let keyword, let name): place = "after `\(keyword) \(name)`"
            case .tableRowInputs: place = "after the row's inputs"
            case .tableDefault, .choiceDefault: place = "after `default`"
            case .when: place = "after `when`"
            case .objectKey(let key): place = "after the key \(RulesText.quoted(key, limit: 24))"
            case .inputPath: place = "after `$`"
            case .testErrors: place = "after `errors`"
            }
            return "expected `\(expected.spelling)` \(place), found \(found)"
        case .expectedType(let found):
            return "expected a type, found \(found)"
        case .expectedValue(let role, let after, let found):
            let noun: String
            switch role {
            case .literal: noun = "a value"
            case .rangeBound: noun = "a number"
            case .index: noun = "an integer index"
            case .message: noun = "a message string"
            case .scalar: noun = "a string, number, `true`, `false` or `null`"
            case .objectKey: noun = "a string key"
            case .testName: noun = "the test's name, in quotes,"
            case .filePath: noun = "a file's path, in quotes,"
            case .jsonPath: noun = "a JSON path, in quotes,"
            }
            return "expected \(noun) after `\(after.spelling)`, found \(found)"
        case .indexOutOfRange(let text):
            return "index `\(text)` is out of range"
        case .invalidEscape(let text):
            return "invalid escape `\(text)` in a string"
        case .invalidNumber(let text, let problem):
            switch problem {
            case .leadingZero: return "number `\(text)` has a leading zero"
            case .missingFractionDigits: return "number `\(text)` has no digits after its decimal point"
            case .missingExponentDigits: return "number `\(text)` has no digits in its exponent"
            }
        case .invalidOperator(let text):
            return "`\(text)` is not an operator"
        case .invalidUnicodeEscape(let text, let problem):
            switch problem {
            case .notAScalar: return "`\(text)` is not a Unicode scalar value"
            case .missingBrace, .noDigits, .tooManyDigits, .unclosed: return "invalid Unicode escape `\(text)`"
            }
        case .invalidUTF8:
            return "invalid UTF-8 byte sequence"
        case .bidiControlInComment(let escape):
            return "the comment holds `\(escape)`, which makes the text around it show in another order than it is read"
        case .nestingTooDeep(let nesting, let limit):
            let thing: String
            switch nesting {
            case .type: thing = "type"
            case .value: thing = "value"
            case .expression: thing = "expression"
            }
            return "\(thing) nested more than \(limit) levels deep"
        case .unclosedDelimiter(let closer, let construct, let found):
            let what: String
            switch construct {
            case .arrayType: what = "the array type"
            case .dictionaryType: what = "the dictionary type"
            case .index: what = "the index"
            case .argumentList: what = "the argument list"
            case .arrayLiteral: what = "the array"
            case .objectLiteral: what = "the object"
            case .parenthesizedExpression: what = "the parenthesis"
            case .model(let name): what = "model `\(name)`"
            case .enumeration(let name): what = "enum `\(name)`"
            case .table(let name): what = "table `\(name)`"
            case .choice(let name): what = "choice `\(name)`"
            case .test(let name): what = "test \(RulesText.quoted(name, limit: 24))"
            case .testErrors(let name): what = "the errors of test \(RulesText.quoted(name, limit: 24))"
            }
            return "expected `\(closer.spelling)` to close \(what), found \(found)"
        case .unquotedKey(let key):
            return "the key `\(key)` holds punctuation, so it is written as a string"
        case .unexpectedCharacters(let text):
            return text.unicodeScalars.count == 1
                ? "unexpected character \(Self.shown(text))" : "unexpected characters \(Self.shown(text))"
        case .unterminatedString:
            return "unterminated string"
        case .blockComment:
            return "there are no `/* */` comments"
        }
    }

    /// How to fix the problem, if there is something useful to say.
    var help: String? {
        switch self {
        case .chainedComparison:
            return "join the comparisons with `and`: `a < b and b < c`"
        case .doubleOptional:
            return "remove the extra `?`"
        case .enumDefaultArrow(let caseName):
            return "write `default \(caseName)`; tables and choices write `default -> …`"
        case .keyPathStartsWithIndex:
            return "name the key that holds the array first: `from items[0]`"
        case .indexWithoutBrackets(_, let asIndex, let asKey):
            return "write `\(asIndex)`; for a key made of digits, quote it: `\(asKey)`"
        case .dollarInKeyPath(let path):
            return "write `from \(path)`; `from $` alone reads the whole object"
        case .halfOpenRangeWithoutUpperBound:
            return "for no upper bound write `...`: `range(1...)`"
        case .expectedKeyword(let word, _, _):
            switch word {
            case "by": return "name the key that chooses the model: `choice Shape by type { … }`"
            case "at": return "write each error as `\"code\" at \"$.path\"`, with its message after it if it matters"
            default: return nil
            }
        case .duplicateTestClause(let clause, _):
            return "keep one `\(clause)`"
        case .duplicateClause(let clause, _):
            switch clause {
            case "from": return "list every key in one clause: `from a, b`"
            case "using": return "chain the transformers in one clause: `using a | b`"
            case "where": return "list every rule in one clause: `where a, b`"
            default: return "keep one `\(clause)` clause"
            }
        case .nullsSettingOnFieldLine:
            return "write `omitNull` or `keepNull` after the field's type for this field, or put `nulls` on a line of its own"
        case .duplicateEnumDefault:
            return "keep one `default` case"
        case .duplicateTableDefault:
            return "keep one `default -> value` row"
        case .duplicateChoiceDefault:
            return "keep one `default -> Model` row"
        case .expectedClause(_, _, let suggestion), .expectedDeclaration(_, let suggestion):
            return suggestion.map { "did you mean `\($0)`?" }
        case .expectedExpression:
            return nil
        case .expectedMember(let body, let found):
            switch (body, found) {
            case (.enumeration, .comma):
                return "enum cases are separated by spaces or new lines, not commas"
            case (.table, .identifier(let word)):
                return "write the input as a string: `\"\(word)\"`"
            case (.test, .identifier(let word)):
                return Suggestion.closest(to: word, among: Parser.testClauseKeywords).map { "did you mean `\($0)`?" }
            case (.testErrors, .identifier(let word)):
                return "write the code as a string: `\"\(word)\"`"
            case (.model, _), (.enumeration, _), (.table, _), (.choice, _), (.test, _), (.testErrors, _):
                return nil
            }
        case .expectedName(let role, _, let found):
            guard role == .key else { return nil }
            if case .integer(let digits) = found { return "write an array index in brackets: `[\(digits)]`" }
            if case .identifier(let word) = found, TokenKind.keywords.contains(word) || RulesText.clauseKeywords.contains(word) {
                return "write a key that is a keyword as a string: `\"\(word)\"`"
            }
            if found == .dollar { return "write a key holding `$` as a string, as in `from \"$ref\"`" }
            return nil
        case .expectedToken(_, let context, _):
            switch context {
            case .fieldName(_, let suggestion): return suggestion.map { "did you mean `\($0)`?" }
            case .tableDefault: return "write `default -> value`"
            case .choiceDefault: return "write `default -> Model`"
            case .inputPath: return "read a key of the record's input with `$.key` or `$.a.b`"
            case .testErrors: return "list the errors in braces: `errors { \"missing-key\" at \"$.id\" }`"
            case .declarationHeader, .tableRowInputs, .when, .objectKey: return nil
            }
        case .expectedType(let found):
            guard found == .leftBrace else { return nil }
            return "declare the nested model with `model Name { … }` and use its name here"
        case .expectedValue(let role, _, let found):
            guard case .identifier(let word) = found else { return nil }
            switch role {
            case .objectKey: return "write the key as a string: `\"\(word)\"`"
            case .scalar: return "write the value as a string: `\"\(word)\"`"
            case .testName, .filePath, .jsonPath: return "write it in quotes: `\"\(word)\"`"
            case .literal, .rangeBound, .index, .message: return nil
            }
        case .indexOutOfRange:
            return nil
        case .invalidEscape:
            return "the escapes are `\\\"`, `\\\\`, `\\/`, `\\n`, `\\r`, `\\t`, `\\0`, `\\u{…}` and JSON's `\\uXXXX`; a pattern's `\\b` is written `\\\\b`"
        case .invalidNumber(_, let problem):
            switch problem {
            case .leadingZero(let repaired): return "write `\(repaired)`"
            case .missingFractionDigits: return "write digits after the `.`, as in `1.5`, or leave it out"
            case .missingExponentDigits: return "write the exponent's digits, as in `1e3`"
            }
        case .invalidOperator:
            return "write `...` for a range that includes its upper bound or `..<` for one that excludes it"
        case .invalidUnicodeEscape(_, let problem):
            switch problem {
            case .missingBrace, .noDigits, .tooManyDigits:
                return "write one to eight hex digits in braces, as in `\\u{1F600}`"
            case .unclosed: return "close the escape with `}`"
            case .notAScalar: return "surrogates (`D800` to `DFFF`) and values above `10FFFF` are not scalars"
            }
        case .invalidUTF8:
            return "save the file as UTF-8"
        case .bidiControlInComment(let escape):
            return "remove it; in a string, write it as `\(escape)`"
        case .nestingTooDeep:
            return nil
        case .unclosedDelimiter(_, let construct, let found):
            switch construct {
            case .argumentList, .arrayLiteral, .objectLiteral:
                return Self.canStartValue(found) ? "separate the items with `,`" : nil
            case .arrayType, .dictionaryType, .index, .parenthesizedExpression, .model, .enumeration, .table, .choice, .test,
                .testErrors:
                return nil
            }
        case .unquotedKey(let key):
            return "write `\"\(key)\"`"
        case .unexpectedCharacters(let text):
            switch text.unicodeScalars.first {
            case "@": return "write a key holding `\(text)` as a string, as in `from \"@type\"`"
            case "#": return "comments start with `//`"
            case "'": return "strings are written in double quotes"
            case "!": return "compare with `!=` and negate with `not`"
            case "&": return "combine conditions with `and`"
            case ";": return "declarations need no `;` between them"
            default: return nil
            }
        case .unterminatedString:
            return "close the string with `\"` before the end of the line"
        case .blockComment:
            return "start each line of a comment with `//`"
        }
    }

    /// Unexpected characters as a message shows them: in backticks, or as
    /// `U+XXXX` when one of them would be invisible.
    static func shown(_ text: String) -> String {
        let invisible = text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned,
                .privateUse, .surrogate, .nonspacingMark, .enclosingMark, .spacingMark:
                return true
            default:
                return false
            }
        }
        guard invisible else { return "`\(text)`" }
        return text.unicodeScalars.map { "U+" + hexDigits($0.value) }.joined(separator: " ")
    }

    /// Uppercase hex digits of a scalar value, padded to at least four.
    private static func hexDigits(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Whether a token can start a literal, so a missing `,` is the likely mistake.
    private static func canStartValue(_ kind: TokenKind) -> Bool {
        switch kind {
        case .string, .integer, .decimal, .identifier, .leftBracket, .leftBrace, .closedRange, .halfOpenRange:
            return true
        case .rightBrace, .rightBracket, .leftParen, .rightParen, .colon, .comma, .dot, .pipe, .equals,
            .questionMark, .arrow, .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual, .plus, .minus, .star,
            .slash, .dollar, .endOfFile:
            return false
        }
    }
}
