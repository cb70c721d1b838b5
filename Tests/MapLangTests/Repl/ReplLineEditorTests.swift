@testable import MapLangCLI
import Testing

/// The line editor on its own: bytes as a terminal sends them in raw mode,
/// checked against the buffer, the cursor and what it draws.
struct ReplLineEditorTests {
    static let up = "\u{1B}[A"
    static let down = "\u{1B}[B"
    static let right = "\u{1B}[C"
    static let left = "\u{1B}[D"

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// Bytes typed, as text.
        let keys: String
        /// The line afterwards.
        let line: String
        /// The cursor afterwards.
        let cursor: Int
        var history: [String] = []
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "typing", keys: "abc", line: "abc", cursor: 3),
        Case(name: "left arrow and insert", keys: "ac" + left + "b", line: "abc", cursor: 2),
        Case(name: "left stops at the start", keys: "ab" + left + left + left + "x", line: "xab", cursor: 1),
        Case(name: "right stops at the end", keys: "ab" + left + right + right + "x", line: "abx", cursor: 3),
        Case(name: "backspace DEL", keys: "abc\u{7F}", line: "ab", cursor: 2),
        Case(name: "backspace BS", keys: "abc\u{08}", line: "ab", cursor: 2),
        Case(name: "backspace in the middle", keys: "abc" + left + "\u{7F}", line: "ac", cursor: 1),
        Case(name: "backspace at the start does nothing", keys: "ab\u{01}\u{7F}", line: "ab", cursor: 0),
        Case(name: "delete key", keys: "abc" + left + left + "\u{1B}[3~", line: "ac", cursor: 1),
        Case(name: "delete at the end does nothing", keys: "abc\u{1B}[3~", line: "abc", cursor: 3),
        Case(name: "Ctrl-D deletes on a non-empty line", keys: "abc\u{01}\u{04}", line: "bc", cursor: 0),
        Case(name: "Home CSI H", keys: "bc\u{1B}[Ha", line: "abc", cursor: 1),
        Case(name: "Home SS3 H", keys: "bc\u{1B}OHa", line: "abc", cursor: 1),
        Case(name: "Home CSI 1~", keys: "bc\u{1B}[1~a", line: "abc", cursor: 1),
        Case(name: "Home CSI 7~", keys: "bc\u{1B}[7~a", line: "abc", cursor: 1),
        Case(name: "Home Ctrl-A", keys: "bc\u{01}a", line: "abc", cursor: 1),
        Case(name: "End CSI F", keys: "ab\u{01}\u{1B}[Fc", line: "abc", cursor: 3),
        Case(name: "End SS3 F", keys: "ab\u{01}\u{1B}OFc", line: "abc", cursor: 3),
        Case(name: "End CSI 4~", keys: "ab\u{01}\u{1B}[4~c", line: "abc", cursor: 3),
        Case(name: "End CSI 8~", keys: "ab\u{01}\u{1B}[8~c", line: "abc", cursor: 3),
        Case(name: "End Ctrl-E", keys: "ab\u{01}\u{05}c", line: "abc", cursor: 3),
        Case(name: "Ctrl-B and Ctrl-F", keys: "ac\u{02}\u{02}\u{06}b", line: "abc", cursor: 2),
        Case(name: "SS3 arrows", keys: "ac\u{1B}ODb\u{1B}OC", line: "abc", cursor: 3),
        Case(name: "Ctrl-K kills to the end", keys: "abcd" + left + left + "\u{0B}", line: "ab", cursor: 2),
        Case(name: "Ctrl-U kills to the start", keys: "abcd" + left + "\u{15}", line: "d", cursor: 0),
        Case(name: "Ctrl-W kills a word", keys: "model Issue {\u{17}", line: "model ", cursor: 6),
        Case(name: "word left and right", keys: "one two three\u{1B}[1;5D\u{1B}[1;5Dx\u{1B}[1;5C!", line: "one xtwo! three", cursor: 9),
        Case(name: "Alt-b and Alt-f", keys: "one two\u{1B}b\u{1B}bX\u{1B}fY", line: "XoneY two", cursor: 5),
        Case(name: "tab inserts two spaces", keys: "\u{09}a", line: "  a", cursor: 3),
        Case(name: "UTF-8 characters", keys: "née 日本" + left + "x", line: "née 日x本", cursor: 6),
        Case(name: "an emoji is one character", keys: "a😀" + left + "\u{7F}", line: "😀", cursor: 0),
        Case(name: "unknown sequences are ignored", keys: "a\u{1B}[15~b\u{1B}[200~c\u{07}", line: "abc", cursor: 3),
        Case(name: "up recalls the newest entry", keys: up, line: "two", cursor: 3, history: ["one", "two"]),
        Case(name: "up twice recalls the older", keys: up + up, line: "one", cursor: 3, history: ["one", "two"]),
        Case(name: "up stops at the oldest", keys: up + up + up, line: "one", cursor: 3, history: ["one", "two"]),
        Case(name: "down comes back", keys: up + up + down, line: "two", cursor: 3, history: ["one", "two"]),
        Case(name: "down past the newest restores the draft", keys: "dra" + up + down, line: "dra", cursor: 3, history: ["one"]),
        Case(name: "down without browsing does nothing", keys: "x" + down, line: "x", cursor: 1, history: ["one"]),
        Case(name: "up with no history does nothing", keys: "x" + up, line: "x", cursor: 1),
        Case(name: "recalled line is edited", keys: up + left + "\u{7F}9", line: "{\"p\": 49}", cursor: 8, history: ["{\"p\": 41}"]),
        Case(name: "Ctrl-P and Ctrl-N", keys: "\u{10}\u{10}\u{0E}", line: "two", cursor: 3, history: ["one", "two"]),
    ]

    @Test(arguments: cases)
    func editing(_ testCase: Case) {
        var editor = LineEditor(history: testCase.history)
        _ = editor.feed(Array(testCase.keys.utf8))
        #expect(editor.line == testCase.line)
        #expect(editor.cursor == testCase.cursor)
    }

    @Test func enterSubmitsTheWholeLineWhereverTheCursorIs() {
        var editor = LineEditor()
        let outcome = editor.feed(Array(("abc" + Self.left + Self.left).utf8))
        #expect(outcome == .changed)
        let outcome2 = editor.feed(0x0D)
        #expect(outcome2 == .submitted("abc"))
        #expect(editor.cursor == 3)
    }

    @Test func lineFeedSubmitsToo() {
        var editor = LineEditor()
        let outcome = editor.feed(Array("a\n".utf8))
        #expect(outcome == .submitted("a"))
    }

    /// A pasted `\r\n` is one Enter, not two.
    @Test func carriageReturnLineFeedIsOneEnter() {
        var editor = LineEditor()
        let outcome = editor.feed(Array("a\r".utf8))
        #expect(outcome == .submitted("a"))
        editor.reset(history: [])
        let outcome2 = editor.feed(0x0A)
        #expect(outcome2 == .unchanged)
        let outcome3 = editor.feed(Array("b\r".utf8))
        #expect(outcome3 == .submitted("b"))
    }

    @Test func feedingStopsAtTheEndOfTheLine() {
        var editor = LineEditor()
        let outcome = editor.feed(Array("ab\rcd".utf8))
        #expect(outcome == .submitted("ab"))
    }

    @Test func controlCInterrupts() {
        var editor = LineEditor()
        let outcome = editor.feed(Array("model A {\u{03}".utf8))
        #expect(outcome == .interrupted)
    }

    @Test func controlDOnAnEmptyLineEndsInput() {
        var editor = LineEditor()
        let outcome = editor.feed(0x04)
        #expect(outcome == .endOfInput)
    }

    @Test func controlLClearsTheScreen() {
        var editor = LineEditor()
        let outcome = editor.feed(Array("a\u{0C}".utf8))
        #expect(outcome == .clearScreen)
        #expect(editor.line == "a")
    }

    @Test func controlZSuspends() {
        var editor = LineEditor()
        let outcome = editor.feed(Array("ab\u{1A}".utf8))
        #expect(outcome == .suspend)
        #expect(editor.line == "ab")
    }

    @Test func keysThatChangeNothingSaySo() {
        var editor = LineEditor()
        let outcome = editor.feed(Array(Self.left.utf8))
        #expect(outcome == .unchanged)
        let outcome2 = editor.feed(0x7F)
        #expect(outcome2 == .unchanged)
        let outcome3 = editor.feed(0x1B)
        #expect(outcome3 == .unchanged)
        let outcome4 = editor.feed(UInt8(ascii: "["))
        #expect(outcome4 == .unchanged)
        let outcome5 = editor.feed(UInt8(ascii: "C"))
        #expect(outcome5 == .unchanged)
        let outcome6 = editor.feed(UInt8(ascii: "x"))
        #expect(outcome6 == .changed)
    }

    @Test func resetStartsAnEmptyLineWithNewHistory() {
        var editor = LineEditor(history: ["one"])
        _ = editor.feed(Array("abc".utf8))
        editor.reset(history: ["one", "abc"])
        #expect(editor.line == "")
        #expect(editor.cursor == 0)
        let outcome = editor.feed(Array(Self.up.utf8))
        #expect(outcome == .changed)
        #expect(editor.line == "abc")
    }

    // MARK: - Drawing

    @Test func drawsPromptLineAndCursor() {
        var editor = LineEditor()
        _ = editor.feed(Array(("abc" + Self.left).utf8))
        #expect(editor.render(prompt: "> ", columns: 80) == "\r> abc\u{1B}[K\r\u{1B}[4C")
    }

    @Test func drawsAnEmptyLineWithNoPrompt() {
        let editor = LineEditor()
        #expect(editor.render(prompt: "", columns: 80) == "\r\u{1B}[K\r")
    }

    @Test func wideCharactersTakeTwoColumns() {
        var editor = LineEditor()
        _ = editor.feed(Array("日本".utf8))
        #expect(editor.render(prompt: "> ", columns: 80) == "\r> 日本\u{1B}[K\r\u{1B}[6C")
    }

    /// A line wider than the terminal scrolls so the cursor stays in view.
    @Test func longLinesScroll() {
        var editor = LineEditor()
        _ = editor.feed(Array("abcdefghijklmnopqrstuvwxyz".utf8))
        // 20 columns, a prompt of 2: room for 17 characters.
        #expect(editor.render(prompt: "> ", columns: 20) == "\r> jklmnopqrstuvwxyz\u{1B}[K\r\u{1B}[19C")
        _ = editor.feed(0x01)
        #expect(editor.render(prompt: "> ", columns: 20) == "\r> abcdefghijklmnopq\u{1B}[K\r\u{1B}[2C")
    }
}
