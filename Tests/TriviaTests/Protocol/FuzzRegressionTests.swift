import Foundation
import SharedNetworking
import Testing
import Trivia
import TriviaHost

/// Inputs found by the fuzz targets in `Fuzz/` (see Docs/Reliability.md), kept as tests.
@Suite("Fuzz regressions: Trivia")
struct TriviaFuzzRegressionTests {
    let codec = TriviaCodec()

    /// TriviaProtocol found it: a `result` whose `wildcardDeadline` is in 1010 re-encoded as
    /// six days earlier, because dates were written in Foundation's Julian-before-1582 calendar
    /// and read in the proleptic Gregorian one.
    @Test func earlyDatesSurviveARoundTrip() throws {
        let frame = #"""
            {"type": "result", "version": 1, "id": "m5-ada", "seq": 5,
             "payload": {"questionId": "q02", "correctChoice": 1, "yourChoice": 0, "correct": false, "role": "viewer",
               "wildcardDeadline": "1010-09-10T08:00:42Z", "answerCounts": [12, 27, 2], "playersRemaining": 27}}
            """#
        let envelope = try #require(try codec.decodeServerMessage(Data(frame.utf8)).envelope)
        let encoded = codec.encodeText(envelope)
        #expect(encoded.contains(#""wildcardDeadline":"1010-09-10T08:00:42Z""#), "\(encoded)")
        #expect(try codec.decodeServerMessage(Data(encoded.utf8)).envelope == envelope)
    }

    /// The writer agrees with the reader (``LenientISO8601``) across the whole 4-digit range,
    /// including leap days, the Gregorian reform and instants before 1970 with milliseconds.
    @Test(arguments: [
        "0000-01-01T00:00:00Z", "0001-12-31T23:59:59.999Z", "1010-09-10T08:00:42Z", "1582-10-04T12:00:00Z",
        "1582-10-15T00:00:00.5Z", "1600-02-29T00:00:00Z", "1900-03-01T00:00:00Z", "1969-12-31T23:59:59.001Z",
        "1970-01-01T00:00:00Z", "2000-02-29T12:34:56.789Z", "2020-09-10T08:00:01.250Z", "9999-12-31T23:59:59Z",
    ])
    func writerAgreesWithTheReader(text: String) throws {
        let date = try #require(LenientISO8601.date(from: text))
        let written = TriviaDates.string(from: date)
        #expect(LenientISO8601.date(from: written) == date)
        #expect(written == text.replacingOccurrences(of: ".5Z", with: ".500Z"))
    }

    /// TriviaProtocol found it: the strict reader's error for a duplicate member name quoted the
    /// name as it was, so a name with a carriage return made a message of two lines (the CLI and
    /// logs print errors as one line). Names and values in messages are quoted with their
    /// control, format and separator characters escaped.
    @Test func errorMessagesStayOnOneLine() throws {
        for frame in [
            #"{"id":"c1-4","paylay\rr":1,"paylay\rr":2}"#, #"{"a\u2028b":1,"a\u2028b":2}"#,
            "{\"id\":\"x\",\"payload\":{},\"seq\":1,\"type\":\"pong\",\"version\":1,\"x\":[1,\u{2028}]}",
            #"{"id":"x","payload":{"nonce":null,"serverTime":"2020\n"},"seq":0,"type":"pong","version":1}"#,
        ] {
            let error = #expect(throws: TriviaProtocolError.self) { try codec.decodeServerMessage(Data(frame.utf8)) }
            #expect(error.map { !$0.message.contains(where: \.isNewline) } == true, "\(error?.message ?? "")")
        }
    }

    /// TriviaWire found it (in its oracle): jansson accepts a raw NUL byte right after a number,
    /// `{"a":1<NUL>}`. RFC 8259 does not, and neither does the strict reader; the target now
    /// refuses such texts itself before asking jansson.
    @Test func aNULByteAfterANumberIsNotJSON() throws {
        let frame = Data(#"{"id":"q","payload":{},"seq":1"#.utf8) + Data([0]) + Data(#","type":"ping","version":1}"#.utf8)
        let error = #expect(throws: TriviaProtocolError.self) { try codec.decodeClientMessage(frame) }
        #expect(error?.kind == .notJSON && error?.offset == 30)
        #expect(error?.message == "byte 30: expected ',' or '}' after an object member, found control character U+0000")
    }

    /// TriviaWire found it (in its own invariant): a `welcome` whose `serverTime` has a fourth
    /// fraction digit (`…01.2502Z`, which readers accept) re-encodes to the millisecond, so
    /// `decode(encode(message))` is not the message read. That is the protocol's canonical form;
    /// the target now checks that the first re-encoding is a fixed point, as this test does.
    @Test func subMillisecondInstantsRoundOnceToTheCanonicalForm() throws {
        let frame = Data(
            #"{"id":"c1-1","payload":{"nonce":null,"serverTime":"2020-09-10T08:00:01.2502Z"},"seq":0,"type":"pong","version":1}"#.utf8)
        let read = try #require(try codec.decodeServerMessage(frame).envelope)
        let encoded = codec.encodeText(read)
        #expect(encoded.contains(#""serverTime":"2020-09-10T08:00:01.250Z""#))
        let again = try #require(try codec.decodeServerMessage(Data(encoded.utf8)).envelope)
        #expect(codec.encodeText(again) == encoded)
    }
}
