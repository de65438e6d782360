// `TriviaCodec`: any frame decodes to a message, an ignored type or a `TriviaProtocolError`
// (never a trap), in both directions. A decoded message re-encodes, and its encoding is
// canonical: decoding and encoding it again gives the same bytes and the same message.
import Foundation
import Trivia

private let codec = TriviaCodec()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let frame = fuzzData(bytes, size)
    check(frame, as: ClientMessage.self)
    check(frame, as: ServerMessage.self)
    return 0
}

private func check<Message: TriviaMessage>(_ frame: Data, as type: Message.Type) {
    let decoded: TriviaDecoded<Message>
    do {
        decoded = try codec.decode(frame, as: type)
    } catch {
        require(isOneLine(error.description), "multi-line error \(error.description.debugDescription)")
        return
    }
    guard let envelope = decoded.envelope else { return }
    do {
        let first = codec.encode(envelope)
        guard let again = try codec.decode(first, as: type).envelope else {
            fatalError("invariant broken: \(envelope.type) re-encoded as an ignored message")
        }
        let second = codec.encode(again)
        require(
            first == second,
            "encoding is not canonical: \(String(decoding: first, as: UTF8.self)) vs \(String(decoding: second, as: UTF8.self))")
        let third = try codec.decode(second, as: type).envelope
        require(third == again, "decode(encode(message)) is another message")
    } catch {
        fatalError("invariant broken: a decoded \(envelope.type) does not round-trip: \(error)")
    }
}
