// A stand-in for the part of Dispatch the MapLang library uses, for
// `check.sh`: Linux has no Dispatch built for Apple's systems. It has been
// on every Apple system Swift runs on, so it carries no availability of its
// own. Bodies are never run.

/// A counting semaphore.
public final class DispatchSemaphore: @unchecked Sendable {
    public init(value: Int) {}
    public func wait() {}
    @discardableResult public func signal() -> Int { 0 }
}
