// A stand-in for the part of Foundation the MapLang library uses, for
// `check.sh`: Linux has no Foundation built for Apple's systems. Each of
// these declarations is in Foundation on every system MapLang supports
// (they came with Swift 3), so this module carries no availability of its
// own; what `check.sh` checks is the standard library's, which is the real
// one. Bodies are never run.

/// Bytes in memory.
public struct Data: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, Hashable, Sendable, Codable {
    private var bytes: [UInt8]
    public init() { bytes = [] }
    public init<S: Sequence>(_ elements: S) where S.Element == UInt8 { bytes = Array(elements) }
    public var startIndex: Int { bytes.startIndex }
    public var endIndex: Int { bytes.endIndex }
    public subscript(position: Int) -> UInt8 {
        get { bytes[position] }
        set { bytes[position] = newValue }
    }
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == UInt8 {
        bytes.replaceSubrange(subrange, with: newElements)
    }
    public func withUnsafeBytes<ResultType>(_ body: (UnsafeRawBufferPointer) throws -> ResultType) rethrows -> ResultType {
        try bytes.withUnsafeBytes(body)
    }
}

/// A point in time.
public struct Date: Hashable, Comparable, Sendable, Codable {
    public var timeIntervalSince1970: Double
    public init(timeIntervalSince1970: Double) { self.timeIntervalSince1970 = timeIntervalSince1970 }
    public static func < (lhs: Date, rhs: Date) -> Bool { lhs.timeIntervalSince1970 < rhs.timeIntervalSince1970 }
}

/// A URL.
public struct URL: Hashable, Sendable, Codable {
    public var absoluteString: String
    public var isFileURL: Bool { absoluteString.hasPrefix("file:") }
    public var path: String { absoluteString }
    public init?(string: String) { absoluteString = string }
}

/// An exact decimal number.
public struct Decimal: Hashable, Sendable, Codable, CustomStringConvertible {
    public var description: String
    public init?(string: String) { description = string }
    public init(_ value: Int) { description = String(value) }
    public init(_ value: Int64) { description = String(value) }
}
