import Foundation
import Testing

@testable import SharedNetworking

/// `ChunkedBodyDecoder` on its own: the framing `SocketHTTPClient` removes, fed in pieces of
/// every size, and the sizes it must refuse.
@Suite struct ChunkedBodyDecoderTests {
    /// Feeds `text` in pieces of `piece` bytes; the body, or the failure.
    static func decode(_ text: String, piece: Int = .max) throws -> (body: Data, complete: Bool) {
        var decoder = ChunkedBodyDecoder()
        var body = Data()
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count && !decoder.isComplete {
            let end = bytes.count - start <= piece ? bytes.count : start + piece
            let consumed = try bytes[start..<end].withUnsafeBytes { buffer in
                try decoder.consume(buffer, into: &body)
            }
            start += consumed
        }
        return (body, decoder.isComplete)
    }

    @Test(arguments: [1, 2, 3, 7, 1_000])
    func chunksWithExtensionsAndTrailersInAnyPieces(piece: Int) throws {
        let text = "5;name=value\r\nhello\r\n7\r\n, world\r\nA\r\n0123456789\r\n0\r\nX-Trailer: 1\r\n\r\n"
        let result = try Self.decode(text, piece: piece)
        #expect(String(decoding: result.body, as: UTF8.self) == "hello, world0123456789")
        #expect(result.complete)
    }

    @Test func bareLineFeedsAndUpperCaseHexAreRead() throws {
        let result = try Self.decode("B\nhello world\n0\n\n")
        #expect(String(decoding: result.body, as: UTF8.self) == "hello world")
        #expect(result.complete)
    }

    /// Found by the SocketHTTPResponse fuzz target: `Int("-17", radix: 16)` is -23, and the
    /// decoder then tried to read a negative number of bytes (a trap, the app gone). A size is
    /// hex digits and nothing else.
    @Test(arguments: ["-17", "+5", "0x5", "5g", "", ";ext", "1234567890abcdef"])
    func aSizeThatIsNotHexDigitsIsRefused(size: String) {
        #expect(throws: ChunkedBodyDecoder.Failure.self) { try Self.decode("\(size)\r\nhello, chunked\r\n0\r\n\r\n") }
    }

    @Test func dataLongerThanItsSizeIsRefused() {
        #expect(throws: ChunkedBodyDecoder.Failure.malformed("a chunk is longer than its size says")) {
            try Self.decode("3\r\nhello\r\n0\r\n\r\n")
        }
    }

    @Test func aLineLongerThan8KiBIsRefused() {
        #expect(throws: ChunkedBodyDecoder.Failure.malformed("a chunk-size or trailer line is too long")) {
            try Self.decode(String(repeating: "0", count: 9_000) + "\r\n")
        }
    }
}
