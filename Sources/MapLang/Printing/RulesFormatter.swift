// MARK: - Public API

/// Prints rules in their canonical layout, keeping every comment.
///
/// The layout, also described in section 8 of `grammar.md`:
///
/// - Two spaces of indentation per level; lines are never wrapped; every
///   line ends with `\n`, and so does the text, unless it is empty.
/// - One item per line: each setting, field, check, enum case and table row
///   on its own line. A body with nothing in it is `model A {}`.
/// - Top-level items stay in the order written. Two top-level items are
///   separated by one blank line, except consecutive settings and
///   consecutive transforms, which keep a blank line only where the source
///   had one. Inside a body, one blank line is kept where the source had
///   one or more, and none after `{` or before `}`.
/// - A field is `name: Type = expression oneOrMany lossy flatten omitNull
///   from a, b using x | y default v when missing where r1, r2`: its clauses
///   always in that order. An enum's `default` comes after its cases and a
///   table's `default -> v` after its rows, wherever they were written.
/// - One space after `,` and `:` and around `->`, `|`, `=`, the comparison
///   and arithmetic operators, `??`, `and`, `or`, `not`; none inside brackets,
///   parentheses and ranges (`range(1...10)`, `[String: Int]`).
/// - Strings are re-escaped: `\"`, `\\`, `\n`, `\r`, `\t`, `\0`, and
///   `\u{…}` for other control characters; everything else is written as
///   itself. Numbers keep the digits they were written with.
/// - A key step is quoted only when the parser needs it: when it is not a
///   plain word (an ASCII letter or `_`, then letters, digits and `_`), or
///   when it is the first step of a path and a clause word (`from`, `using`,
///   `default`, `where`, `oneOrMany`, `lossy`, `flatten`, `omitNull`,
///   `keepNull`). An index is written `[n]` straight after the step
///   before it.
/// - Parentheses in expressions are kept where written and added where the
///   tree needs them (`a or (b or c)`), so the output always parses back to
///   the same tree. `f()` is written `f`, since the tree does not tell them apart.
/// - Comments are kept, each exactly once, with trailing white space
///   removed. A comment on a line of its own stays on a line of its own
///   before the item that follows it, at that item's indentation; one after
///   code stays after that code's item, one space after it; one after a
///   body's `{` stays there; one at the end of a body stays before its `}`;
///   one at the end of the file stays at the end. A comment inside an item
///   that is printed on one line, such as between a field's clauses,
///   moves to its own line before the item.
package enum RulesFormatter {
    /// Formats a whole rules file.
    ///
    /// The file should have parsed without diagnostics: the formatter
    /// prints the tree, and a part that did not parse is not in it.
    ///
    /// - Parameters:
    ///   - file: The syntax tree.
    ///   - source: The text it was parsed from, for its comments' places,
    ///     its blank lines and its parentheses.
    /// - Returns: The file in canonical layout; empty for a file with
    ///   nothing in it, otherwise ending with a line break. Lines end as the
    ///   source's first line does: with `\r\n` in a file written so (as on
    ///   Windows), otherwise with a line feed, so no file gets lines of both.
    package static func format(_ file: RulesFile, source: SourceFile) -> String {
        let layout = Layout(source: source)
        let lines = layout.block(file.items.map(BlockItem.decl), comments: file.comments, depth: 0).lines
        return text(of: lines, separator: endsLinesWithCRLF(source.bytes) ? "\r\n" : "\n")
    }

    /// Whether the first line of `bytes` ends with `\r\n`.
    static func endsLinesWithCRLF(_ bytes: [UInt8]) -> Bool {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return false }
        return newline > 0 && bytes[newline - 1] == UInt8(ascii: "\r")
    }

    /// Formats one top-level declaration, as the REPL's `:show NAME` prints it.
    ///
    /// Of `comments`, those inside the declaration are printed, with the
    /// one after its last token on the same line, and the comment lines
    /// directly above it (with no blank line or code in between).
    ///
    /// - Parameters:
    ///   - decl: The declaration.
    ///   - source: The text it was parsed from.
    ///   - comments: Comments of that text; those that do not belong to the
    ///     declaration are left out.
    /// - Returns: The declaration in canonical layout, ending with a line feed.
    package static func format(_ decl: Decl, source: SourceFile, comments: [Comment]) -> String {
        let layout = Layout(source: source)
        let own = layout.comments(of: Layout.span(of: decl), among: comments)
        return text(of: layout.block([.decl(decl)], comments: own, depth: 0).lines)
    }

    // MARK: - Implementation

    /// Joins lines into text that ends with a line break, a line feed unless told.
    static func text(of lines: [String], separator: String = "\n") -> String {
        lines.isEmpty ? "" : lines.joined(separator: separator) + separator
    }

    /// The spaces that indent a line `depth` levels deep.
    static func indent(_ depth: Int) -> String {
        String(repeating: "  ", count: depth)
    }

    /// Something printed on its own line, or lines, in a block: a top-level
    /// declaration or one member of a body.
    enum BlockItem {
        /// A top-level item.
        case decl(Decl)
        /// A setting, field or check in a model.
        case member(ModelMember)
        /// A case of an enum.
        case enumCase(EnumCaseDecl)
        /// `default name` in an enum; `start` is where its `default` is.
        case enumDefault(Identifier, start: Int)
        /// A row of a table.
        case tableRow(TableRow)
        /// `default -> value` in a table; `start` is where its `default` is.
        case tableDefault(Literal, start: Int)
        /// A variant of a choice.
        case choiceVariant(ChoiceVariant)
        /// `default -> Model` in a choice; `start` is where its `default` is.
        case choiceDefault(Identifier, start: Int)
        /// `model Name` in a test.
        case testModel(TestModel)
        /// `input …` or `output …` in a test, after its keyword.
        case testData(String, TestData)
        /// `errors { … }` in a test.
        case testErrors(TestErrors)
        /// One error in a test's `errors`.
        case expectedError(ExpectedErrorDecl)
    }

    /// What decides the blank lines between top-level items.
    enum Spacing {
        /// `root`, `keys`, `strict`, `lenient`.
        case setting
        /// A `transform` declaration.
        case transform
        /// A model, enum, table, choice or test, with a body in braces.
        case body
    }

    /// The lines of one item, and the comments inside it it did not place.
    struct Rendered {
        /// Comments inside the item that go on their own lines before it.
        var hoisted: [Comment]
        /// The item's lines, indented.
        var lines: [String]
    }

    /// The lines of a block, and the comment that follows its opening brace.
    struct Block {
        /// The items and comments, indented.
        var lines: [String]
        /// A comment after the body's `{` on the same line, before any item.
        var opening: Comment?
    }

    /// The comments that belong to each item of a block.
    struct Placement {
        /// Own-line comments before each item.
        var leading: [[Comment]]
        /// Comments within each item's span.
        var inner: [[Comment]]
        /// The comment after each item on its last line.
        var trailing: [Comment?]
        /// Comment after the last item, before the block ends.
        var closing: [Comment] = []
        /// A comment after the opening `{`, on its line.
        var opening: Comment?

        /// No comments yet for `count` items.
        init(count: Int) {
            leading = Array(repeating: [], count: count)
            inner = Array(repeating: [], count: count)
            trailing = Array(repeating: nil, count: count)
        }
    }

    /// The formatter's view of one source text.
    struct Layout {
        /// The bytes of the text the tree came from, which spans index.
        let bytes: [UInt8]

        /// Creates a layout over a source.
        init(source: SourceFile) {
            self.bytes = source.bytes
        }

        /// The byte at an offset, or 0 outside the text.
        func byte(_ offset: Int) -> UInt8 {
            offset >= 0 && offset < bytes.count ? bytes[offset] : 0
        }

        /// Whether a byte is a space or tab.
        static func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
        }

        /// Whether a byte is white space, line breaks included.
        static func isWhiteSpace(_ byte: UInt8) -> Bool {
            isSpace(byte) || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        }

        // MARK: Blocks

        /// Lays out items with their comments, one level of indentation at `depth`.
        ///
        /// - Parameters:
        ///   - items: The items in the order they are printed.
        ///   - comments: The comments in the block's part of the source.
        ///   - depth: The items' indentation level.
        func block(_ items: [BlockItem], comments: [Comment], depth: Int) -> Block {
            let spans = items.map(span(of:))
            let placement = place(comments, spans: spans)
            var lines: [String] = []
            var previous: BlockItem?
            for (index, item) in items.enumerated() {
                let rendered = render(item, comments: placement.inner[index], depth: depth)
                var elements = placement.leading[index].map { comment in
                    (blank: blankLine(before: comment.span.start), lines: [commentLine(comment, depth: depth)])
                }
                let blankBeforeItem = blankLine(before: spans[index].start)
                for (position, comment) in rendered.hoisted.enumerated() {
                    let line = commentLine(comment, depth: depth)
                    elements.append((blank: position == 0 && blankBeforeItem, lines: [line]))
                }
                var itemLines = rendered.lines
                if let trailing = placement.trailing[index], !itemLines.isEmpty {
                    itemLines[itemLines.count - 1] += " " + Self.commentText(trailing)
                }
                elements.append((blank: rendered.hoisted.isEmpty && blankBeforeItem, lines: itemLines))
                if let previous, Self.forcesBlankLine(between: previous, and: item) { elements[0].blank = true }
                for element in elements {
                    if element.blank && !lines.isEmpty { lines.append("") }
                    lines += element.lines
                }
                previous = item
            }
            for comment in placement.closing {
                if blankLine(before: comment.span.start) && !lines.isEmpty { lines.append("") }
                lines.append(commentLine(comment, depth: depth))
            }
            return Block(lines: lines, opening: placement.opening)
        }

        /// Whether two top-level items must have a blank line between them.
        static func forcesBlankLine(between first: BlockItem, and second: BlockItem) -> Bool {
            guard let before = spacing(of: first), let after = spacing(of: second) else { return false }
            return before != after || before == .body
        }

        /// How a top-level item is spaced; `nil` for a member of a body.
        static func spacing(of item: BlockItem) -> Spacing? {
            switch item {
            case .decl(let decl):
                switch decl {
                case .setting: return .setting
                case .transform: return .transform
                case .model, .enumeration, .table, .choice, .test: return .body
                }
            case .member, .enumCase, .enumDefault, .tableRow, .tableDefault, .choiceVariant, .choiceDefault, .testModel,
                .testData, .testErrors, .expectedError:
                return nil
            }
        }

        /// Lays out one item, placing the comments inside it.
        func render(_ item: BlockItem, comments: [Comment], depth: Int) -> Rendered {
            let line: String
            switch item {
            case .decl(let decl):
                return render(decl, comments: comments, depth: depth)
            case .member(.setting(let setting)): line = RulesFormatter.written(setting.kind)
            case .member(.field(let field)):
                line = RulesFormatter.written(field, computed: field.computed.map { " = " + written($0, atLeast: .conditional) })
            case .member(.check(let check)): line = written(check)
            case .enumCase(let enumCase): line = RulesFormatter.written(enumCase)
            case .enumDefault(let name, start: _): line = "default " + name.name
            case .tableRow(let row): line = RulesFormatter.written(row)
            case .tableDefault(let value, start: _): line = "default -> " + RulesFormatter.written(value)
            case .choiceVariant(let variant): line = RulesFormatter.written(variant)
            case .choiceDefault(let model, start: _): line = "default -> " + model.name
            case .testModel(let model): line = "model " + model.name.name
            case .testData(let keyword, let data):
                return Rendered(hoisted: comments, lines: RulesFormatter.lines(of: keyword, data, indentation: RulesFormatter.indent(depth)))
            case .testErrors(let errors):
                let headerEnd = errors.span.start + "errors".utf8.count
                let items = errors.errors.map(BlockItem.expectedError)
                return body("errors", headerEnd: headerEnd, span: errors.span, items: items, comments: comments, depth: depth)
            case .expectedError(let error): line = RulesFormatter.written(error)
            }
            return Rendered(hoisted: comments, lines: [RulesFormatter.indent(depth) + line])
        }

        /// Lays out a top-level item.
        func render(_ decl: Decl, comments: [Comment], depth: Int) -> Rendered {
            switch decl {
            case .setting(let setting):
                let line = RulesFormatter.written(setting.kind)
                return Rendered(hoisted: comments, lines: [RulesFormatter.indent(depth) + line])
            case .transform(let transform):
                let line = "transform \(transform.name.name) = " + RulesFormatter.written(transform.pipeline)
                return Rendered(hoisted: comments, lines: [RulesFormatter.indent(depth) + line])
            case .model(let model):
                let items = model.members.map(BlockItem.member)
                let header = "model \(model.name.name)" + (model.parent.map { " extends " + $0.name } ?? "")
                let headerEnd = model.parent?.span.end ?? model.name.span.end
                return body(header, headerEnd: headerEnd, span: model.span, items: items, comments: comments, depth: depth)
            case .choice(let choice):
                let headerEnd = choice.discriminator.span.end
                var items = choice.variants.map(BlockItem.choiceVariant)
                if let model = choice.defaultModel {
                    let ends = choice.variants.map(\.span.end).filter { $0 <= model.span.start }
                    let start = defaultKeyword(after: ends, in: choice.span, headerEnd: headerEnd, value: model.span)
                    items.append(.choiceDefault(model, start: start))
                }
                let header = "choice \(choice.name.name) by " + RulesFormatter.written(choice.discriminator)
                return body(header, headerEnd: headerEnd, span: choice.span, items: items, comments: comments, depth: depth)
            case .enumeration(let enumeration):
                let span = enumeration.span
                var items = enumeration.cases.map(BlockItem.enumCase)
                if let chosen = enumeration.defaultCase {
                    let ends = enumeration.cases.map(\.span.end).filter { $0 <= chosen.span.start }
                    let start = defaultKeyword(after: ends, in: span, headerEnd: enumeration.name.span.end, value: chosen.span)
                    items.append(.enumDefault(chosen, start: start))
                }
                return body(
                    "enum \(enumeration.name.name)", headerEnd: enumeration.name.span.end, span: span, items: items,
                    comments: comments, depth: depth)
            case .table(let table):
                var items = table.rows.map(BlockItem.tableRow)
                if let value = table.defaultValue {
                    let ends = table.rows.map(\.span.end).filter { $0 <= value.span.start }
                    let start = defaultKeyword(after: ends, in: table.span, headerEnd: table.name.span.end, value: value.span)
                    items.append(.tableDefault(value, start: start))
                }
                return body(
                    "table \(table.name.name)", headerEnd: table.name.span.end, span: table.span, items: items,
                    comments: comments, depth: depth)
            case .test(let test):
                let header = "test " + RulesText.quoted(test.name.value, limit: nil)
                return body(
                    header, headerEnd: test.name.span.end, span: test.span, items: Self.items(of: test), comments: comments,
                    depth: depth)
            }
        }

        /// A test's clauses in their canonical order: `model`, `input`, `output`, `errors`.
        static func items(of test: TestDecl) -> [BlockItem] {
            var items: [BlockItem] = []
            if let model = test.model { items.append(.testModel(model)) }
            if let input = test.input { items.append(.testData("input", input)) }
            if let output = test.output { items.append(.testData("output", output)) }
            if let errors = test.errors { items.append(.testErrors(errors)) }
            return items
        }

        /// Lays out a declaration with a body in braces.
        ///
        /// Comments between the braces are the body's; any other comment
        /// inside the declaration, such as one between its name and `{`,
        /// goes before it.
        func body(
            _ header: String, headerEnd: Int, span: Span, items: [BlockItem], comments: [Comment], depth: Int
        ) -> Rendered {
            let open = openingBrace(after: headerEnd, before: span.end)
            let close = byte(span.end - 1) == UInt8(ascii: "}") && span.end - 1 > open ? span.end - 1 : span.end
            let inside = comments.filter { $0.span.start > open && $0.span.start < close }
            let outside = comments.filter { !($0.span.start > open && $0.span.start < close) }
            let block = block(items, comments: inside, depth: depth + 1)
            let indent = RulesFormatter.indent(depth)
            var header = indent + header + " {"
            if let opening = block.opening {
                header += " " + Self.commentText(opening)
            } else if block.lines.isEmpty {
                return Rendered(hoisted: outside, lines: [header + "}"])
            }
            return Rendered(hoisted: outside, lines: [header] + block.lines + [indent + "}"])
        }

        // MARK: Comments

        /// A comment on a line of its own.
        func commentLine(_ comment: Comment, depth: Int) -> String {
            RulesFormatter.indent(depth) + Self.commentText(comment)
        }

        /// A comment as printed: `//` and its text, without trailing white space.
        static func commentText(_ comment: Comment) -> String {
            "//" + RulesFile.trimmingTrailingWhiteSpace(comment.text)
        }
    }
}
