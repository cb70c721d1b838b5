import Foundation
import Testing

/// The library's public surface is the deliberate list in the DocC
/// catalogue (`Sources/MapLang/MapLang.docc/PublicAPI.md`): the symbols the
/// compiled module makes public, read with `swift-symbolgraph-extract`, are
/// exactly the ones listed, so the surface cannot grow or shrink unnoticed.
/// `MAPLANG_UPDATE=1 swift test` rewrites the list, and still fails, so the
/// change is reviewed.
@Suite(.enabled(if: PublicAPI.extractor != nil, "swift-symbolgraph-extract is not beside swiftc on PATH"))
struct PublicAPITests {
    @Test func thePublicSymbolsAreTheListedOnes() throws {
        let actual = try PublicAPI.symbols()
        let listed = (try? PublicAPI.listed()) ?? []
        if ProcessInfo.processInfo.environment["MAPLANG_UPDATE"] == "1" {
            try PublicAPI.write(actual)
            Issue.record("MAPLANG_UPDATE=1: rewrote PublicAPI.md; review the diff and run again")
        }
        #expect(actual.count > 100, "the symbol graph was read")
        let added = actual.filter { !listed.contains($0) }
        let removed = listed.filter { !actual.contains($0) }
        #expect(added.isEmpty, "public but not listed in PublicAPI.md:\n\(added.joined(separator: "\n"))")
        #expect(removed.isEmpty, "listed in PublicAPI.md but not public:\n\(removed.joined(separator: "\n"))")
    }
}

/// Reads the public symbols of the built `MapLang` module and the list that documents them.
enum PublicAPI {
    /// The list, in the DocC catalogue.
    static let listPath = TestFiles.packageRoot + "/Sources/MapLang/MapLang.docc/PublicAPI.md"

    /// `swift-symbolgraph-extract`, beside `swiftc` on `PATH`.
    static let extractor: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/swift-symbolgraph-extract" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The build folder the tests were built in, which holds `Modules/MapLang.swiftmodule`.
    static var buildFolder: String? {
        guard let binary = CLIBinary.path else { return nil }
        return (binary as NSString).deletingLastPathComponent
    }

    /// One line per public symbol: its kind, its path, its declaration.
    static func symbols() throws -> [String] {
        let extractor = try #require(extractor)
        let build = try #require(buildFolder, "no build folder beside the tests")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("maplang-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: extractor)
        process.arguments = [
            "-module-name", "MapLang", "-I", build + "/Modules",
            "-Xcc", "-fmodule-map-file=\(build)/CThreads.build/module.modulemap",
            "-Xcc", "-I", "-Xcc", TestFiles.packageRoot + "/Sources/CThreads/include",
            "-minimum-access-level", "public", "-output-dir", output.path,
        ] + targetArguments
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "swift-symbolgraph-extract failed")
        let data = try Data(contentsOf: output.appendingPathComponent("MapLang.symbols.json"))
        let graph = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let symbols = try #require(graph["symbols"] as? [[String: Any]])
        let lines = symbols.compactMap { symbol -> String? in
            guard symbol["accessLevel"] as? String == "public",
                let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String,
                let path = symbol["pathComponents"] as? [String]
            else { return nil }
            let fragments = (symbol["declarationFragments"] as? [[String: Any]] ?? []).compactMap { $0["spelling"] as? String }
            return kind.replacingOccurrences(of: "swift.", with: "") + " " + path.joined(separator: ".") + ": " + fragments.joined()
        }
        return Array(Set(lines)).sorted()
    }

    /// The target triple, on Linux, where the extractor needs it.
    private static var targetArguments: [String] {
        #if os(Linux)
        #if arch(x86_64)
        return ["-target", "x86_64-unknown-linux-gnu"]
        #else
        return ["-target", "aarch64-unknown-linux-gnu"]
        #endif
        #else
        return []
        #endif
    }

    /// The symbols the list holds: the lines of its code block; none when
    /// the list cannot be read, which the test then reports symbol by symbol.
    static func listed() throws -> [String] {
        let text = try TestFiles.text(listPath)
        guard let start = text.range(of: "```text\n"), let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex) else {
            return []
        }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    }

    /// Writes the list.
    static func write(_ symbols: [String]) throws {
        let text = """
            # Public API

            Every public symbol of the `MapLang` library, one per line: its kind,
            its path and its declaration. A test compares this list with the
            symbols the built module makes public, so the surface an app sees
            changes only on purpose. Everything else (the syntax tree, the
            parser and formatter, the JSON reader and writer, the regex engine,
            the pieces the command-line tool and the benchmark share) is
            `package`: visible to this package's own targets, not to apps.

            ```text
            \(symbols.joined(separator: "\n"))
            ```

            """
        try TestFiles.write(text, to: listPath)
    }
}
