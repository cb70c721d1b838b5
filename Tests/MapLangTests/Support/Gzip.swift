import CZlib

/// gzip data made with the system's zlib, for the tests of compressed inputs.
enum Gzip {
    /// `bytes` compressed as one gzip member.
    static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        // 15 window bits, plus 16: a gzip header and trailer.
        let started = deflateInit2_(
            &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
            Int32(MemoryLayout<z_stream>.size))
        precondition(started == Z_OK, "zlib could not start")
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 64)
        let written = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                let status = deflate(&stream, Z_FINISH)
                precondition(status == Z_STREAM_END, "zlib did not finish")
                return target.count - Int(stream.avail_out)
            }
        }
        return Array(output[..<written])
    }
}
