import MapLang

/// The line being typed at a terminal in raw mode: bytes in, edits to a
/// buffer and cursor, and the text that redraws the line.
///
/// It knows nothing about file descriptors, so tests feed it bytes and read
/// its buffer and cursor. `TerminalLineReader` does the reading and writing.
struct LineEditor: Sendable {
    /// What a key did.
    enum Outcome: Sendable, Equatable {
        /// The line or cursor changed: redraw.
        case changed
        /// Nothing changed, or the key is part of a longer sequence.
        case unchanged
        /// Enter: the line is done.
        case submitted(String)
        /// Ctrl-C: the line is dropped.
        case interrupted
        /// Ctrl-D on an empty line.
        case endOfInput
        /// Ctrl-L: clear the screen, then redraw.
        case clearScreen
        /// Ctrl-Z: stop the process until it is continued, then redraw.
        case suspend
    }

    /// The characters of the line.
    private(set) var buffer: [Unicode.Scalar] = []
    /// Where the cursor is: the number of characters before it.
    private(set) var cursor = 0
    /// Earlier lines, oldest first, that Up and Down recall.
    private(set) var history: [String]
    /// The history entry shown, while Up and Down browse it.
    private var historyIndex: Int?
    /// The line as it was before browsing began, which Down past the newest entry brings back.
    private var draft: [Unicode.Scalar] = []
    /// Turns bytes into keys.
    private var decoder = KeyDecoder()

    /// Creates an editor with an empty line.
    ///
    /// - Parameter history: Earlier lines, oldest first.
    init(history: [String] = []) {
        self.history = history
    }

    /// The line as text.
    var line: String {
        var text = ""
        text.unicodeScalars.append(contentsOf: buffer)
        return text
    }

    /// Starts a new, empty line, keeping the decoder's place so a `\r\n`
    /// split across two lines is still one Enter.
    ///
    /// - Parameter history: Earlier lines, oldest first, including the one just submitted.
    mutating func reset(history: [String]) {
        let decoder = decoder
        self = LineEditor(history: history)
        self.decoder = decoder
    }

    /// Takes one byte from the terminal.
    mutating func feed(_ byte: UInt8) -> Outcome {
        guard let key = decoder.feed(byte) else { return .unchanged }
        return apply(key)
    }

    /// Takes several bytes, stopping at the first that ends the line.
    ///
    /// - Returns: The last outcome that matters: the one that ended the line,
    ///   else `.changed` when any byte changed it, else `.unchanged`.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> Outcome {
        var result = Outcome.unchanged
        for byte in bytes {
            let outcome = feed(byte)
            switch outcome {
            case .unchanged: continue
            case .changed: result = .changed
            case .submitted, .interrupted, .endOfInput, .clearScreen, .suspend: return outcome
            }
        }
        return result
    }

    /// Acts on one key.
    mutating func apply(_ key: EditorKey) -> Outcome {
        switch key {
        case .character(let scalar):
            insert([scalar])
        case .tab:
            insert([" ", " "])
        case .enter:
            cursor = buffer.count
            return .submitted(line)
        case .backspace:
            guard cursor > 0 else { return .unchanged }
            cursor -= 1
            buffer.remove(at: cursor)
        case .delete:
            guard cursor < buffer.count else { return .unchanged }
            buffer.remove(at: cursor)
        case .endOfInput:
            if buffer.isEmpty { return .endOfInput }
            return apply(.delete)
        case .left:
            guard cursor > 0 else { return .unchanged }
            cursor -= 1
        case .right:
            guard cursor < buffer.count else { return .unchanged }
            cursor += 1
        case .home:
            guard cursor > 0 else { return .unchanged }
            cursor = 0
        case .end:
            guard cursor < buffer.count else { return .unchanged }
            cursor = buffer.count
        case .wordLeft:
            let start = wordStart(before: cursor)
            guard start != cursor else { return .unchanged }
            cursor = start
        case .wordRight:
            var index = cursor
            while index < buffer.count, !Self.isWordScalar(buffer[index]) { index += 1 }
            while index < buffer.count, Self.isWordScalar(buffer[index]) { index += 1 }
            guard index != cursor else { return .unchanged }
            cursor = index
        case .killToEnd:
            guard cursor < buffer.count else { return .unchanged }
            buffer.removeSubrange(cursor...)
        case .killToStart:
            guard cursor > 0 else { return .unchanged }
            buffer.removeSubrange(..<cursor)
            cursor = 0
        case .killWordBackward:
            let start = wordStart(before: cursor)
            guard start != cursor else { return .unchanged }
            buffer.removeSubrange(start..<cursor)
            cursor = start
        case .up:
            return recall(older: true)
        case .down:
            return recall(older: false)
        case .clearScreen:
            return .clearScreen
        case .suspend:
            return .suspend
        case .interrupt:
            cursor = buffer.count
            return .interrupted
        case .ignored:
            return .unchanged
        }
        return .changed
    }

    // MARK: - Drawing

    /// The text that redraws the line: back to the first column, the prompt,
    /// as much of the line as fits with the cursor in view, clear to the end
    /// of the screen line, and the cursor put in place.
    ///
    /// - Parameters:
    ///   - prompt: The prompt before the line.
    ///   - columns: The terminal's width.
    func render(prompt: String, columns: Int) -> String {
        let promptWidth = TerminalWidth.columns(of: prompt.unicodeScalars)
        let room = max(columns - promptWidth - 1, 8)
        // Back from the cursor as far as fits, then on from it as far as fits.
        var start = cursor
        var used = 0
        while start > 0, used + TerminalWidth.columns(of: buffer[start - 1]) <= room {
            start -= 1
            used += TerminalWidth.columns(of: buffer[start])
        }
        let column = promptWidth + used
        var end = cursor
        while end < buffer.count, used + TerminalWidth.columns(of: buffer[end]) <= room {
            used += TerminalWidth.columns(of: buffer[end])
            end += 1
        }
        var visible = ""
        visible.unicodeScalars.append(contentsOf: buffer[start..<end])
        return "\r" + prompt + visible + "\u{1B}[K\r" + (column > 0 ? "\u{1B}[\(column)C" : "")
    }

    // MARK: - Implementation

    /// Inserts characters at the cursor and moves past them.
    private mutating func insert(_ scalars: [Unicode.Scalar]) {
        buffer.insert(contentsOf: scalars, at: cursor)
        cursor += scalars.count
    }

    /// Shows an older (Up) or newer (Down) history entry.
    private mutating func recall(older: Bool) -> Outcome {
        let index: Int
        switch (historyIndex, older) {
        case (nil, true):
            guard !history.isEmpty else { return .unchanged }
            draft = buffer
            index = history.count - 1
        case (nil, false):
            return .unchanged
        case (let current?, true):
            guard current > 0 else { return .unchanged }
            index = current - 1
        case (let current?, false):
            guard current + 1 < history.count else {
                historyIndex = nil
                buffer = draft
                cursor = buffer.count
                return .changed
            }
            index = current + 1
        }
        historyIndex = index
        buffer = Array(history[index].unicodeScalars)
        cursor = buffer.count
        return .changed
    }

    /// Where the word before `index` starts, skipping non-word characters first.
    private func wordStart(before index: Int) -> Int {
        var start = index
        while start > 0, !Self.isWordScalar(buffer[start - 1]) { start -= 1 }
        while start > 0, Self.isWordScalar(buffer[start - 1]) { start -= 1 }
        return start
    }

    /// Letters, digits and `_`.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
