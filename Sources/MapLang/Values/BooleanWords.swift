/// The words `bool` and lenient `Bool` fields read as booleans.
enum BooleanWords {
    /// `true`/`false`; `1`/`0`; and, ignoring case, the strings `"true"`,
    /// `"yes"`, `"y"`, `"on"`, `"1"` and `"false"`, `"no"`, `"n"`, `"off"`, `"0"`.
    static func read(_ value: MappedValue) -> Bool? {
        switch value {
        case .bool(let flag): return flag
        case .decimal(let literal):
            switch JSONNumber(literal: literal).integralInt64Value {
            case 1: return true
            case 0: return false
            default: return nil
            }
        case .string(let text):
            switch text.trimmingWhitespace().lowercased() {
            case "true", "yes", "y", "on", "1": return true
            case "false", "no", "n", "off", "0": return false
            default: return nil
            }
        case .null, .int, .double, .date, .url, .array, .object:
            return nil
        }
    }
}
