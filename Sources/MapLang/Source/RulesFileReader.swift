#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a rules file by path for `Rules(contentsOf:)`: only a regular file
/// (a symbolic link is followed), and no more than a limit, so a device, a
/// pipe or a file that keeps growing is an error, not a hang.
enum RulesFileReader {
    /// The file's bytes, or why it cannot be read, lowercase: `no such file
    /// or directory`, `it is not a regular file`, `it holds more than 16 MiB`.
    static func contents(of path: String, limit: Int) -> Result<[UInt8], RulesFileProblem> {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        // Opened without waiting, so a pipe with no writer does not block,
        // then judged by what was opened, so nothing can be swapped in between.
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { return .failure(.system(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard withUnsafeMutablePointer(to: &info, { fstat(descriptor, $0) }) == 0 else { return .failure(.system(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return .success(bytes) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(errno))
            }
            bytes += chunk[..<count]
            if bytes.count > limit { return .failure(.tooLarge(limit: limit)) }
        }
        #else
        // Where there is no POSIX file interface, the type is checked by
        // path and the file read whole; a file swapped for a pipe between
        // the two is read as the system reads it.
        let manager = FileManager.default
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        guard let attributes = try? manager.attributesOfItem(atPath: resolved.path) else {
            return .failure(.missing)
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { return .failure(.notRegular) }
        guard let data = try? Data(contentsOf: resolved) else { return .failure(.missing) }
        guard data.count <= limit else { return .failure(.tooLarge(limit: limit)) }
        return .success([UInt8](data))
        #endif
    }
}

/// Why a rules file could not be read.
enum RulesFileProblem: Error, Equatable {
    /// The system refused, with this `errno`.
    case system(Int32)
    /// There is no file at the path, where the system gives no reason.
    case missing
    /// The path names a directory, a device, a pipe or a socket.
    case notRegular
    /// The file holds more bytes than the limit.
    case tooLarge(limit: Int)

    /// The reason, lowercase: `no such file or directory`.
    var reason: String {
        switch self {
        case .system(let code):
            // In words of its own, the same on every system.
            #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
            switch code {
            case ENOENT: return "no such file or directory"
            case EACCES, EPERM: return "permission denied"
            case ENOTDIR: return "a folder on its path is a file"
            case ELOOP: return "too many levels of symbolic links"
            case ENAMETOOLONG: return "the path is too long"
            case EMFILE, ENFILE: return "too many files are open"
            case EIO: return "the device could not be read"
            default: return "the system refused it (error \(code))"
            }
            #else
            return "the system refused it (error \(code))"
            #endif
        case .missing: return "no such file or directory"
        case .notRegular: return "it is not a regular file"
        case .tooLarge(let limit): return "it holds more than \(limit >> 20) MiB"
        }
    }
}
