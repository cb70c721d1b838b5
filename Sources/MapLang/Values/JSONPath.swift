/// A location in an input document, written as `$.items[3].user.login`.
public struct JSONPath: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The steps from the document's root.
    public private(set) var components: [Component]

    /// One step of a path.
    public enum Component: Sendable, Equatable, Hashable {
        /// A key of an object.
        case key(String)
        /// An element of an array.
        case index(Int)
    }

    /// The path of the document itself, `$`.
    public static let root = JSONPath(components: [])

    /// Creates a path from its steps.
    package init(components: [Component]) {
        self.components = components
    }

    /// This path extended by one step.
    package func appending(_ component: Component) -> JSONPath {
        JSONPath(components: components + [component])
    }

    /// Adds a step at the end.
    package mutating func append(_ component: Component) {
        components.append(component)
    }

    /// Removes the last step; the root stays the root.
    package mutating func removeLast() {
        _ = components.popLast()
    }

    /// The path as text: `$`, then `.key` for keys that are plain words,
    /// `["odd key"]` for others, and `[3]` for array elements.
    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .key(let key) where Self.isPlainWord(key):
                text += "." + key
            case .key(let key):
                text += "[" + Self.quoted(key) + "]"
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// Whether a key can be written after a dot: letters, digits, `_` and `$`, not starting with a digit.
    static func isPlainWord(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_" || scalar == "$"
        }
    }

    /// A key as a double-quoted string, escaped as JSON escapes it: `"`, `\`
    /// and every control character (`VisibleText`: DEL, C1 and the
    /// bidirectional controls included), so text from the input can never
    /// move a terminal's cursor, change its colours or reorder what it shows.
    package static func quoted(_ key: String) -> String {
        var text = "\""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                guard VisibleText.isControl(scalar) else {
                    text.unicodeScalars.append(scalar)
                    continue
                }
                text += VisibleText.escape(scalar)
            }
        }
        return text + "\""
    }
}
