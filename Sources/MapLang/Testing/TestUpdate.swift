/// What `maplang test --update` writes: a test's expectation, made what
/// mapping its input gives.
package enum TestUpdate {
    /// The clause an inline test's expectation becomes: `output …` for a
    /// run with no error, `errors { … }` otherwise, laid out as `maplang fmt`
    /// lays it out at `indentation`, which starts the clause's first line
    /// already and each line after it.
    package static func clause(for run: TestRun, indentation: String) -> String {
        var lines: [String]
        if run.errors.isEmpty, let output = run.output {
            let data = TestData(source: .inline(Literal(json: output)), span: .erased)
            lines = RulesFormatter.lines(of: "output", data, indentation: indentation)
        } else {
            lines = RulesFormatter.lines(ofErrors: run.errors.map(Self.declaration(of:)), indentation: indentation)
        }
        lines[0].removeFirst(indentation.count)
        return lines.joined(separator: "\n")
    }

    /// The expected error a test block writes for an error mapping gave.
    private static func declaration(of error: MappingError) -> ExpectedErrorDecl {
        ExpectedErrorDecl(
            code: TextLiteral(error.problem.code, span: .erased), path: TextLiteral(error.path.description, span: .erased),
            message: TextLiteral(error.message, span: .erased), span: .erased)
    }

    /// The spaces and tabs that start the line `offset` is on.
    package static func indentation(at offset: Int, in bytes: [UInt8]) -> String {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        let prefix = bytes[start...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return String(decoding: prefix, as: UTF8.self)
    }

    /// A rules file's bytes with each span replaced by its text, every
    /// other byte as it was.
    ///
    /// - Parameter replacements: Spans that do not overlap, in any order.
    package static func replacing(_ replacements: [(span: Span, text: String)], in bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var position = 0
        for replacement in replacements.sorted(by: { $0.span.start < $1.span.start }) {
            result += bytes[position..<replacement.span.start]
            result += Array(replacement.text.utf8)
            position = replacement.span.end
        }
        return result + bytes[position...]
    }

    /// An `expected.json` or `output file`'s text: the JSON as `maplang run
    /// --pretty` writes it, and a line feed.
    package static func expectedJSON(_ value: JSONValue) -> [UInt8] {
        JSONWriter.serialize(value, style: .pretty) + [UInt8(ascii: "\n")]
    }
}
