import Foundation

extension Benchmark {
    /// A new folder of the benchmark's own in the system's temporary folder,
    /// made with `mkdtemp`: no one else's file or link can stand at a path
    /// inside it, so the data the benchmark writes there replaces nothing.
    /// The caller removes it.
    static func temporaryFolder() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/maplang-bench-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw BenchError("cannot make a temporary folder")
        }
        return String(cString: made)
    }
}
