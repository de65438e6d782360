import Foundation

/// Removes `Transfer-Encoding: chunked` framing (RFC 9112 §7.1) as bytes arrive: each byte is
/// looked at once, and the payload is appended to the body in place, so a body of any size
/// costs time linear in its size.
struct ChunkedBodyDecoder {
    private enum State {
        /// Reading a chunk-size line (extensions after `;` are ignored).
        case size
        /// Inside a chunk's data, with this many bytes left.
        case data(Int)
        /// After a chunk's data: expecting its CRLF.
        case dataEnd
        /// After the last chunk: trailer lines until an empty one.
        case trailer
        case done
    }

    /// Why a chunked body was refused.
    enum Failure: Error, Equatable {
        case malformed(String)
    }

    private var state = State.size
    private var line: [UInt8] = []
    /// A line longer than this is not a chunk size or a trailer field anyone sends.
    static let maximumLineLength = 8 * 1024

    /// Whether the last chunk and the trailer have been read.
    var isComplete: Bool {
        if case .done = state { return true }
        return false
    }

    /// Consumes bytes of `input`, appending payload to `body`; returns how many were consumed
    /// (fewer than `input.count` only once the body is complete).
    mutating func consume(_ input: UnsafeRawBufferPointer, into body: inout Data) throws(Failure) -> Int {
        var index = 0
        while index < input.count {
            switch state {
            case .done:
                return index
            case .data(let remaining):
                let take = min(remaining, input.count - index)
                body.append(UnsafeRawBufferPointer(rebasing: input[index..<(index + take)]).assumingMemoryBound(to: UInt8.self))
                index += take
                state = remaining == take ? .dataEnd : .data(remaining - take)
            case .size, .dataEnd, .trailer:
                let byte = input[index]
                index += 1
                guard byte == UInt8(ascii: "\n") else {
                    line.append(byte)
                    guard line.count <= Self.maximumLineLength else { throw .malformed("a chunk-size or trailer line is too long") }
                    continue
                }
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                try endOfLine()
                line.removeAll(keepingCapacity: true)
            }
        }
        return index
    }

    private mutating func endOfLine() throws(Failure) {
        switch state {
        case .size:
            let digits = line.prefix { $0 != UInt8(ascii: ";") }.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
            // Hex digits only: `Int(_:radix:)` also takes a sign, and a size of "-17" would be a
            // negative count of bytes to read (the SocketHTTPResponse fuzz target found it).
            guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                let size = Int(String(decoding: digits, as: UTF8.self), radix: 16)
            else {
                throw .malformed("not a chunk size: \(String(decoding: line.prefix(40), as: UTF8.self))")
            }
            state = size == 0 ? .trailer : .data(size)
        case .dataEnd:
            guard line.isEmpty else { throw .malformed("a chunk is longer than its size says") }
            state = .size
        case .trailer:
            if line.isEmpty { state = .done }
        case .data, .done:
            break
        }
    }
}
