// MARK: - What a sample holds at each position, record by record

/// What a sample holds at one position (the records, a key of theirs, an
/// array's elements), gathered one value at a time and then let go: the
/// kinds of values, their counts and what the inference asks of them, but
/// never the values themselves, so a sample's summary is as large as its
/// shape, however many records share it.
final class ValueSummary {
    /// Whether objects found here look for a key naming their type: not
    /// inside a choice's group, whose objects are summarized once more for
    /// it, so each level of nesting costs its size a bounded number of
    /// times, never that number raised to the depth.
    let tracksChoices: Bool
    /// The values seen, `null` included.
    private(set) var count = 0
    /// The `null` values.
    private(set) var nulls = 0
    /// The `true` and `false` values.
    private(set) var booleans = 0
    /// The strings.
    private(set) var strings: StringSummary?
    /// The numbers.
    private(set) var numbers: NumberSummary?
    /// The arrays, and their elements.
    private(set) var arrays: ArraySummary?
    /// The objects.
    private(set) var objects: ObjectSummary?

    /// The values that are not `null`.
    var present: Int { count - nulls }

    /// An empty summary; `tracksChoices` lets the objects found here look
    /// for a key naming their type.
    init(tracksChoices: Bool = true) {
        self.tracksChoices = tracksChoices
    }

    /// Adds one value.
    func add(_ value: JSONValue) {
        count += 1
        switch value {
        case .null:
            nulls += 1
        case .bool:
            booleans += 1
        case .string(let text):
            if strings == nil { strings = StringSummary() }
            strings?.add(text)
        case .number(let number):
            if numbers == nil { numbers = NumberSummary() }
            numbers?.add(number)
        case .array(let elements):
            if arrays == nil { arrays = ArraySummary(tracksChoices: tracksChoices) }
            arrays?.add(elements)
        case .object(let object):
            if objects == nil { objects = ObjectSummary(tracksChoices: tracksChoices) }
            objects?.add(object)
        }
    }

    /// Adds what another summary saw, as if its values had been added
    /// here after these; the other is not used again.
    func merge(_ other: ValueSummary) {
        count += other.count
        nulls += other.nulls
        booleans += other.booleans
        if let theirs = other.strings {
            if strings == nil { strings = theirs } else { strings?.merge(theirs) }
        }
        if let theirs = other.numbers {
            if numbers == nil { numbers = theirs } else { numbers?.merge(theirs) }
        }
        if let theirs = other.arrays {
            if let arrays { arrays.merge(theirs) } else { arrays = theirs }
        }
        if let theirs = other.objects {
            if let objects { objects.merge(theirs) } else { objects = theirs }
        }
    }
}

/// The arrays found at one position.
final class ArraySummary {
    /// How many arrays.
    private(set) var count = 0
    /// Their elements, all together.
    let elements: ValueSummary

    /// An empty summary; `tracksChoices` as `ValueSummary` takes it.
    init(tracksChoices: Bool) {
        elements = ValueSummary(tracksChoices: tracksChoices)
    }

    /// Adds one array's elements.
    func add(_ values: [JSONValue]) {
        count += 1
        for value in values { elements.add(value) }
    }

    /// Adds what another summary of arrays saw.
    func merge(_ other: ArraySummary) {
        count += other.count
        elements.merge(other.elements)
    }
}

/// The strings found at one position: whether every one is a date or a
/// URL, and the distinct values while they are few enough for an enum.
struct StringSummary {
    /// How many strings.
    private(set) var count = 0
    /// Whether every one is an ISO-8601 date.
    private(set) var allDates = true
    /// Whether every one is an `http(s)` URL.
    private(set) var allURLs = true
    /// The distinct values in the order they first appear, while there are
    /// at most `RulesInference.enumMaximumCases`; `nil` past that.
    private(set) var distinct: [String]? = []
    /// `distinct` as a set.
    private var seen: Set<String> = []

    /// Adds one string.
    mutating func add(_ text: String) {
        count += 1
        if allDates, (try? ISO8601DateParser.parse(text)) == nil { allDates = false }
        if allURLs, !((text.hasPrefix("https://") || text.hasPrefix("http://")) && URLValidator.problem(with: text) == nil) {
            allURLs = false
        }
        guard distinct != nil, seen.insert(text).inserted else { return }
        distinct?.append(text)
        if (distinct?.count ?? 0) > RulesInference.enumMaximumCases {
            distinct = nil
            seen = []
        }
    }

    /// Adds what another summary of strings saw.
    mutating func merge(_ other: StringSummary) {
        count += other.count - (other.distinct?.count ?? 0)
        allDates = allDates && other.allDates
        allURLs = allURLs && other.allURLs
        guard let theirs = other.distinct else {
            distinct = nil
            seen = []
            return
        }
        // Each distinct value once more through `add`, which counts it and
        // keeps the list short; dates and URLs are already known.
        let (dates, urls) = (allDates, allURLs)
        for text in theirs { add(text) }
        (allDates, allURLs) = (dates, urls)
    }
}

/// The numbers found at one position: what type reads every one.
struct NumberSummary {
    /// How many numbers.
    private(set) var count = 0
    /// Whether every one is an integer in 64 bits.
    private(set) var allInt64 = true
    /// Whether one is an integer a `Double` would round (past 2^53) or past 64 bits.
    private(set) var needsExactDigits = false
    /// Whether every one fits in a `Double`.
    private(set) var allFinite = true
    /// Whether every one is a time in seconds from 1973 to about 2286.
    private(set) var allSeconds = true
    /// Whether every one is a time in milliseconds over those years.
    private(set) var allMilliseconds = true

    /// Adds one number.
    mutating func add(_ number: JSONNumber) {
        count += 1
        let integer = number.int64Value
        let double = number.doubleValue
        allInt64 = allInt64 && integer != nil
        if number.isInteger, integer.map({ $0.magnitude > 1 << 53 }) ?? true { needsExactDigits = true }
        allFinite = allFinite && double.isFinite
        allSeconds = allSeconds && (1e8..<1e10).contains(double)
        allMilliseconds = allMilliseconds && (1e11..<1e13).contains(double)
    }

    /// Adds what another summary of numbers saw.
    mutating func merge(_ other: NumberSummary) {
        count += other.count
        allInt64 = allInt64 && other.allInt64
        needsExactDigits = needsExactDigits || other.needsExactDigits
        allFinite = allFinite && other.allFinite
        allSeconds = allSeconds && other.allSeconds
        allMilliseconds = allMilliseconds && other.allMilliseconds
    }
}
