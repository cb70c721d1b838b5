// libFuzzer target: the lexer, parser, checker and renderer on arbitrary
// rules text, plus the AST dumper on whatever parses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRules(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let source = SourceFile(name: "fuzz.map", text: text)
    let parsed = RulesParser.parse(source)
    _ = ASTDumper.dump(parsed.file, source: source)
    do {
        _ = try Rules(source: source)
    } catch {
        _ = DiagnosticRenderer().render(error.diagnostics)
    }
    return 0
}
