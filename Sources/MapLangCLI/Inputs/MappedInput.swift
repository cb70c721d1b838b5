#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapLang

/// A regular file mapped read-only into memory.
///
/// Mapping a file costs no copy, and `release(before:)` hands the pages
/// already read back to the system, so reading a large file from start to
/// end keeps memory bounded by what is being read, not the file.
public final class MappedInput {
    /// The file's bytes.
    public let buffer: UnsafeBufferPointer<UInt8>
    /// Where pages have been given back up to.
    private var released = 0
    /// Whether `readIn(first:)` is to stop: once any pages have been
    /// given back, or it has been told to (`stopReadingIn()`).
    private let readingInStops = Lock(false)

    /// Maps an open file descriptor's whole file; `nil` when it is not a
    /// regular, non-empty file that can be mapped.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return nil }
        let length = Int(info.st_size)
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            return nil
        }
        buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: length)
        _ = madvise(address, length, MADV_SEQUENTIAL)
    }

    /// The size of a memory page.
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// How far reading goes past the last release before
    /// `release(before:)` gives pages back.
    static let releaseSpan = 16 << 20

    /// Gives back the whole pages before `offset` once `releaseSpan` bytes
    /// have been read past the last release; they are read again from the
    /// file if needed.
    public func release(before offset: Int) {
        let end = offset / Self.pageSize * Self.pageSize
        guard end - released >= Self.releaseSpan, let base = buffer.baseAddress else { return }
        // Under the lock `readIn(first:)` reads under, so that it reads no page after it is given back.
        readingInStops.withLock { stopped in
            stopped = true
            _ = madvise(UnsafeMutableRawPointer(mutating: base + released), end - released, MADV_DONTNEED)
        }
        released = end
    }

    /// The bytes `readIn(first:)` read, combined and kept, so that the
    /// reads are made; written by that call alone, and never read.
    private var readInBytes: UInt8 = 0

    /// How many pages `readIn(first:)` reads in at a time, holding the lock
    /// `release(before:)` gives pages back under.
    private static let pagesReadInAtOnce = 16

    /// Stops `readIn(first:)` within a few pages, when the threads that map
    /// the input begin and the core it runs on is theirs.
    func stopReadingIn() {
        readingInStops.withLock { $0 = true }
    }

    /// Reads one byte of every page of the first `count` bytes, so the
    /// system maps those pages now, not when the mapping first reads them.
    ///
    /// Called on a helper thread while another may already be reading the
    /// file: it stops once told to, or once `release(before:)` has given
    /// pages back, reading under the lock that does so, so it never maps
    /// again a page that was given back and memory stays as bounded as
    /// without it.
    ///
    /// - Returns: How many pages it read.
    @discardableResult
    func readIn(first count: Int) -> Int {
        var combined: UInt8 = 0
        var pages = 0
        let end = min(count, buffer.count)
        let chunk = Self.pagesReadInAtOnce * Self.pageSize
        for start in stride(from: 0, to: end, by: chunk) {
            let going = readingInStops.withLock { stopped in
                guard !stopped else { return false }
                for offset in stride(from: start, to: min(start + chunk, end), by: Self.pageSize) {
                    combined ^= buffer[offset]
                    pages += 1
                }
                return true
            }
            guard going else { break }
        }
        readInBytes = combined
        return pages
    }

    deinit {
        if let base = buffer.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), buffer.count) }
    }
}
