/// Where a chunked request body ends (RFC 9112 §7.1), read from the raw bytes: chunk sizes,
/// their data, the last chunk and the trailer section. Nothing is kept but a few integers; the
/// bytes themselves go on to Hummingbird's parser, which decodes them.
struct ChunkedBodyScanner: Sendable, Hashable {
    /// The body is not chunked encoding; the parser behind would refuse it too.
    struct Malformed: Error, Hashable {}

    private enum State: Hashable {
        case size, sizeExtension, sizeLineFeed, data, dataCarriageReturn, dataLineFeed, trailerStart, trailer, finalLineFeed, done
    }

    private var state = State.size
    private var size: UInt64 = 0
    private var digits = 0
    private var remaining: UInt64 = 0

    /// Whether the body has ended.
    var isDone: Bool { state == .done }

    /// Reads from `bytes[start...]` until the body ends or the bytes do; how many it read.
    mutating func consume(_ bytes: UnsafeRawBufferPointer, from start: Int) throws(Malformed) -> Int {
        var index = start
        while index < bytes.count, state != .done {
            if state == .data {
                let take = Int(min(remaining, UInt64(bytes.count - index)))
                remaining -= UInt64(take)
                index += take
                if remaining == 0 { state = .dataCarriageReturn }
                continue
            }
            try read(bytes[index])
            index += 1
        }
        return index - start
    }

    private mutating func read(_ byte: UInt8) throws(Malformed) {
        switch state {
        case .size:
            if let value = Self.hexValue(byte) {
                digits += 1
                guard digits <= 15 else { throw Malformed() }
                size = size << 4 | UInt64(value)
            } else if digits > 0, byte == UInt8(ascii: ";") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                state = .sizeExtension
            } else if digits > 0, byte == UInt8(ascii: "\r") {
                state = .sizeLineFeed
            } else if digits > 0, byte == UInt8(ascii: "\n") {
                endOfSizeLine()
            } else {
                throw Malformed()
            }
        case .sizeExtension:
            if byte == UInt8(ascii: "\r") { state = .sizeLineFeed } else if byte == UInt8(ascii: "\n") { endOfSizeLine() }
        case .sizeLineFeed:
            guard byte == UInt8(ascii: "\n") else { throw Malformed() }
            endOfSizeLine()
        case .dataCarriageReturn:
            if byte == UInt8(ascii: "\r") {
                state = .dataLineFeed
            } else if byte == UInt8(ascii: "\n") {
                nextChunk()
            } else {
                throw Malformed()
            }
        case .dataLineFeed:
            guard byte == UInt8(ascii: "\n") else { throw Malformed() }
            nextChunk()
        case .trailerStart:
            if byte == UInt8(ascii: "\r") {
                state = .finalLineFeed
            } else if byte == UInt8(ascii: "\n") {
                state = .done
            } else {
                state = .trailer
            }
        case .trailer:
            if byte == UInt8(ascii: "\n") { state = .trailerStart }
        case .finalLineFeed:
            guard byte == UInt8(ascii: "\n") else { throw Malformed() }
            state = .done
        case .data, .done:
            break
        }
    }

    private mutating func endOfSizeLine() {
        if size == 0 {
            state = .trailerStart
        } else {
            remaining = size
            state = .data
        }
    }

    private mutating func nextChunk() {
        state = .size
        size = 0
        digits = 0
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
