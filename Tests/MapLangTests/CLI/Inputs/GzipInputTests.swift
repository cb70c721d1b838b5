import Testing

@testable import MapLang
@testable import MapLangCLI

/// Inputs compressed with gzip (`GzipInput`), found by their first bytes.
struct GzipInputTests {
    /// Reads a whole input the way a run does, a window at a time.
    static func readAll(_ input: any InputSource, window: Int = 1 << 16) throws(ConsoleError) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let chunk = try input.read(upTo: window)
            if chunk.isEmpty { return bytes }
            bytes += chunk
        }
    }

    /// The console's opening of `in.gz` holding `bytes`, read in chunks of `chunk`.
    static func open(_ bytes: [UInt8], chunk: Int = 1 << 16) throws(ConsoleError) -> any InputSource {
        try MemoryConsole(files: ["in.gz": bytes], chunkSize: chunk).openRunInput("in.gz")
    }

    /// Lines enough to span many of the reader's chunks, compressed or not.
    static let lines = Array((0..<60_000).map { #"{"id": \#($0), "name": "n\#($0 % 97)"}"# + "\n" }.joined().utf8)

    @Test func aCompressedInputReadsAsItsContents() throws {
        let compressed = Gzip.compress(Self.lines)
        #expect(compressed.count < Self.lines.count / 4)
        // Compressed bytes arriving one at a time, a few, or many at once.
        for chunk in [1, 7, 1 << 16] where chunk > 1 || compressed.count < 1 << 20 {
            #expect(try Self.readAll(Self.open(compressed, chunk: chunk), window: 4096) == Self.lines, "chunk \(chunk)")
        }
    }

    @Test func membersOneAfterAnotherReadAsOneStream() throws {
        let first = Array("{\"id\": 1}\n".utf8), second = Array("{\"id\": 2}\n".utf8)
        let both = Gzip.compress(first) + Gzip.compress(second)
        #expect(try Self.readAll(Self.open(both, chunk: 3)) == first + second)
        #expect(try Self.readAll(Self.open(both + Gzip.compress([]))) == first + second)
        // Bytes after the last member are placed in the file, past every member.
        #expect(throws: ConsoleError(message: "cannot read `in.gz`: bytes that are not gzip data follow the compressed data, at byte \(both.count) of the file")) {
            _ = try Self.readAll(Self.open(both + [0x00, 0x01], chunk: 4))
        }
    }

    @Test func anInputThatIsNotGzipIsReadAsItIs() throws {
        for text in ["", "[", "[1, 2]", "{\"id\": 1}\n"] {
            #expect(try Self.readAll(Self.open(Array(text.utf8), chunk: 1)) == Array(text.utf8))
        }
        // One magic byte alone is not gzip.
        #expect(try Self.readAll(Self.open([0x1F], chunk: 1)) == [0x1F])
    }

    /// Ways gzip data can be damaged, each with the start of its message.
    enum Damage: String, CaseIterable, Sendable {
        case cutShort = "cannot read `in.gz`: the gzip data ends in the middle of a member; the file is cut short"
        case trailingBytes = "cannot read `in.gz`: bytes that are not gzip data follow the compressed data, at byte"
        case corrupt = "cannot read `in.gz`: not valid gzip data ("
        case badChecksum = "cannot read `in.gz`: not valid gzip data (incorrect data check)"

        /// Damages one member.
        func apply(_ gzip: [UInt8]) -> [UInt8] {
            switch self {
            case .cutShort: Array(gzip.dropLast(9))
            case .trailingBytes: gzip + Array("junk".utf8)
            case .corrupt: Array(gzip[..<12]) + [0xFF, 0xFF, 0xFF, 0xFF] + Array(gzip[16...])
            case .badChecksum: Array(gzip.dropLast(8)) + [0, 0, 0, 0] + Array(gzip.suffix(4))
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func damagedDataIsAnErrorNotAnEnd(_ damage: Damage) throws {
        let input = try Self.open(damage.apply(Gzip.compress(Self.lines)), chunk: 1000)
        var thrown: ConsoleError?
        do {
            _ = try Self.readAll(input)
        } catch {
            thrown = error
        }
        #expect(thrown?.message.hasPrefix(damage.rawValue) == true, "\(damage): \(String(describing: thrown))")
        // Every later read gives the same error.
        #expect(throws: ConsoleError.self) { _ = try input.read(upTo: 10) }
    }

    @Test func runMapsCompressedDocumentsAndLines() {
        let files = [
            "o.map": Array("model O {\n  id: Int\n}\n".utf8), "a.gz": Gzip.compress(Array("[{\"id\": 1}, {\"id\": 2}]".utf8)),
            "b.gz": Gzip.compress(Array("{\"id\": 3}\n{\"id\": \"x\"}\n".utf8)),
        ]
        func run(_ arguments: [String]) -> (Int32, String) {
            let console = MemoryConsole(files: files, chunkSize: 5)
            return (CommandLineTool(console: console).run(arguments), console.outputText)
        }
        #expect(run(["run", "o.map", "a.gz"]) == (0, "[{\"id\":1},{\"id\":2}]\n"))
        let (status, output) = run(["run", "o.map", "b.gz", "--ndjson", "--inline-rejects"])
        #expect(status == 0)
        #expect(output.hasPrefix(#"{"id":3}"# + "\n" + #"{"$reject":{"file":"b.gz","line":2,"text":"{\"id\": \"x\"}","errors":[{"#))
        #expect(output.hasSuffix("}]}}\n"))
    }
}
