import Foundation
@testable import MapLangBench
import Testing

/// The benchmark tells a dynamically linked `maplang` from the static build
/// that ships by the loader its ELF program headers name.
struct ExecutableLinkingTests {
    /// An ELF file's first 64 bytes and its program headers of the given
    /// types, each 56 bytes, the table starting at byte 64.
    static func elf(programTypes: [UInt32]) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 64)
        bytes.replaceSubrange(0..<6, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1])
        bytes[0x20] = 64
        bytes[0x36] = 56
        bytes[0x38] = UInt8(programTypes.count)
        for type in programTypes {
            var entry = [UInt8](repeating: 0, count: 56)
            withUnsafeBytes(of: type.littleEndian) { entry.replaceSubrange(0..<4, with: $0) }
            bytes += entry
        }
        return bytes
    }

    static func linking(of bytes: [UInt8]) throws -> ExecutableLinking? {
        let folder = try Benchmark.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/program"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return ExecutableLinking(path: path)
    }

    @Test func aLoaderAmongTheProgramHeadersMeansDynamic() throws {
        // PHDR, INTERP, LOAD, DYNAMIC: as a dynamically linked program has them.
        #expect(try Self.linking(of: Self.elf(programTypes: [6, 3, 1, 2])) == .dynamic)
        // PHDR, LOAD, LOAD, TLS: no loader.
        #expect(try Self.linking(of: Self.elf(programTypes: [6, 1, 1, 7])) == .static)
    }

    @Test func whatIsNotAWholeELFFileIsNeither() throws {
        #expect(try Self.linking(of: Array("#!/bin/sh\necho not a program, but long enough to hold a header of 64 bytes\n".utf8)) == nil)
        // Big-endian, and a table that runs past the file's end.
        var bigEndian = Self.elf(programTypes: [3])
        bigEndian[5] = 2
        #expect(try Self.linking(of: bigEndian) == nil)
        #expect(try Self.linking(of: Array(Self.elf(programTypes: [6, 3]).dropLast(8))) == nil)
        #expect(ExecutableLinking(path: "/no/such/maplang") == nil)
    }

    #if os(Linux)
    /// The test runner is built by SwiftPM as any Linux program is: dynamically.
    @Test func thisProcessIsLinkedDynamically() {
        #expect(ExecutableLinking(path: "/proc/self/exe") == .dynamic)
    }
    #endif
}
