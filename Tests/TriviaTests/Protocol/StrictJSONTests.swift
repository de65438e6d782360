import Foundation
import SharedNetworking
import Testing

@testable import Trivia
@testable import TriviaHost

/// One case of `Tests/Conformance/strict-json.txt`.
struct ConformanceCase: Sendable, CustomStringConvertible {
    enum Kind: String, Sendable {
        case valid, invalid
        case frameValid = "frame-valid"
        case frameInvalid = "frame-invalid"
    }

    let kind: Kind
    let rule: String
    let text: [UInt8]

    var description: String { "\(kind.rawValue): \(rule)" }

    /// Every case of the corpus.
    static func all() throws -> [ConformanceCase] {
        let url = packageRoot().appendingPathComponent("Tests/Conformance/strict-json.txt")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
            guard !line.hasPrefix("#"), !line.isEmpty else { return nil }
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let kind = Kind(rawValue: String(fields[0])) else { throw CocoaError(.fileReadCorruptFile) }
            return ConformanceCase(kind: kind, rule: String(fields[1]), text: unescape(fields[2]))
        }
    }

    /// `\xHH` is a byte; everything else is itself.
    static func unescape(_ text: Substring) -> [UInt8] {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "x"),
                let value = UInt8(String(decoding: bytes[(index + 2)..<(index + 4)], as: UTF8.self), radix: 16)
            {
                output.append(value)
                index += 4
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    /// The frames that carry the case: the whole frame, or the value spliced into a valid
    /// `ping` in three places (an envelope member, a payload member, an array element).
    var frames: [(place: String, bytes: [UInt8])] {
        switch kind {
        case .frameValid, .frameInvalid:
            return [("frame", text)]
        case .valid, .invalid:
            let before = Array(#"{"id":"c-1","payload":{"nonce":"n"},"seq":1,"type":"ping","version":1,"x":"#.utf8)
            return [
                ("envelope", before + text + Array("}".utf8)),
                (
                    "payload",
                    Array(#"{"id":"c-1","payload":{"nonce":"n","x":"#.utf8) + text + Array(#"},"seq":1,"type":"ping","version":1}"#.utf8)
                ),
                ("array", Array(#"{"payload":{"x":[0,"#.utf8) + text + Array(#"]},"id":"c-1","seq":1,"type":"ping","version":1}"#.utf8)),
            ]
        }
    }
}

@Suite("TriviaCodec: strict JSON (RFC 8259, I-JSON)")
struct StrictJSONTests {
    let codec = TriviaCodec()

    @Test("the corpus covers every rule of the document's table", arguments: try ConformanceCase.all())
    func corpus(_ example: ConformanceCase) throws {
        for (place, bytes) in example.frames {
            let outcome = Result { () throws(TriviaProtocolError) in try codec.decodeClientMessage(Data(bytes)) }
            switch (example.kind, outcome) {
            case (.valid, .success(let decoded)), (.frameValid, .success(let decoded)):
                #expect(decoded.envelope?.type == "ping", "\(place)")
            case (.invalid, .failure(let error)), (.frameInvalid, .failure(let error)):
                #expect(error.code == .malformed, "\(place)")
                #expect(error.messageID == nil || error.kind == .invalidMessage, "\(place): an id is named only for JSON")
                if example.kind == .invalid {
                    #expect(error.kind == .notJSON || error.kind == .tooDeep, "\(place): \(error.message)")
                    #expect(
                        error.message.hasPrefix("byte \(error.offset ?? -1): expected") || error.message.contains("not UTF-8")
                            || error.kind == .tooDeep || error.message.contains("I-JSON"), "\(place): \(error.message)")
                }
            case (_, .success(let decoded)):
                Issue.record("\(place): accepted as \(decoded)")
            case (_, .failure(let error)):
                Issue.record("\(place): refused: \(error.message)")
            }
        }
    }

    @Test("the TriviaWire fuzz seeds (also what the server's conformance test sends) are the corpus, current")
    func seedsAreTheCorpus() throws {
        let folder = packageRoot().appendingPathComponent("Fuzz/Corpus/TriviaWire")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("corpus-") }.sorted()
        let cases = try ConformanceCase.all()
        #expect(names.count == cases.count, "run Fuzz/make-seeds.py")
        for (index, example) in cases.enumerated() {
            let name = String(format: "corpus-%03d-%@", index, example.kind.rawValue)
            #expect(
                try Data(contentsOf: folder.appendingPathComponent(name)) == Data(example.frames[0].bytes),
                "\(name): run Fuzz/make-seeds.py")
        }
    }

    @Test("errors name the byte where the text goes wrong")
    func offsets() throws {
        func error(_ text: String) -> TriviaProtocolError? {
            do {
                _ = try codec.decodeClientMessage(Data(text.utf8))
                return nil
            } catch {
                return error
            }
        }
        #expect(error(#"{"a":[1,]}"#)?.message == "byte 8: expected a value after ',', found ']'")
        #expect(error(#"{"a":01}"#)?.message == "byte 6: expected no digit after a leading 0, found '1'")
        #expect(error("{\"a\":\"x\ty\"}")?.offset == 7)
        #expect(error(#"{"a":"\q"}"#)?.message == #"byte 7: expected an escape character (" \ / b f n r t u) after '\', found 'q'"#)
        #expect(error(#"{"a":1,"a":2}"#)?.message == #"byte 7: duplicate member name "a" (I-JSON, RFC 7493: names are unique)"#)
        #expect(error(#"{"a":"\uD800"}"#)?.message.contains("expected a \\uDC00…\\uDFFF escape after high surrogate") == true)
        var bytes = Array(#"{"a":"xx"}"#.utf8)
        bytes[6] = 0xC3
        let utf8 = #expect(throws: TriviaProtocolError.self) { try codec.decodeClientMessage(Data(bytes)) }
        #expect(utf8?.offset == 6 && utf8?.kind == .notJSON)
        #expect(utf8?.message == "byte 6: not UTF-8: byte 0xC3 is followed by 0x78, which cannot continue it")
    }

    @Test("integer fields are integers: 1.0 and 1e0 are refused, -0 is 0, 64 bits at most")
    func integers() throws {
        func answer(_ choice: String) -> Result<TriviaDecoded<ClientMessage>, TriviaProtocolError> {
            Result { () throws(TriviaProtocolError) in
                try codec.decodeClientMessage(
                    Data(
                        #"{"id":"a","payload":{"choice":\#(choice),"questionId":"q","requestId":"r"},"seq":1,"type":"answer","version":1}"#
                            .utf8))
            }
        }
        for form in ["1.0", "1e0", "1E0", "0.1e1", "10e-1"] {
            guard case .failure(let error) = answer(form) else {
                Issue.record("\(form) accepted")
                continue
            }
            #expect(error.message == "payload.choice: expected an integer, found \(form) (integers have no fraction or exponent) (byte 30)")
            #expect(error.kind == .invalidMessage && error.offset == 30)
        }
        #expect((try? answer("-0").get())?.envelope?.message == .answer(AnswerPayload(requestId: "r", questionId: "q", choice: 0)))
        #expect((try? answer("9223372036854775807").get()) != nil, "Int.max is an integer (and then a choice out of range for the host)")
        guard case .failure(let error) = answer("9223372036854775808") else {
            Issue.record("2^63 accepted")
            return
        }
        #expect(error.message.contains("out of range"))
    }

    @Test("a huge object with unique names is read in linear time; one duplicate among thousands is found")
    func manyMembers() throws {
        let members = (0..<5000).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let frame = #"{"id":"c-1","payload":{},"seq":1,"type":"ping","version":1,"x":{\#(members)}}"#
        let start = ContinuousClock.now
        #expect(try codec.decodeClientMessage(Data(frame.utf8)).envelope?.type == "ping")
        #expect(ContinuousClock.now - start < .seconds(2))
        let duplicated = frame.replacingOccurrences(of: #""k4999":4999"#, with: #""k17":4999"#)
        let error = #expect(throws: TriviaProtocolError.self) { try codec.decodeClientMessage(Data(duplicated.utf8)) }
        #expect(error?.message.contains(#"duplicate member name "k17""#) == true)
    }

    @Test("the UTF-8 check agrees with Swift's validation on random bytes")
    func utf8Check() {
        var random = SeededRandom(seed: 8259)
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0xA0, 0x9F, 0x90, 0x8F,
        ]
        for _ in 0..<20_000 {
            let count = Int(random.next() % 12)
            let bytes = (0..<count).map { _ in interesting[Int(random.next() % UInt64(interesting.count))] }
            let ours = bytes.withUnsafeBytes { UTF8Validation.firstProblem(in: $0) } == nil
            #expect(ours == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes.map { String($0, radix: 16) })")
        }
    }

    @Test("strings with every kind of character survive both encoders byte for byte")
    func escaping() throws {
        var text = String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self)
        text += "é€😀\u{2028}\u{2029}\u{FEFF}\u{7F}\u{80}\u{9F}\"\\/"
        let envelope = ServerEnvelope(
            id: MessageID(text), seq: 0, message: .error(ErrorPayload(code: "x", message: text, ref: MessageID(text))))
        let ours = codec.encode(envelope)
        #expect(ours == (try TriviaReferenceCodec().encode(envelope)))
        let back = try TriviaReferenceCodec(maxFrameBytes: 1 << 20).decodeServerMessage(ours).envelope
        #expect(back?.error?.message == text)
        #expect(try TriviaCodec(maxFrameBytes: 1 << 20).decodeServerMessage(ours).envelope == back)
    }
}
