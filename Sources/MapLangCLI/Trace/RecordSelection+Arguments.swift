import MapLang

extension RecordSelection {
    /// The selection `--record` gives, once or more: record numbers and
    /// ranges (`3`, `2-5`, `1,4,9`), or a condition `PATH=VALUE` (`$.id=1347`,
    /// `$.user.login="octocat"`), where VALUE is JSON or, when it is not,
    /// a string as written. Numbers and conditions are combined: a record is
    /// traced when its number is one of those given (if any) and every
    /// condition holds.
    init(arguments: [String]) throws(UsageError) {
        self.init()
        for argument in arguments {
            if argument.contains("=") {
                filters.append(try Self.filter(argument))
            } else {
                for item in argument.split(separator: ",", omittingEmptySubsequences: false) {
                    numbers.append(try Self.range(item))
                }
            }
        }
    }

    /// A number `N` or a range `N-M`.
    private static func range(_ item: Substring) throws(UsageError) -> ClosedRange<Int> {
        let bounds = item.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = Int(bounds[0]), first >= 0, let last = bounds.count == 2 ? Int(bounds[1]) : first, last >= first else {
            throw UsageError(
                message: "`--record` takes record numbers (`3`, `2-5`, `1,4`) or a condition `PATH=VALUE` "
                    + "(`$.id=1347`), not `\(item)`")
        }
        return first...last
    }

    /// A condition `PATH=VALUE`.
    private static func filter(_ argument: String) throws(UsageError) -> RecordFilter {
        guard let (path, rest) = JSONPath.parsePrefix(of: argument[...]), rest.first == "=" else {
            throw UsageError(
                message: "`--record \(argument)`: a condition is a path as errors show it, `=`, and a value, such as "
                    + "`$.user.login=\"octocat\"`")
        }
        let text = rest.dropFirst()
        let value = (try? JSONReader.parse(Array(text.utf8))) ?? .string(String(text))
        return RecordFilter(path: path, value: value)
    }
}
