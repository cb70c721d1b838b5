import MapLang

/// The diagnostics of an open document in the protocol's form: the same
/// problems, codes, messages and help `maplang check` reports for the file
/// alone, on their exact ranges.
enum DocumentDiagnostics {
    /// Checks the document and gives its diagnostics.
    static func diagnostics(of document: TextDocument) -> [JSONValue] {
        let limit = Rules.maximumSourceBytes
        guard document.bytes.count <= limit else {
            // As `maplang check` refuses the file, before reading any of it.
            return [
                .members([
                    ("range", document.range(of: Span.at(0))),
                    ("severity", .integer(1)),
                    ("code", .string("unreadable-rules")),
                    ("source", .string("maplang")),
                    (
                        "message",
                        .string(
                            "this rules file holds \(document.bytes.count) bytes, more than the \(limit >> 20) MiB a rules file may hold; it is not checked\n"
                                + "help: split it into several files, which `maplang check` and `run` take together")
                    ),
                ])
            ]
        }
        do {
            _ = try Rules(source: document.source)
            return []
        } catch {
            return error.diagnostics.map { diagnostic(document, $0) }
        }
    }

    /// One diagnostic: its range, severity, code, source and message, with
    /// notes and help after the message, and each second place as related information.
    private static func diagnostic(_ document: TextDocument, _ diagnostic: Diagnostic) -> JSONValue {
        var message = diagnostic.message
        for note in diagnostic.notes { message += "\nnote: \(note)" }
        if let help = diagnostic.help { message += "\nhelp: \(help)" }
        var members: [(String, JSONValue)] = [
            ("range", document.range(of: diagnostic.span)),
            ("severity", .integer(diagnostic.severity == .error ? 1 : 2)),
            ("code", .string(diagnostic.code)),
            ("source", .string("maplang")),
            ("message", .string(message)),
        ]
        if !diagnostic.secondaryLabels.isEmpty {
            members.append(
                (
                    "relatedInformation",
                    .array(
                        diagnostic.secondaryLabels.map { label in
                            .members([
                                ("location", .members([("uri", .string(document.uri)), ("range", document.range(of: label.span))])),
                                ("message", .string(label.message)),
                            ])
                        })
                ))
        }
        return .members(members)
    }
}
