#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal switched to raw mode, and the settings to put back.
///
/// Raw mode hands every key to the program as it is pressed, without echo and
/// without turning Ctrl-C into a signal, so the line editor can act on it.
/// The REPL is in raw mode only while a line is being edited: it restores the
/// terminal before it runs what was typed, so nothing it prints, and no
/// crash, can leave the terminal raw. Should a signal end the process while a
/// line is being edited, a handler restores the terminal first.
struct TerminalMode {
    /// The terminal's descriptor.
    let descriptor: Int32
    /// The settings before raw mode.
    private let original: termios

    /// Switches a terminal to raw mode.
    ///
    /// Input is read a byte at a time with no echo, no line buffering, no
    /// signals from Ctrl-C or Ctrl-Z and no flow control; output keeps its
    /// processing, so `\n` still starts a new line.
    ///
    /// - Parameter descriptor: The terminal.
    /// - Returns: The mode to restore, or `nil` when the descriptor is not a terminal.
    static func enterRaw(_ descriptor: Int32) -> TerminalMode? {
        var original = termios()
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &original) == 0 else { return nil }
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        RestoreOnSignal.arm(descriptor: descriptor, settings: original)
        // TCSANOW, not TCSAFLUSH: keys typed or pasted ahead must not be lost.
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else {
            RestoreOnSignal.disarm()
            return nil
        }
        return TerminalMode(descriptor: descriptor, original: original)
    }

    /// Puts the terminal's settings back as they were.
    func restore() {
        var settings = original
        _ = tcsetattr(descriptor, TCSANOW, &settings)
        RestoreOnSignal.disarm()
    }

    /// The terminal's width in columns, 80 when it does not say.
    static func columns(_ descriptor: Int32) -> Int {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}

/// Restores the terminal when SIGTERM, SIGHUP or SIGQUIT arrive during raw
/// mode, then lets the signal do what it would have done.
private enum RestoreOnSignal {
    /// The terminal and its settings, kept where a signal handler can read
    /// them without allocating; `armed` says whether they are current.
    ///
    /// The settings live in memory of their own, allocated when raw mode is
    /// first entered: a global of an imported C structure gets Swift's size
    /// for it, which can be less than the C size a copy writes
    /// (AddressSanitizer found `termios`, 60 bytes in C, overrun so).
    nonisolated(unsafe) private static let saved: UnsafeMutablePointer<termios> = {
        let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        settings.initialize(to: termios())
        return settings
    }()
    /// The terminal's descriptor.
    nonisolated(unsafe) private static var descriptor: Int32 = -1
    /// Whether raw mode is on.
    nonisolated(unsafe) private static var armed: sig_atomic_t = 0
    /// Whether the handlers are installed.
    nonisolated(unsafe) private static var installed = false

    /// The signals handled.
    private static let signals = [SIGTERM, SIGHUP, SIGQUIT]

    /// Records the settings to restore and installs the handlers once.
    static func arm(descriptor: Int32, settings: termios) {
        saved.pointee = settings
        Self.descriptor = descriptor
        armed = 1
        guard !installed else { return }
        installed = true
        for signalNumber in signals {
            signal(signalNumber) { received in
                if RestoreOnSignal.armed != 0 {
                    _ = tcsetattr(RestoreOnSignal.descriptor, TCSANOW, RestoreOnSignal.saved)
                }
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Notes that the terminal is back to normal.
    static func disarm() {
        armed = 0
    }
}
