// Differential: `TriviaCodec` (ours) against two references, each for what it is good at.
//
// - Jansson (C, libjansson, decoding with JSON_REJECT_DUPLICATES) decides which bytes are JSON
//   (RFC 8259 plus I-JSON's unique names): it reads every byte, checks UTF-8, surrogate pairs,
//   the number grammar and rejects overflowing numbers, like ours, and it is written by other
//   people, so a misreading of the RFC in ours does not repeat in the oracle. Foundation cannot
//   be this oracle: its decoder skips members it does not use without checking them.
// - `TriviaReferenceCodec` (Foundation) decides what a valid text means: the same message, the
//   same ignored type, or the same error code (and message id).
//
// Fails when: jansson refuses a text ours accepts (or reports as anything but "not JSON");
// jansson accepts a text ours calls not JSON; ours and Foundation read a valid text
// differently; the two encoders write different bytes for a decoded message, or a message's
// encoding is not canonical (its first re-encoding must be a fixed point). Documented
// differences are normalised first, not ignored: a text nested deeper than ours reads (32) is
// checked to really be that deep, and an integer written `1.0` or `1e0` (which ours refuses,
// Foundation accepts) is rewritten as an integer and both codecs read the text again.
// Jansson abstains on names containing `\u0000` (it cannot hold them); those texts are only
// compared with Foundation. And jansson accepts a raw NUL byte right after a number
// (`{"a":1<NUL>}`: its lexer uses NUL as the end of its one-byte push-back buffer, found by this
// target in its first minute), so a raw NUL outside a string is refused here before asking it.
import CJansson
import Foundation
import Trivia

private let codec = TriviaCodec()
private let reference = TriviaReferenceCodec()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let frame = fuzzData(bytes, size)
    guard frame.count <= codec.maxFrameBytes else { return 0 }
    let verdict = jansson(frame)
    check(frame, verdict: verdict, as: ClientMessage.self)
    check(frame, verdict: verdict, as: ServerMessage.self)
    return 0
}

enum Verdict {
    case valid, invalid, abstains
}

/// Jansson's reading: any JSON value, duplicate names refused, integers as doubles (so only a
/// number beyond a double is refused, as I-JSON says), `\u0000` allowed in strings.
func jansson(_ frame: Data) -> Verdict {
    if hasNULOutsideStrings(frame) { return .invalid }
    return frame.withUnsafeBytes { buffer -> Verdict in
        var error = json_error_t()
        let flags = Int(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_DECODE_INT_AS_REAL | JSON_ALLOW_NUL)
        guard let value = json_loadb(buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count, flags, &error) else {
            return json_error_code(&error) == json_error_null_byte_in_key ? .abstains : .invalid
        }
        json_decref(value)
        return .valid
    }
}

private func check<Message: TriviaMessage>(_ original: Data, verdict: Verdict, as type: Message.Type) {
    var frame = original
    var ours = read(frame, as: type, with: codec)
    switch verdict {
    case .invalid:
        guard case .failure(let error) = ours, error.code == .malformed, error.kind == .notJSON || error.kind == .tooDeep else {
            fatalError("invariant broken: jansson refuses this text, ours gives \(describe(ours))")
        }
        if error.kind == .tooDeep { require(depth(frame) > 32, "ours says too deep, the text is \(depth(frame)) deep") }
        return
    case .valid, .abstains:
        if case .failure(let error) = ours, error.kind == .notJSON {
            require(verdict == .abstains, "jansson accepts this text, ours says: \(error.message)")
            return
        }
    }
    if case .failure(let error) = ours, error.kind == .tooDeep {
        require(depth(frame) > 32, "ours says too deep, the text is \(depth(frame)) deep")
        return
    }
    // Integers written with a fraction or an exponent: ours refuses the form, Foundation reads
    // the value. Rewrite the number as an integer and read again, so the rest is compared.
    for _ in 0..<16 {
        guard case .failure(let error) = ours, error.message.contains("(integers have no fraction or exponent)"),
            let offset = error.offset, let rewritten = integerForm(of: frame, at: offset)
        else { break }
        frame = rewritten
        ours = read(frame, as: type, with: codec)
    }
    let theirs = read(frame, as: type, with: reference)
    switch (ours, theirs) {
    case (.success(let a), .success(let b)):
        require(a == b, "ours read \(a), Foundation \(b)")
        if let envelope = a.envelope {
            let bytes = codec.encode(envelope)
            require((try? reference.encode(envelope)) == bytes, "the encoders disagree on \(envelope.type)")
            // Encoding is canonical: instants are written to the millisecond, so a message read
            // from finer digits comes back rounded once, and from then on unchanged.
            let canonical = (try? codec.decode(bytes, as: type))?.envelope
            require(canonical != nil, "\(envelope.type) does not read back")
            if let canonical {
                require(codec.encode(canonical) == bytes, "encoding \(envelope.type) is not canonical")
                require((try? codec.decode(codec.encode(canonical), as: type))?.envelope == canonical, "the canonical form moves")
            }
        }
    case (.failure(let a), .failure(let b)):
        require(a.code == b.code, "ours: \(a), Foundation: \(b)")
        require(
            a.messageID == b.messageID, "ours names \(a.messageID?.rawValue ?? "no id"), Foundation \(b.messageID?.rawValue ?? "no id")")
    default:
        fatalError(
            "invariant broken: ours \(describe(ours)), Foundation \(describe(theirs)) for \(String(decoding: frame, as: UTF8.self).debugDescription)"
        )
    }
}

