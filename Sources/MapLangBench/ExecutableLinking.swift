import Foundation

/// How an executable is linked, read from its ELF program headers: the
/// process rows time `maplang` from its start, and on Linux a dynamically
/// linked build spends milliseconds in the loader that the static build
/// `scripts/build-release.sh` makes, and installs, does not.
enum ExecutableLinking: Equatable {
    /// The program names a loader (`PT_INTERP`): shared libraries are loaded as it starts.
    case dynamic
    /// No loader: everything it runs is in the file.
    case `static`

    /// How the file at `path` is linked; `nil` when it is not a 64-bit
    /// little-endian ELF file whose program headers can be read, such as a
    /// Mach-O executable on macOS, where every program is linked dynamically.
    init?(path: String) {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        // The header: magic, 64-bit, little-endian; program headers' offset, entry size and count.
        guard let header = try? file.read(upToCount: 64), header.count == 64,
            Array(header.prefix(6)) == [0x7F, 0x45, 0x4C, 0x46, 2, 1]
        else { return nil }
        func integer(_ bytes: Data, at offset: Int, size: Int) -> Int {
            (0..<size).reduce(0) { value, index in value | Int(bytes[bytes.startIndex + offset + index]) << (8 * index) }
        }
        let offset = integer(header, at: 0x20, size: 8)
        let entrySize = integer(header, at: 0x36, size: 2)
        let count = integer(header, at: 0x38, size: 2)
        guard entrySize >= 4, count > 0, count < 0xFFFF, (try? file.seek(toOffset: UInt64(offset))) != nil,
            let table = try? file.read(upToCount: entrySize * count), table.count == entrySize * count
        else { return nil }
        let interpreter = 3
        let named = (0..<count).contains { integer(table, at: $0 * entrySize, size: 4) == interpreter }
        self = named ? .dynamic : .static
    }
}
