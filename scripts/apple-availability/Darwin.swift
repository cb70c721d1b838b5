// A stand-in for the part of Darwin (the C library of Apple's systems) the
// MapLang library uses, for `check.sh`: Linux has no Darwin module. With it
// `canImport(Darwin)` is true, as on Apple's systems, so the code behind
// that condition is the code checked. The declarations have the C
// library's shapes on Apple's systems; bodies are never run.

public typealias mode_t = UInt16
public typealias off_t = Int64

/// File status, as `fstat` fills it.
public struct stat {
    public var st_mode: mode_t = 0
    public var st_size: off_t = 0
    public init() {}
}

public let O_RDONLY: Int32 = 0
public let O_NONBLOCK: Int32 = 0x4
public let O_CLOEXEC: Int32 = 0x100_0000
public let S_IFMT: mode_t = 0o170000
public let S_IFREG: mode_t = 0o100000
public let EPERM: Int32 = 1
public let ENOENT: Int32 = 2
public let EINTR: Int32 = 4
public let EIO: Int32 = 5
public let EACCES: Int32 = 13
public let ENOTDIR: Int32 = 20
public let ENFILE: Int32 = 23
public let EMFILE: Int32 = 24
public let ELOOP: Int32 = 62
public let ENAMETOOLONG: Int32 = 63
public var errno: Int32 {
    get { 0 }
    set {}
}

public func open(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 { -1 }
@discardableResult public func close(_ descriptor: Int32) -> Int32 { 0 }
public func fstat(_ descriptor: Int32, _ status: UnsafeMutablePointer<stat>) -> Int32 { -1 }
public func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { 0 }
