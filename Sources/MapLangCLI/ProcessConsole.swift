#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapLang

/// The process's real files and streams.
public struct ProcessConsole: Console {
    /// Creates the console.
    public init() {}

    public func openInput(_ path: String) throws(ConsoleError) -> any InputSource {
        if path == "-" { return DescriptorInput(descriptor: STDIN_FILENO, name: "standard input", owned: false) }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw ConsoleError(message: "cannot read `\(path)`: \(systemReason())") }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw ConsoleError(message: "cannot read `\(path)`: it is a directory")
        }
        return DescriptorInput(descriptor: descriptor, name: "`\(path)`", owned: true)
    }

    public func openOutput(_ path: String?) throws(ConsoleError) -> any OutputSink {
        guard let path else { return StandardOutput() }
        // The file standard error appends to (`-o f 2>>f`): replacing it would lose the errors written there.
        if let errors = standardErrorIdentity, identity(of: path) == errors {
            throw ConsoleError(
                message: "cannot write `\(VisibleText.escaped(path))`: it is the file standard error writes to, "
                    + "and replacing it would lose the errors written there; send standard error elsewhere")
        }
        return try OutputFile.open(path)
    }

    public func writeError(_ text: String) {
        try? writeAll(Array(text.utf8), to: STDERR_FILENO, name: "standard error")
    }

    public var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    public var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// A regular file's device and inode, through every link, whatever the
    /// spelling of its name; for a name with nothing there yet, its folder's
    /// and the name; `nil` for devices, pipes and what cannot be looked up.
    public var standardOutputIdentity: FileIdentity? {
        var info = stat()
        guard fstat(STDOUT_FILENO, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileIdentity(info)
    }

    public var standardErrorIdentity: FileIdentity? {
        var info = stat()
        guard fstat(STDERR_FILENO, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileIdentity(info)
    }

    public func identity(of path: String) -> FileIdentity? {
        var info = stat()
        if path == "-" {
            guard fstat(STDIN_FILENO, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            return FileIdentity(info)
        }
        if stat(path, &info) == 0 {
            return info.st_mode & S_IFMT == S_IFREG ? FileIdentity(info) : nil
        }
        guard errno == ENOENT, let destination = try? OutputFile.linkTarget(path) else { return nil }
        let folder = OutputFile.directory(of: destination)
        guard stat(folder.isEmpty ? "." : folder, &info) == 0 else { return nil }
        var identity = FileIdentity(info)
        identity.name = String(destination.dropFirst(folder.count))
        #if canImport(Darwin)
        // On a disk that ignores case (macOS's default), `Out.json` and
        // `out.json` are one new file. Strings already compare composed and
        // decomposed forms as equal, as such a disk does.
        if pathconf(folder.isEmpty ? "." : folder, _PC_CASE_SENSITIVE) == 0 { identity.name = identity.name?.lowercased() }
        #endif
        return identity
    }
}

extension FileIdentity {
    /// The identity of what `info` describes.
    init(_ info: stat) {
        self.init(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
    }
}

/// Reads a file descriptor in chunks.
final class DescriptorInput: InputSource {
    /// The descriptor.
    private let descriptor: Int32
    /// How messages name it.
    private let name: String
    /// Whether to close it when done.
    private let owned: Bool

    init(descriptor: Int32, name: String, owned: Bool) {
        self.descriptor = descriptor
        self.name = name
        self.owned = owned
    }

    deinit {
        if owned { close(descriptor) }
    }

    /// The file mapped, once asked for: every caller gets the one mapping,
    /// so the pages one has read in (as `EarlyInput` does) are there for
    /// the next.
    private lazy var mapping = MappedInput(descriptor: descriptor)

    func mapped() -> MappedInput? { mapping }

    func read(upTo limit: Int) throws(ConsoleError) -> [UInt8] {
        while true {
            // The buffer is not cleared first: only what `read` fills is
            // kept, and a short read touches no more pages than it fills.
            var count = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: limit) { buffer, initialized in
                count = readDescriptor(descriptor, UnsafeMutableRawBufferPointer(buffer))
                initialized = max(0, count)
            }
            if count >= 0 { return chunk }
            if errno != EINTR { throw ConsoleError(message: "cannot read \(name): \(systemReason())") }
        }
    }
}

/// Standard output, written as it comes.
final class StandardOutput: OutputSink {
    func write(_ bytes: [UInt8]) throws(ConsoleError) {
        try writeAll(bytes, to: STDOUT_FILENO, name: "standard output")
    }

    func commit() throws(ConsoleError) {}

    func abandon() {}
}

/// Writes every byte to a descriptor, retrying short writes.
func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String) throws(ConsoleError) {
    var offset = 0
    while offset < bytes.count {
        let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
        if count < 0 {
            if errno == EINTR { continue }
            throw ConsoleError(message: "cannot write \(name): \(systemReason())")
        }
        offset += count
    }
}

/// Reads into a buffer with `read(2)`.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}

/// The text of `errno`.
func systemReason() -> String {
    String(cString: strerror(errno))
}
