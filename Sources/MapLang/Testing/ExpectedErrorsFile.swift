/// The `expected.errors` file of a test folder: one expected error a line,
/// `CODE PATH` or `CODE PATH MESSAGE`, separated by one space each.
///
/// ```text
/// # blank lines and lines that start with `#` are left out
/// out-of-range $[1].id 0 is not in 1...
/// missing-key $[2].name
/// ```
///
/// The path is written as errors show it (`$.items[3]`, `$["odd key"]`),
/// so it ends at the first space outside a quoted key; the message, when
/// there is one, is the rest of the line, exactly.
package enum ExpectedErrorsFile {
    /// Reads the expected errors from a file's text.
    ///
    /// - Returns: The errors in order, or why a line is not one: its
    ///   1-based number and the problem.
    package static func parse(_ text: String) -> Result<[ExpectedError], Problem> {
        var errors: [ExpectedError] = []
        var number = 0
        // `\r\n` is one `Character`, so lines end at either.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.hasPrefix("#") { continue }
            guard let space = line.firstIndex(of: " "), space > line.startIndex else {
                return .failure(Problem(line: number, reason: "expected `CODE PATH [MESSAGE]`, found no path after the code"))
            }
            let code = String(line[..<space])
            guard let (path, rest) = JSONPath.parsePrefix(of: line[line.index(after: space)...]), rest.isEmpty || rest.hasPrefix(" ")
            else {
                return .failure(Problem(line: number, reason: "the path after `\(code)` is not a JSON path such as `$.items[3].name`"))
            }
            errors.append(ExpectedError(code: code, path: path, message: rest.isEmpty ? nil : String(rest.dropFirst())))
        }
        guard !errors.isEmpty else { return .failure(Problem(line: nil, reason: "it lists no error")) }
        return .success(errors)
    }

    /// The file's text for these errors, a line each. A message that holds
    /// a line break, which the format cannot hold, is left out: the line
    /// still matches by code and path.
    package static func text(of errors: [ExpectedError]) -> String {
        errors.map { line(for: $0) + "\n" }.joined()
    }

    /// `CODE PATH MESSAGE`, as the file and `maplang test` reports write an error.
    package static func line(for error: ExpectedError) -> String {
        let message = error.message.flatMap { $0.contains(where: \.isNewline) ? nil : $0 }
        return "\(error.code) \(error.path)" + (message.map { " " + $0 } ?? "")
    }

    /// Why an `expected.errors` file cannot be read.
    package struct Problem: Error, Sendable, Equatable {
        /// The 1-based line, or `nil` for the file as a whole.
        package let line: Int?
        /// What is wrong.
        package let reason: String
    }
}
