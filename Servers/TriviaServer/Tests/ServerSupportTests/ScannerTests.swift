import Testing
import TriviaServerTestSupport

@testable import ServerSupport

/// The raw-byte readers the guard is made of, as values.
@Suite("ServerSupport: request and frame scanners")
struct ScannerTests {
    static func consume(_ scanner: inout HTTPRequestScanner, _ text: String) throws -> Int {
        try Array(text.utf8).withUnsafeBytes { bytes throws(HTTPRequestScanner.Refusal) in try scanner.consume(bytes) }
    }

    @Test("heads, bodies by length and chunked, pipelining, and where an upgrade's frames begin")
    func requests() throws {
        var scanner = HTTPRequestScanner(maxHeadBytes: 1024)
        _ = try Self.consume(&scanner, "GET / HTTP/1.1\r\nHost: a\r\n")
        #expect(scanner.stage == .head && scanner.heads == 0)
        _ = try Self.consume(&scanner, "\r\nPOST /x HTTP/1.1\r\nContent-Length:  4 \r\n\r\nab")
        #expect(scanner.requests == 1 && scanner.heads == 2 && scanner.stage == .body)
        _ = try Self.consume(&scanner, "cd")
        #expect(scanner.stage == .awaitingResponse(upgrade: false) && scanner.requests == 2)
        _ = try Self.consume(&scanner, "\r\n\nPUT / HTTP/1.1\nTransfer-Encoding: gzip, Chunked\n\n4;x=y\r\nabcd\r\n")
        #expect(scanner.stage == .body)
        _ = try Self.consume(&scanner, "0\r\nTrailer: 1\r\n\r\n")
        #expect(scanner.stage == .awaitingResponse(upgrade: false) && scanner.requests == 3)
        let upgrade = "GET /ws HTTP/1.1\r\nUpgrade: WebSocket\r\nConnection: upgrade\r\n\r\n"
        let read = try Self.consume(&scanner, upgrade + "\u{81}\u{85}")
        #expect(read == upgrade.utf8.count && scanner.stage == .awaitingResponse(upgrade: true))
    }

    @Test("a head over the limit and a body that is not chunked encoding are refused")
    func refusals() {
        var long = HTTPRequestScanner(maxHeadBytes: 1024)
        #expect(throws: HTTPRequestScanner.Refusal.headTooLarge) {
            try Self.consume(&long, "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 2000))
        }
        var chunked = HTTPRequestScanner(maxHeadBytes: 1024)
        #expect(throws: HTTPRequestScanner.Refusal.malformedBody) {
            try Self.consume(&chunked, "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
        }
    }

    static func scan(_ scanner: inout WebSocketClientFrameScanner, _ bytes: [UInt8]) -> WebSocketClientFrameScanner.Finding? {
        bytes.withUnsafeBytes { scanner.consume($0) }
    }

    @Test("frames byte by byte: masked text and binary pass, a ping between fragments does not end the message")
    func goodFrames() {
        var scanner = WebSocketClientFrameScanner()
        let text = Array("naïve ☃ 𝄞".utf8)
        let frames =
            ClientFrame.frame(opcode: 1, Array(text[0..<3]), fin: false) + ClientFrame.frame(opcode: 9, [1, 2])
            + ClientFrame.frame(opcode: 0, Array(text[3...])) + ClientFrame.frame(opcode: 2, [0xFF, 0xFE])
            + ClientFrame.frame(opcode: 1, Array(repeating: 0x61, count: 70_000))
        for byte in frames { #expect(Self.scan(&scanner, [byte]) == nil) }
    }

    @Test("an unmasked frame and text that is not UTF-8 are found, with where their frame began")
    func badFrames() {
        var unmasked = WebSocketClientFrameScanner()
        let good = ClientFrame.frame(opcode: 1, Array("ok".utf8))
        #expect(
            Self.scan(&unmasked, good + ClientFrame.frame(opcode: 2, [1], masked: false))
                == .init(violation: .unmasked, frameStart: good.count))
        var invalid = WebSocketClientFrameScanner()
        #expect(
            Self.scan(&invalid, good + ClientFrame.frame(opcode: 1, [0x61, 0xFF])) == .init(violation: .invalidText, frameStart: good.count)
        )
        var unfinished = WebSocketClientFrameScanner()
        #expect(Self.scan(&unfinished, ClientFrame.frame(opcode: 1, [0xE2, 0x82]))?.violation == .invalidText)
        var compressed = WebSocketClientFrameScanner()
        var frame = ClientFrame.frame(opcode: 1, [0xFF, 0x00])
        frame[0] |= 0x40  // RSV1: permessage-deflate, the library's to inflate and check
        #expect(Self.scan(&compressed, frame) == nil)
    }

    @Test("the UTF-8 validator agrees with the standard library on every 1- to 3-byte sequence of interesting bytes")
    func utf8() {
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
        ]
        var sequences: [[UInt8]] = interesting.map { [$0] }
        for a in interesting { for b in interesting { sequences.append([a, b]) } }
        for a in interesting where a >= 0xE0 { for b in interesting { for c in interesting { sequences.append([a, b, c]) } } }
        sequences += [[0xF0, 0x9D, 0x84, 0x9E], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF]]
        for bytes in sequences {
            var validator = UTF8Validator()
            let ours = bytes.allSatisfy { validator.consume($0) } && validator.isComplete
            #expect(ours == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }
}
