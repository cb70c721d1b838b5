import Foundation

extension Benchmark {
    /// A new folder of the benchmark's own, `maplang-bench-` and six random
    /// characters in the system's temporary folder, made with `mkdtemp`:
    /// open to its owner alone, and no one else's file or link can stand
    /// at a path inside it, so the data the benchmark writes there replaces
    /// nothing. The caller removes it.
    static func temporaryFolder() throws -> String {
        let parent = NSTemporaryDirectory()
        let path = parent + (parent.hasSuffix("/") ? "" : "/") + "maplang-bench-XXXXXX"
        var template = Array(path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        guard let made else {
            throw BenchError("cannot make a temporary folder in \(parent): \(String(cString: strerror(errno)))")
        }
        return made
    }
}
