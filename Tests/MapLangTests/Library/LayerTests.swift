#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

/// The library's folders are layers, and each may use only the types of the
/// layers it is allowed to: Syntax → Semantics → Plan → Runtime, one way.
///
/// - `Source`: source files and spans.
/// - `Values`: what flows through mapping (JSON, mapped values, paths,
///   dates, patterns, mapping errors), used by every layer above it.
/// - `Diagnostics`: diagnostics and their rendering.
/// - `Syntax`: tokens, the parser and the syntax tree.
/// - `Plan`: the compiled plan, built-in transformers, the direct path's tables.
/// - `Semantics`: the checker, which reads syntax and builds a plan.
/// - `Runtime`: the engines, which run a plan and never see syntax or the checker.
/// - `Printing`: the formatter and tree dumper, from syntax.
/// - The top level, `Decoding`, `Encoding`, `Streaming`, `Generation`
///   (code generated from checked rules) and `Testing` (rules files' tests
///   run and compared): the library's entry points, which may use everything.
///
/// A type is found by its name, written in code (comments and string
/// literals are left out), and belongs to the one layer that declares it;
/// names declared in more than one layer (nested `Iterator`s) are not judged,
/// and neither are members that a layer adds by extension to a type of a
/// layer below, whose names the standard library's may share.
struct LayerTests {
    static let root = TestFiles.packageRoot + "/Sources/MapLang"

    /// The layers each layer may use, itself included.
    static let allowed: [String: Set<String>] = [
        "Source": ["Source"],
        "Values": ["Source", "Values"],
        "Diagnostics": ["Source", "Values", "Diagnostics"],
        "Syntax": ["Source", "Values", "Diagnostics", "Syntax"],
        "Plan": ["Source", "Values", "Diagnostics", "Plan"],
        "Semantics": ["Source", "Values", "Diagnostics", "Syntax", "Plan", "Semantics"],
        "Runtime": ["Source", "Values", "Diagnostics", "Plan", "Runtime"],
        "Printing": ["Source", "Values", "Diagnostics", "Syntax", "Printing"],
    ]

    /// The folders that are the library's entry points rather than a layer.
    static let entryPoints: Set<String> = ["Decoding", "Encoding", "Streaming", "Generation", "Testing"]

    /// The layer of a file, by its path under `Sources/MapLang`; `nil` for an entry point.
    static func layer(of path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count > 1, !entryPoints.contains(String(parts[0])) else { return nil }
        return String(parts[0])
    }

    /// Every Swift file of the library, by path under `Sources/MapLang`, with
    /// its code: comments and the contents of string literals removed.
    static func files() throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: root))
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            files[path] = SwiftCode.withoutCommentsAndStrings(try TestFiles.text(root + "/" + path))
        }
        return files
    }

    @Test func everyFolderIsALayerOrAnEntryPoint() throws {
        let folders = Set(try Self.files().keys.compactMap { path in path.contains("/") ? path.split(separator: "/")[0] : nil }.map(String.init))
        #expect(folders == Set(Self.allowed.keys).union(Self.entryPoints))
    }

    @Test func eachLayerUsesOnlyTheLayersBelowIt() throws {
        let files = try Self.files()
        var declaredIn: [String: Set<String>] = [:]
        // ASCII word boundaries: Unicode's put none inside `CoercionAudit.allow`, so the name would go unseen.
        let declaration = #/\b(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z][A-Za-z0-9_]*)/#.wordBoundaryKind(.simple)
        for (path, code) in files {
            for match in code.matches(of: declaration) {
                declaredIn[String(match.output.1), default: []].insert(Self.layer(of: path) ?? "entry points")
            }
        }
        var violations: [String] = []
        for (path, code) in files.sorted(by: { $0.key < $1.key }) {
            guard let layer = Self.layer(of: path), let allowed = Self.allowed[layer] else { continue }
            let names = Set(code.matches(of: #/\b[A-Z][A-Za-z0-9_]*\b/#.wordBoundaryKind(.simple)).map { String($0.output) })
            for name in names.sorted() {
                guard let layers = declaredIn[name], layers.count == 1, let owner = layers.first else { continue }
                if !allowed.contains(owner) { violations.append("\(path) (\(layer)) uses \(name) (\(owner))") }
            }
        }
        #expect(violations == [])
    }

    /// The check sees through comments and strings, and would catch a use.
    @Test func theCheckSeesCodeOnly() {
        let code = SwiftCode.withoutCommentsAndStrings(
            """
            // Checker in a comment
            let a = "Checker in a string \\(x) \\" still"
            /* Checker in a block */ let b = Interpreter()
            let c = \"""
                Checker in a multi-line string
                \"""
            let d = #"Checker in a "raw" string"# + Interpreter.name
            let e = ##"Checker "# still"##
            """)
        #expect(!code.contains("Checker"))
        #expect(code.contains("Interpreter()"))
        #expect(code.contains("let c ="))
        #expect(code.contains("+ Interpreter.name"))
        #expect(code.contains("let e ="))
    }
}

/// Swift source reduced to its code, for finding the names it uses.
enum SwiftCode {
    /// The text with comments removed and string literals emptied;
    /// interpolations are dropped with the literal, which only loses names.
    static func withoutCommentsAndStrings(_ text: String) -> String {
        var output = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func starts(_ prefix: String) -> Bool {
            let prefix = Array(prefix.unicodeScalars)
            return index + prefix.count <= scalars.count && Array(scalars[index..<index + prefix.count]) == prefix
        }
        while index < scalars.count {
            if starts("//") {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else if starts("/*") {
                index += 2
                while index < scalars.count, !starts("*/") { index += 1 }
                index += 2
            } else if scalars[index] == "#" || scalars[index] == "\"" {
                // A string: `#` marks of a raw string, one or three quotes,
                // then up to the same quotes and marks; in a raw string a
                // backslash escapes nothing.
                var hashes = 0
                while index + hashes < scalars.count, scalars[index + hashes] == "#" { hashes += 1 }
                guard index + hashes < scalars.count, scalars[index + hashes] == "\"" else {
                    output.unicodeScalars.append(scalars[index])
                    index += 1
                    continue
                }
                index += hashes
                let quotes = starts("\"\"\"") ? "\"\"\"" : "\""
                index += quotes.unicodeScalars.count
                let end = quotes + String(repeating: "#", count: hashes)
                while index < scalars.count, !starts(end) {
                    if quotes == "\"", scalars[index] == "\n" { break }
                    index += hashes == 0 && scalars[index] == "\\" ? 2 : 1
                }
                index += end.unicodeScalars.count
                output += "\"\""
            } else {
                output.unicodeScalars.append(scalars[index])
                index += 1
            }
        }
        return output
    }
}