/// One codec's reading of a frame, as a value.
private func outcome<Message>(_ decode: () throws(TriviaProtocolError) -> TriviaDecoded<Message>) -> Result<
    TriviaDecoded<Message>, TriviaProtocolError
> {
    do {
        return .success(try decode())
    } catch {
        return .failure(error)
    }
}

private func read<Message: TriviaMessage>(_ frame: Data, as type: Message.Type, with codec: TriviaCodec) -> Result<
    TriviaDecoded<Message>, TriviaProtocolError
> {
    outcome { () throws(TriviaProtocolError) in try codec.decode(frame, as: type) }
}

private func read<Message: TriviaMessage>(_ frame: Data, as type: Message.Type, with codec: TriviaReferenceCodec) -> Result<
    TriviaDecoded<Message>, TriviaProtocolError
> {
    outcome { () throws(TriviaProtocolError) in try codec.decode(frame, as: type) }
}

private func describe<Message>(_ result: Result<TriviaDecoded<Message>, TriviaProtocolError>) -> String {
    switch result {
    case .success(let decoded): "\(decoded)"
    case .failure(let error): "\(error.kind) \(error)"
    }
}

/// The frame with the number at `offset` written as the integer it equals, or `nil` when it is
/// not an integer a 64-bit field holds.
private func integerForm(of frame: Data, at offset: Int) -> Data? {
    let bytes = Array(frame)
    var end = offset
    while end < bytes.count, "+-0123456789.eE".utf8.contains(bytes[end]) { end += 1 }
    guard end > offset, let value = Double(String(decoding: bytes[offset..<end], as: UTF8.self)),
        value.rounded() == value, abs(value) < 9.2e18
    else { return nil }
    return Data(bytes[..<offset]) + Data(String(Int(value)).utf8) + Data(bytes[end...])
}

/// Calls `body` with each byte outside strings and whether it is.
private func forEachByte(of frame: Data, _ body: (UInt8, _ inString: Bool) -> Void) {
    var inString = false
    var escaped = false
    for byte in frame {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            body(byte, true)
            continue
        }
        if byte == UInt8(ascii: "\"") { inString = true }
        body(byte, false)
    }
}

private func hasNULOutsideStrings(_ frame: Data) -> Bool {
    var found = false
    forEachByte(of: frame) { byte, inString in if byte == 0, !inString { found = true } }
    return found
}

/// How deeply objects and arrays nest, counted outside strings.
private func depth(_ frame: Data) -> Int {
    var deepest = 0
    var current = 0
    forEachByte(of: frame) { byte, inString in
        guard !inString else { return }
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            current += 1
            deepest = max(deepest, current)
        case UInt8(ascii: "]"), UInt8(ascii: "}"): current -= 1
        default: break
        }
    }
    return deepest
}
