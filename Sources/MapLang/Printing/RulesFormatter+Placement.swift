/// Where things are in the source: the spans items are placed by, the
/// comments each item owns, and the blank lines and code around them.
extension RulesFormatter.Layout {
    /// Decides which item each comment goes with.
    ///
    /// A comment inside an item's span is the item's to place. One after
    /// code on its line trails the last item that ends before it, or
    /// follows the opening `{` when no item does. Any other comment leads
    /// the next item, or closes the block when none follows.
    func place(_ comments: [Comment], spans: [Span]) -> RulesFormatter.Placement {
        var placement = RulesFormatter.Placement(count: spans.count)
        let order = spans.indices.sorted { spans[$0].start < spans[$1].start }
        for comment in comments.sorted(by: { $0.span.start < $1.span.start }) {
            let start = comment.span.start
            if let owner = order.first(where: { spans[$0].start <= start && start < spans[$0].end }) {
                placement.inner[owner].append(comment)
                continue
            }
            if hasCode(before: start) {
                if let owner = order.last(where: { spans[$0].end <= start }) {
                    if placement.trailing[owner] == nil {
                        placement.trailing[owner] = comment
                    } else {
                        placement.inner[owner].append(comment)
                    }
                    continue
                }
                if placement.opening == nil {
                    placement.opening = comment
                    continue
                }
            }
            if let next = order.first(where: { spans[$0].start > start }) {
                placement.leading[next].append(comment)
            } else {
                placement.closing.append(comment)
            }
        }
        return placement
    }

    /// The span an item is placed by: from its first token to its last.
    func span(of item: RulesFormatter.BlockItem) -> Span {
        switch item {
        case .decl(let decl): return Self.span(of: decl)
        case .member(let member):
            switch member {
            case .setting(let setting): return setting.span
            case .field(let field): return field.span
            case .check(let check): return check.span
            }
        case .enumCase(let enumCase): return enumCase.span
        case .enumDefault(let name, let start): return Span(start: start, end: name.span.end)
        case .tableRow(let row): return row.span
        case .tableDefault(let value, let start): return Span(start: start, end: value.span.end)
        case .choiceVariant(let variant): return variant.span
        case .choiceDefault(let model, let start): return Span(start: start, end: model.span.end)
        case .testModel(let model): return model.span
        case .testData(_, let data): return data.span
        case .testErrors(let errors): return errors.span
        case .expectedError(let error): return error.span
        }
    }

    /// A top-level item's span.
    static func span(of decl: Decl) -> Span {
        switch decl {
        case .setting(let setting): setting.span
        case .model(let model): model.span
        case .enumeration(let enumeration): enumeration.span
        case .table(let table): table.span
        case .transform(let transform): transform.span
        case .choice(let choice): choice.span
        case .test(let test): test.span
        }
    }

    /// Where the `default` keyword of an enum's or table's default is:
    /// the first token after the member before it, or after the body's `{`.
    func defaultKeyword(after ends: [Int], in span: Span, headerEnd: Int, value: Span) -> Int {
        let start = ends.max() ?? (openingBrace(after: headerEnd, before: span.end) + 1)
        let keyword = firstToken(from: start, before: value.start)
        return min(keyword, value.start)
    }

    /// The offset of the first token at or after `offset`, skipping white
    /// space and comments; `limit` when there is none before it.
    func firstToken(from offset: Int, before limit: Int) -> Int {
        var position = max(0, offset)
        while position < limit {
            if Self.isWhiteSpace(byte(position)) {
                position += 1
            } else if byte(position) == UInt8(ascii: "/") && byte(position + 1) == UInt8(ascii: "/") {
                while position < limit && byte(position) != UInt8(ascii: "\n") { position += 1 }
            } else {
                return position
            }
        }
        return limit
    }

    /// The offset of a body's `{`, the first token after its name.
    func openingBrace(after nameEnd: Int, before limit: Int) -> Int {
        let position = firstToken(from: nameEnd, before: limit)
        return byte(position) == UInt8(ascii: "{") ? position : nameEnd
    }

    /// Whether something other than white space comes before `offset` on its line.
    func hasCode(before offset: Int) -> Bool {
        var position = offset - 1
        while position >= 0 && Self.isSpace(byte(position)) { position -= 1 }
        return position >= 0 && byte(position) != UInt8(ascii: "\n") && byte(position) != UInt8(ascii: "\r")
    }

    /// Whether a blank line comes right before `offset`, past white space only.
    func blankLine(before offset: Int) -> Bool {
        var position = offset - 1
        var breaks = 0
        while position >= 0 && Self.isWhiteSpace(byte(position)) {
            if byte(position) == UInt8(ascii: "\n") { breaks += 1 }
            position -= 1
        }
        return breaks >= 2 && position >= 0
    }

    /// The comments that belong to a top-level item: those inside it,
    /// the one right after it on its last line, and the comment lines
    /// directly above it.
    func comments(of span: Span, among comments: [Comment]) -> [Comment] {
        let sorted = comments.sorted { $0.span.start < $1.span.start }
        var chosen = sorted.filter { $0.span.start >= span.start && $0.span.start < span.end }
        if let next = sorted.first(where: { $0.span.start >= span.end }),
            (span.end..<next.span.start).allSatisfy({ Self.isSpace(byte($0)) })
        {
            chosen.append(next)
        }
        var boundary = span.start
        for comment in sorted.reversed() where comment.span.end <= boundary {
            let gap = (comment.span.end..<boundary).map(byte)
            guard !hasCode(before: comment.span.start), gap.allSatisfy(Self.isWhiteSpace),
                gap.filter({ $0 == UInt8(ascii: "\n") }).count == 1
            else { break }
            chosen.append(comment)
            boundary = comment.span.start
        }
        return chosen
    }
}
