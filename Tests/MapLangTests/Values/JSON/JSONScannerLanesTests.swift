import Testing

@testable import MapLang

/// The string scans test sixteen bytes at once: each test finds exactly the
/// first byte it looks for, in every lane, for every byte value, and the
/// scans built on it stop at a string's closing quote.
struct JSONScannerLanesTests {
    /// What each lane test returns for `bytes` at `index`.
    static func firstStops(_ bytes: [UInt8], at index: Int = 0) -> (string: Int, quoteOrNewline: Int, quoteOrQuote: Int) {
        bytes.withUnsafeBufferPointer { buffer in
            let scanner = JSONScanner(bytes: buffer, options: JSONReaderOptions())
            return (
                scanner.firstStringStop(at: index), scanner.firstQuoteOrBackslash(at: index, or: UInt8(ascii: "\n")),
                scanner.firstQuoteOrBackslash(at: index, or: UInt8(ascii: "\""))
            )
        }
    }

    @Test func everyByteValueInEveryLane() {
        for lane in 0..<16 {
            for value in 0...255 {
                let byte = UInt8(value)
                // Plain bytes around it, and a quote in a later lane, so that only the first is reported.
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 20)
                bytes[lane] = byte
                if lane < 15 { bytes[15] = UInt8(ascii: "\"") }
                // The lanes start one byte in, so that loads need not be aligned.
                let found = Self.firstStops([UInt8(ascii: "x")] + bytes, at: 1)
                let isQuoteOrBackslash = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                let later = lane < 15 ? 15 : 16
                #expect(found.string == (isQuoteOrBackslash || byte < 0x20 || byte > 0x7F ? lane : later), "\(lane) \(byte)")
                #expect(found.quoteOrNewline == (isQuoteOrBackslash || byte == 0x0A ? lane : later), "\(lane) \(byte)")
                #expect(found.quoteOrQuote == (isQuoteOrBackslash ? lane : later), "\(lane) \(byte)")
            }
        }
    }

    @Test func sixteenPlainBytesStopNothing() {
        let found = Self.firstStops(Array("0123456789abcdef\"".utf8))
        #expect(found.string == 16 && found.quoteOrNewline == 16 && found.quoteOrQuote == 16)
    }

    /// Strings of every length up to three lanes and a half, plain or with
    /// an escape, a multi-byte character or a control character in them at
    /// places that move through the lanes, skipped and skimmed.
    @Test func scansStopAtTheClosingQuote() {
        for length in 0..<56 {
            for (stop, place) in [("", 0), ("\\n", length / 2), ("\\\"", length / 3), ("é", length / 4), ("\u{01}", length / 2)] {
                var text = String(repeating: "b", count: length)
                text.insert(contentsOf: stop, at: text.index(text.startIndex, offsetBy: place))
                let literal = "\"" + text + "\""
                let bytes = Array((literal + ", 1").utf8)
                let skipped: Int? = bytes.withUnsafeBufferPointer { buffer in
                    var scanner = JSONScanner(bytes: buffer, options: JSONReaderOptions())
                    return (try? scanner.skipString()) == nil ? nil : scanner.position
                }
                #expect(skipped == (stop == "\u{01}" ? nil : literal.utf8.count), "\(literal.debugDescription)")
                #expect(JSONScannerSkimTests.skimEnd("[" + literal + "]") == literal.utf8.count + 2)
            }
        }
    }

    /// A line break that ends a skim in line mode, in any of a string's lanes.
    @Test func aLineBreakInAnyLaneEndsALineSkim() {
        for place in 0..<40 {
            var text = Array(String(repeating: "c", count: 40).utf8)
            text[place] = UInt8(ascii: "\n")
            let value = "[\"" + String(decoding: text, as: UTF8.self) + "\"]"
            #expect(JSONScannerSkimTests.skimEnd(value, stopsAtLineBreaks: true) == nil, "\(place)")
            #expect(JSONScannerSkimTests.skimEnd(value) == value.utf8.count)
        }
    }
}
