/// A key the line editor acts on.
enum EditorKey: Sendable, Equatable {
    /// A character to insert.
    case character(Unicode.Scalar)
    /// Return or Enter: submit the line.
    case enter
    /// Backspace: delete the character before the cursor.
    case backspace
    /// Delete, or Ctrl-D on a line that is not empty: delete the character under the cursor.
    case delete
    /// Left arrow or Ctrl-B.
    case left
    /// Right arrow or Ctrl-F.
    case right
    /// Up arrow or Ctrl-P: the previous history entry.
    case up
    /// Down arrow or Ctrl-N: the next history entry.
    case down
    /// Home or Ctrl-A.
    case home
    /// End or Ctrl-E.
    case end
    /// Alt-B or Ctrl-Left: to the start of the word before the cursor.
    case wordLeft
    /// Alt-F or Ctrl-Right: to the end of the word after the cursor.
    case wordRight
    /// Ctrl-K: delete from the cursor to the end.
    case killToEnd
    /// Ctrl-U: delete from the start to the cursor.
    case killToStart
    /// Ctrl-W: delete the word before the cursor.
    case killWordBackward
    /// Ctrl-L: clear the screen and redraw the line.
    case clearScreen
    /// Tab: insert two spaces.
    case tab
    /// Ctrl-C: drop the line and any multi-line input.
    case interrupt
    /// Ctrl-D: end of input on an empty line, else delete.
    case endOfInput
    /// Ctrl-Z: suspend the process, as the shell's job control does.
    case suspend
    /// A key or sequence the editor does not use.
    case ignored
}

/// Turns the bytes a terminal sends in raw mode into keys: UTF-8 characters,
/// control characters, and the escape sequences of arrow, Home, End and Delete
/// keys (`ESC [ A`, `ESC O H`, `ESC [ 3 ~`, `ESC [ 1 ; 5 D` …).
struct KeyDecoder: Sendable, Equatable {
    /// Where in a sequence the decoder is.
    private enum State: Sendable, Equatable {
        /// Between keys.
        case ground
        /// After `ESC`.
        case escape
        /// After `ESC [`, with the parameter bytes so far.
        case controlSequence([UInt8])
        /// After `ESC O`.
        case singleShift
        /// Inside a UTF-8 character: the bytes so far and how many it has in all.
        case utf8([UInt8], Int)
    }

    /// Where in a sequence the decoder is.
    private var state = State.ground
    /// Whether the last byte was a carriage return, so a line feed right after it is the same Enter.
    private var afterCarriageReturn = false

    /// Takes one byte.
    ///
    /// - Returns: The key the byte completes, or `nil` when it is part of a longer sequence.
    mutating func feed(_ byte: UInt8) -> EditorKey? {
        let followsReturn = afterCarriageReturn
        afterCarriageReturn = false
        switch state {
        case .ground:
            return ground(byte, followsReturn: followsReturn)
        case .escape:
            switch byte {
            case UInt8(ascii: "["):
                state = .controlSequence([])
                return nil
            case UInt8(ascii: "O"):
                state = .singleShift
                return nil
            case UInt8(ascii: "b"):
                state = .ground
                return .wordLeft
            case UInt8(ascii: "f"):
                state = .ground
                return .wordRight
            case 0x1B:
                return .ignored
            default:
                state = .ground
                return .ignored
            }
        case .controlSequence(let parameters):
            // Parameter and intermediate bytes are 0x20–0x3F; a final byte ends the sequence.
            if (0x20...0x3F).contains(byte) {
                state = .controlSequence(parameters + [byte])
                return nil
            }
            state = .ground
            return Self.controlSequence(String(decoding: parameters, as: UTF8.self), final: byte)
        case .singleShift:
            state = .ground
            switch byte {
            case UInt8(ascii: "A"): return .up
            case UInt8(ascii: "B"): return .down
            case UInt8(ascii: "C"): return .right
            case UInt8(ascii: "D"): return .left
            case UInt8(ascii: "H"): return .home
            case UInt8(ascii: "F"): return .end
            default: return .ignored
            }
        case .utf8(let bytes, let length):
            guard byte & 0xC0 == 0x80 else {
                state = .ground
                return ground(byte, followsReturn: false) ?? .ignored
            }
            let collected = bytes + [byte]
            guard collected.count == length else {
                state = .utf8(collected, length)
                return nil
            }
            state = .ground
            // `collected` is one sequence's bytes: decoding checks it is a valid one.
            var iterator = collected.makeIterator()
            var decoder = UTF8()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return .ignored }
            return .character(scalar)
        }
    }

    /// A byte between keys.
    private mutating func ground(_ byte: UInt8, followsReturn: Bool) -> EditorKey? {
        switch byte {
        case 0x0D:
            afterCarriageReturn = true
            return .enter
        case 0x0A:
            return followsReturn ? nil : .enter
        case 0x7F, 0x08: return .backspace
        case 0x01: return .home
        case 0x02: return .left
        case 0x03: return .interrupt
        case 0x04: return .endOfInput
        case 0x05: return .end
        case 0x06: return .right
        case 0x0B: return .killToEnd
        case 0x0C: return .clearScreen
        case 0x0E: return .down
        case 0x10: return .up
        case 0x15: return .killToStart
        case 0x17: return .killWordBackward
        case 0x1A: return .suspend
        case 0x09: return .tab
        case 0x1B:
            state = .escape
            return nil
        case 0x00..<0x20: return .ignored
        case 0x20..<0x80: return .character(Unicode.Scalar(byte))
        case 0xC2...0xDF:
            state = .utf8([byte], 2)
            return nil
        case 0xE0...0xEF:
            state = .utf8([byte], 3)
            return nil
        case 0xF0...0xF4:
            state = .utf8([byte], 4)
            return nil
        default: return .ignored
        }
    }

    /// The key a control sequence `ESC [ parameters final` stands for.
    private static func controlSequence(_ parameters: String, final: UInt8) -> EditorKey {
        let modified = parameters.hasSuffix(";5") || parameters.hasSuffix(";3")
        switch (Unicode.Scalar(final), parameters) {
        case ("A", _): return .up
        case ("B", _): return .down
        case ("C", _): return modified ? .wordRight : .right
        case ("D", _): return modified ? .wordLeft : .left
        case ("H", _): return .home
        case ("F", _): return .end
        case ("~", "1"), ("~", "7"): return .home
        case ("~", "4"), ("~", "8"): return .end
        case ("~", "3"): return .delete
        default: return .ignored
        }
    }
}
