import TerminalScreens

/// The screen a terminal would show for the bytes a program wrote: the subset of VT100/xterm
/// that `trivia-play` uses (text, CR/LF, cursor position, clearing lines and the screen, the
/// alternate screen, cursor visibility; colours are read and ignored).
///
/// Tests assert on what a person would *see*, after every redraw in place, not on whether a
/// string passed by in the byte stream.
struct VirtualTerminal {
    private(set) var rows: Int
    private(set) var columns: Int
    private var cells: [[String]]
    private var savedMain: (cells: [[String]], cursor: (row: Int, column: Int))?
    private var cursor = (row: 0, column: 0)
    private(set) var isAlternateScreen = false
    private(set) var isCursorVisible = true
    private var pending: [UInt8] = []

    init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        cells = Self.blank(rows: rows, columns: columns)
    }

    static func blank(rows: Int, columns: Int) -> [[String]] {
        Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The screen's lines, trailing spaces removed.
    var lines: [String] {
        cells.map { row in
            var line = row.joined()
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// All lines, one per row.
    var text: String { lines.joined(separator: "\n") }

    /// A window resize: rows and columns are cut or added, as a terminal does before the
    /// program redraws.
    mutating func resize(rows: Int, columns: Int) {
        cells = (0..<rows).map { row in
            (0..<columns).map { column in
                cells.indices.contains(row) && cells[row].indices.contains(column) ? cells[row][column] : " "
            }
        }
        self.rows = rows
        self.columns = columns
        cursor = (min(cursor.row, rows - 1), min(cursor.column, columns - 1))
    }

    mutating func feed(_ bytes: [UInt8]) {
        let input = pending + bytes
        pending = []
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == 0x1B {
                guard let end = Self.sequenceEnd(input, from: index) else {
                    pending = Array(input[index...])
                    return
                }
                apply(Array(input[index..<end]))
                index = end
                continue
            }
            switch byte {
            case 0x0D: cursor.column = 0
            case 0x0A: lineFeed()
            case 0x08: cursor.column = max(0, cursor.column - 1)
            case 0x00..<0x20, 0x7F: break
            default:
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                guard index + length <= input.count else {
                    pending = Array(input[index...])
                    return
                }
                if let character = String(validating: input[index..<index + length], as: UTF8.self) {
                    put(character)
                }
                index += length
                continue
            }
            index += 1
        }
    }

    /// The end (exclusive) of the escape sequence at `start`, or `nil` when it is incomplete.
    static func sequenceEnd(_ input: [UInt8], from start: Int) -> Int? {
        guard start + 1 < input.count else { return nil }
        guard input[start + 1] == UInt8(ascii: "[") else { return start + 2 }
        var index = start + 2
        while index < input.count {
            if (0x40...0x7E).contains(input[index]) { return index + 1 }
            index += 1
        }
        return nil
    }

    private mutating func apply(_ sequence: [UInt8]) {
        guard sequence.count >= 3, sequence[1] == UInt8(ascii: "["), let final = sequence.last else { return }
        let body = String(decoding: sequence[2..<(sequence.count - 1)], as: UTF8.self)
        let isPrivate = body.hasPrefix("?")
        let numbers = body.drop { $0 == "?" }.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = numbers.first.flatMap { $0 }
        switch (Character(Unicode.Scalar(final)), isPrivate) {
        case ("H", false), ("f", false):
            let row = (first ?? 1) - 1
            let column = (numbers.count > 1 ? numbers[1] ?? 1 : 1) - 1
            cursor = (min(max(0, row), rows - 1), min(max(0, column), columns - 1))
        case ("K", false):
            let range = (first ?? 0) == 0 ? cursor.column..<columns : 0..<columns
            for column in range { cells[cursor.row][column] = " " }
        case ("J", false):
            switch first ?? 0 {
            case 0:
                for column in cursor.column..<columns { cells[cursor.row][column] = " " }
                for row in (cursor.row + 1)..<rows { cells[row] = Array(repeating: " ", count: columns) }
            default:
                cells = Self.blank(rows: rows, columns: columns)
            }
        case ("h", true), ("l", true):
            let on = final == UInt8(ascii: "h")
            switch first {
            case 1049:
                // As xterm: the cursor is saved with the screen and comes back with it.
                if on, !isAlternateScreen {
                    savedMain = (cells, cursor)
                    cells = Self.blank(rows: rows, columns: columns)
                } else if !on, isAlternateScreen {
                    cells = savedMain?.cells ?? Self.blank(rows: rows, columns: columns)
                    cursor = savedMain?.cursor ?? (0, 0)
                }
                isAlternateScreen = on
            case 25:
                isCursorVisible = on
            default:
                break
            }
        default:
            break  // colours and styles
        }
    }

    private mutating func put(_ text: String) {
        let width = max(1, TerminalText.displayWidth(text))
        if cursor.column + width > columns {
            cursor.column = 0
            lineFeed()
        }
        cells[cursor.row][cursor.column] = text
        for extra in 1..<width { cells[cursor.row][cursor.column + extra] = "" }
        cursor.column += width
    }

    private mutating func lineFeed() {
        if cursor.row == rows - 1 {
            cells.removeFirst()
            cells.append(Array(repeating: " ", count: columns))
        } else {
            cursor.row += 1
        }
    }
}
