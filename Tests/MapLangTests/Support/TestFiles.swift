#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds the package's files and the shared corpus from the test sources' own location.
enum TestFiles {
    /// The package's root directory.
    static let packageRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // TestFiles.swift, Support, MapLangTests, Tests
        return parts.joined(separator: "/")
    }()

    /// `../shared/corpus` beside the package, or `nil` when it is not there.
    static let corpus: String? = {
        let path = packageRoot + "/../shared/corpus"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }()

    /// The message tests print when they skip for want of the corpus.
    static let corpusMissing = "skipped: ../shared/corpus not found beside the package"

    /// Reads a file's bytes.
    static func read(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Reads a file as UTF-8 text.
    static func text(_ path: String) throws -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    /// The paths of the Swift files under a directory, at any depth, sorted.
    static func swiftFiles(under path: String) throws -> [String] {
        guard let entries = FileManager.default.subpaths(atPath: path) else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        return entries.filter { $0.hasSuffix(".swift") }.sorted().map { path + "/" + $0 }
    }

    /// The names of the entries of a directory, sorted.
    static func list(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Whether a file or directory exists.
    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// Writes text to a file, for `MAPLANG_UPDATE=1`.
    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
