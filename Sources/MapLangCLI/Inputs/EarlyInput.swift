import MapLang

/// The first input of a run on more than one thread, opened before the
/// rules are compiled, its first pages read in on another core meanwhile.
///
/// Compiling the rules takes the first few milliseconds of every run, on
/// one thread. Mapping a file's pages into memory costs about as long for
/// 20 MB, paid by whichever thread first reads each page. With `--jobs`,
/// a helper thread reads them in while the rules compile, so the threads
/// that map the records find them there. It stops when the run takes the
/// input, as the rules are compiled: on two cores, a helper still reading
/// in holds the core the second mapping thread is started on, which waits
/// behind it. It reads no further than `MappedInput.releaseSpan`, where
/// pages are first given back, so memory stays as bounded as without.
///
/// Only a regular file is opened early: opening a named pipe would wait
/// for a writer, and reading one would take its bytes. An error opening
/// the file is kept and thrown when the run opens the input, so a run's
/// errors come in the same order as without.
final class EarlyInput {
    /// The input opened, or why it could not be; `nil` once taken.
    private var opened: Result<any InputSource, ConsoleError>?

    /// Opens `path` and starts reading in its first pages; `nil` for
    /// standard input and anything but a regular file.
    init?(path: String, console: any Console) {
        guard path != "-", console.kind(of: path) == .regular else { return nil }
        do {
            let input = try console.openRunInput(path)
            opened = .success(input)
            if let mapped = input.mapped() { Self.readIn(mapped) }
        } catch {
            opened = .failure(error)
        }
    }

    /// The input opened early, the first time; afterwards, `open` opens it
    /// again.
    func take(orOpen open: () throws(ConsoleError) -> any InputSource) throws(ConsoleError) -> any InputSource {
        guard let result = opened else { return try open() }
        opened = nil
        let input = try result.get()
        // The run's threads read the pages from here on: on two cores, the
        // helper still reading in would hold the core the second one needs.
        input.mapped()?.stopReadingIn()
        return input
    }

    /// Reads in the first pages of `mapped` on a helper thread, which keeps
    /// the mapping until it is done.
    private static func readIn(_ mapped: MappedInput) {
        // The helper keeps the mapping alive; of its state, it writes only
        // what `readIn(first:)` says, and stops once pages are given back.
        nonisolated(unsafe) let mapped = mapped
        _ = HelperThread.run { mapped.readIn(first: MappedInput.releaseSpan) }
    }
}
