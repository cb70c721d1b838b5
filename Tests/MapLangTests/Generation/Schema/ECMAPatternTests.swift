import Testing

@testable import MapLang

/// `ECMAPattern`: `pattern` rules in the regular expression dialect of JSON Schema.
struct ECMAPatternTests {
    /// One scalar past U+FFFF, or any other but these: the text `.` and negated classes are written with.
    static func anyBut(_ excluded: String) -> String {
        #"(?:[\uD800-\uDBFF][\uDC00-\uDFFF]|[^"# + excluded + #"\uD800-\uDFFF])"#
    }

    @Test func writesEachConstructInTheSharedDialect() throws {
        #expect(try ECMAPattern.translate("^a.b$") == "^a" + Self.anyBut(#"\n"#) + #"b(?![\s\S])"#)
        #expect(try ECMAPattern.translate(#"\d+\s?"#) == #"(?:[0-9])+(?:[\x09-\x0D ])?"#)
        #expect(try ECMAPattern.translate("[^@ ]+") == "(?:" + Self.anyBut(" @") + ")+")
        #expect(try ECMAPattern.translate("(?<year>a|b){2,3}?c{4}d{1,}") == "(?:(?:(?:a|b))){2,3}(?:c){4}(?:d)+")
        #expect(try ECMAPattern.translate("x{2,}()") == "(?:x){2,}(?:(?:))")
        #expect(try ECMAPattern.translate(#"a\.b/c\]-"#) == #"a\.b/c\]-"#)
        #expect(try ECMAPattern.translate(#"[\]\-^]"#) == #"[\-\]-\^]"#)
        #expect(try ECMAPattern.translate("é😀\u{7}") == #"\xE9😀\x07"#)
        #expect(try ECMAPattern.translate("\u{3B1}") == #"\u03B1"#)
    }

    @Test func wordBoundariesAreASCIIInEveryEngine() throws {
        let word = "[A-Za-z0-9_]"
        #expect(
            try ECMAPattern.translate(#"\bx\B"#)
                == "(?:(?<=\(word))(?!\(word))|(?<!\(word))(?=\(word)))x(?:(?<=\(word))(?=\(word))|(?<!\(word))(?!\(word)))")
    }

    @Test func ignoringCaseListsEachLettersForms() throws {
        #expect(try ECMAPattern.translate("(?i)k1s") == #"[kK\u212A]1[sS\u017F]"#)
        #expect(try ECMAPattern.translate("(?i)[a-c]") == #"[A-Ca-c]"#)
        // The Kelvin sign folds to `k`, which `[A-Z]` lacks; the dotless i and the long s are upper-cased into it.
        #expect(try ECMAPattern.translate("(?i)[A-Z]") == #"[A-Za-z\u0131\u017F]"#)
        #expect(try ECMAPattern.translate("(?i)[k]") == #"[Kk\u212A]"#)
        #expect(try ECMAPattern.translate("(?i)[^x]") == Self.anyBut("Xx"))
    }

    @Test func refusesWhatItCannotKeepExact() {
        #expect(throws: ECMAPattern.Unsupported.self) { try ECMAPattern.translate("(?i)é") }
        #expect(throws: ECMAPattern.Unsupported.self) { try ECMAPattern.translate("(?i)[à-ÿ]") }
        #expect(throws: ECMAPattern.Unsupported.self) { try ECMAPattern.translate("[😀-😂]") }
        #expect(throws: ECMAPattern.Unsupported.self) { try ECMAPattern.translate("(") }
    }
}
