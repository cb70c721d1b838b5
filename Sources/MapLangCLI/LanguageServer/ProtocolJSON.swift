import MapLang

/// Building and reading the protocol's JSON.
extension JSONValue {
    /// An integer.
    static func integer(_ value: Int) -> JSONValue {
        .number(JSONNumber(literal: String(value)))
    }

    /// An object of members in order.
    static func members(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members.map { JSONMember(key: $0.0, value: $0.1) }))
    }

    /// The value as a whole number, when it is one that fits in an `Int`.
    var integerValue: Int? {
        guard case .number(let number) = self else { return nil }
        return Int(number.literal)
    }

    /// The value as a string, when it is one.
    var stringValue: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }
}

/// The error codes of JSON-RPC and the protocol that the server answers with.
enum ResponseError: Int {
    /// The body is not JSON.
    case parseError = -32700
    /// The JSON is not a request or notification.
    case invalidRequest = -32600
    /// No such method.
    case methodNotFound = -32601
    /// The parameters are not what the method takes.
    case invalidParams = -32602
    /// A request before `initialize`.
    case serverNotInitialized = -32002
    /// The request was cancelled before it was answered.
    case requestCancelled = -32800
    /// The request is valid but cannot be done now.
    case requestFailed = -32803
}

/// A range of a document in the protocol's form.
extension TextDocument {
    /// The protocol's range of a source span.
    func range(of span: Span) -> JSONValue {
        .members([("start", position(of: span.start + sourceStart).json), ("end", position(of: span.end + sourceStart).json)])
    }
}

extension TextPosition16 {
    /// The protocol's form.
    var json: JSONValue {
        .members([("line", .integer(line)), ("character", .integer(character))])
    }

    /// A position read from the protocol's form.
    init?(_ value: JSONValue?) {
        guard let line = value?["line"]?.integerValue, let character = value?["character"]?.integerValue else { return nil }
        self.init(line: line, character: character)
    }
}
