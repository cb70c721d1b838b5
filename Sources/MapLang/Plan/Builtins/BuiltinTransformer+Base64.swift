// MARK: - base64

extension BuiltinTransformer {
    /// `base64`, `base64(url)`: text that holds bytes in base64, standard or
    /// URL-safe, padded or not, kept as standard padded base64 for a `Data`
    /// field. Reverse mapping writes the alphabet it read.
    static let base64 = BuiltinTransformer(
        name: "base64", forms: ["base64", "base64(url)"], accepts: [.text], output: .data,
        summary: "reads base64 text, `base64(url)` in the URL-safe alphabet, as bytes for a `Data` field"
    ) { arguments in
        let urlSafe: Bool
        switch arguments {
        case []: urlSafe = false
        case [.word("url")]: urlSafe = true
        default: return .failure(.invalid(expected: "nothing, or `url` for the URL-safe alphabet"))
        }
        return .success(
            BuiltinStage(
                forward: { value, call in
                    guard case .string(let text) = value else { return call.mismatch("a string", value) }
                    do throws(Base64.Problem) {
                        return .success(.string(try Base64.canonical(text, urlSafe: urlSafe)))
                    } catch {
                        return call.invalid(value, error.reason)
                    }
                },
                reversal: .inverse { value, call in
                    guard case .string(let text) = value, let bytes = try? Base64.decode(text) else {
                        return call.mismatch("base64 text", value)
                    }
                    return .success(.string(urlSafe ? Base64.encodeURLSafe(bytes) : Base64.encode(bytes)))
                }))
    }
}
