import Foundation

extension Benchmark {
    /// How many lines the rules file `maplang lsp` re-checks has.
    static let languageServerLines = 2_000
    /// How many changes are timed.
    static let languageServerChanges = 20

    /// `maplang lsp` as an editor drives it: a 2,000-line rules file opened,
    /// then one-character changes, each timed from sending it to receiving
    /// its diagnostics; the median, against the 50 ms an editor may take.
    package func languageServerRow(_ executable: String) throws -> BenchRow {
        log("maplang lsp: re-checking a \(Self.languageServerLines)-line file")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["lsp"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        var reader = FrameReader(handle: output.fileHandleForReading)
        func send(_ message: String) {
            let body = Data(message.utf8)
            input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }
        let text = Self.languageServerRules()
        send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        _ = try reader.next()
        send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        let quoted = String(decoding: try JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]), as: UTF8.self)
        send(
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///bench.map","languageId":"maplang","version":1,"text":"#
                + quoted.dropFirst().dropLast() + "}}}")
        _ = try reader.next()
        var times: [Double] = []
        for version in 2..<(2 + Self.languageServerChanges) {
            // Type a character into the last field's name, then take it out again.
            let character = version % 2 == 0 ? "x" : ""
            let range = version % 2 == 0 ? #"{"start":{"line":3,"character":3},"end":{"line":3,"character":3}}"# : #"{"start":{"line":3,"character":3},"end":{"line":3,"character":4}}"#
            let start = DispatchTime.now().uptimeNanoseconds
            send(
                #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///bench.map","version":\#(version)},"contentChanges":[{"range":\#(range),"text":"\#(character)"}]}}"#)
            let published = try reader.next()
            guard published.contains("publishDiagnostics") else { throw BenchError("maplang lsp answered a change with \(published.prefix(200))") }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        _ = try reader.next()
        send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let median = Measurement.median(times)
        return BenchRow(
            job: String(format: "maplang lsp: a change to a %d-line file re-checked, median of %d: %.1f ms (goal 50 ms)", Self.languageServerLines, times.count, median * 1000),
            bytes: text.utf8.count, seconds: median, ratio: nil, peakBytes: nil)
    }

    /// Rules of about `languageServerLines` lines: models of ten fields each.
    private static func languageServerRules() -> String {
        var lines: [String] = []
        var model = 0
        while lines.count < languageServerLines - 12 {
            lines.append("model M\(model) {")
            for field in 0..<10 { lines.append("  f\(field): String from k\(field) using trim where nonEmpty") }
            lines.append("}")
            model += 1
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Reads `Content-Length` frames from a pipe.
private struct FrameReader {
    let handle: FileHandle
    var buffer = Data()

    /// The next message's body as text.
    mutating func next() throws -> String {
        while true {
            if let end = buffer.range(of: Data("\r\n\r\n".utf8)) {
                let header = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
                guard let length = header.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
                    throw BenchError("maplang lsp wrote a header without a length: \(header)")
                }
                if buffer.count - (end.upperBound - buffer.startIndex) >= length {
                    let body = buffer[end.upperBound..<end.upperBound + length]
                    buffer = Data(buffer[(end.upperBound + length)...])
                    return String(decoding: body, as: UTF8.self)
                }
            }
            let chunk = handle.availableData
            if chunk.isEmpty { throw BenchError("maplang lsp ended its output") }
            buffer += chunk
        }
    }
}
