/// The two rules of RFC 6455 that a server must enforce on what a client sends and that the
/// WebSocket libraries here leave to the application, checked on the raw bytes of every frame:
///
/// - **every client frame is masked** (§5.1: "a server MUST close the connection upon receiving
///   a frame that is not masked", with 1002, protocol error, §7.4.1). NIO's decoder unmasks
///   what it gets and does not care whether a key was there;
/// - **text is UTF-8** (§8.1: an endpoint that finds a text message is not UTF-8 "MUST _Fail the
///   WebSocket Connection_", with 1007, §7.4.1). hummingbird-websocket checks it only for
///   messages read whole with `validateUTF8` on; a server that reads frames (the Trivia server,
///   whose own assembler bounds every fragment) would never see it checked.
///
/// Read here, on the bytes, both rules hold for every socket whatever its application reads,
/// and a bad frame is stopped before any of its payload reaches the application. Text is
/// checked as it arrives, across fragments and reads, and a message may not end inside a
/// character. A compressed message (RSV1, `permessage-deflate`) is left to the library, which
/// inflates it. Everything else about frames (opcodes, lengths, control frames) is the
/// decoder's.
struct WebSocketClientFrameScanner: Sendable, Hashable {
    /// A rule broken, and the close code RFC 6455 gives it.
    enum Violation: Hashable {
        /// A frame without the mask bit: 1002.
        case unmasked
        /// Text that is not UTF-8: 1007.
        case invalidText

        /// The close code (RFC 6455 §7.4.1).
        var closeCode: UInt16 {
            switch self {
            case .unmasked: 1002
            case .invalidText: 1007
            }
        }
    }

    /// What a finding says: the rule, and where the frame that broke it began in the bytes
    /// just read (0 when it began in an earlier read).
    struct Finding: Hashable {
        let violation: Violation
        let frameStart: Int
    }

    private enum Message: Hashable {
        case none
        case text(checked: Bool)
        case binary
    }

    /// The header being read (at most 14 bytes: 2, an extended length of 8, a mask key of 4).
    private var header: [UInt8] = []
    private var headerLength = 2
    private var remaining: UInt64 = 0
    private var mask: [UInt8] = [0, 0, 0, 0]
    private var maskIndex = 0
    private var inPayload = false
    private var final = false
    private var isData = false
    private var checksText = false
    private var message = Message.none
    private var text = UTF8Validator()

    init() {
        header.reserveCapacity(14)
    }

    /// Reads `bytes`; the first rule they break, if any (nothing after it matters: the
    /// connection is being failed).
    mutating func consume(_ bytes: UnsafeRawBufferPointer) -> Finding? {
        var index = 0
        var frameStart = 0
        while index < bytes.count {
            if !inPayload {
                if header.isEmpty { frameStart = index }
                header.append(bytes[index])
                index += 1
                if header.count == 2 {
                    guard header[1] & 0x80 != 0 else { return Finding(violation: .unmasked, frameStart: frameStart) }
                    switch header[1] & 0x7F {
                    case 126: headerLength = 2 + 2 + 4
                    case 127: headerLength = 2 + 8 + 4
                    default: headerLength = 2 + 4
                    }
                }
                if header.count == headerLength, !startPayload() {
                    return Finding(violation: .invalidText, frameStart: frameStart)
                }
                continue
            }
            if checksText {
                let byte = bytes[index] ^ mask[maskIndex & 3]
                maskIndex += 1
                remaining -= 1
                index += 1
                guard text.consume(byte) else { return Finding(violation: .invalidText, frameStart: frameStart) }
            } else {
                let take = Int(min(remaining, UInt64(bytes.count - index)))
                remaining -= UInt64(take)
                index += take
            }
            if remaining == 0, !endFrame() { return Finding(violation: .invalidText, frameStart: frameStart) }
        }
        return nil
    }

    /// The header is whole: reads it; `false` when the frame ends a text message mid-character.
    private mutating func startPayload() -> Bool {
        let opcode = header[0] & 0x0F
        final = header[0] & 0x80 != 0
        let compressed = header[0] & 0x40 != 0
        var length = UInt64(header[1] & 0x7F)
        if length == 126 {
            length = UInt64(header[2]) << 8 | UInt64(header[3])
        } else if length == 127 {
            length = header[2..<10].reduce(0) { $0 << 8 | UInt64($1) }
        }
        mask = Array(header[(headerLength - 4)..<headerLength])
        header.removeAll(keepingCapacity: true)
        headerLength = 2
        isData = opcode < 8
        switch opcode {
        case 1:
            message = .text(checked: !compressed)
            text = UTF8Validator()
        case 2:
            message = .binary
        default:
            break
        }
        checksText = isData && message == .text(checked: true)
        remaining = length
        maskIndex = 0
        inPayload = true
        return remaining > 0 || endFrame()
    }

    /// The payload is read: the next header follows. `false` when a text message ended
    /// mid-character.
    private mutating func endFrame() -> Bool {
        inPayload = false
        guard isData, final else { return true }
        defer { message = .none }
        return message != .text(checked: true) || text.isComplete
    }
}
