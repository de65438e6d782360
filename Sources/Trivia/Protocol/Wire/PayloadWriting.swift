import Foundation
import SharedNetworking

/// The hand-written encoders of every payload: keys in sorted order, every field written (an
/// absent optional value as `null`), per-recipient fields of broadcasts through
/// ``JSONFrameWriter/spliced(_:_:)``. ``TriviaReferenceCodec`` writes the same bytes through
/// Foundation; the tests and the `TriviaWire` fuzz target hold the two together.
extension ClientMessage {
    /// The frame as ``TriviaCodec`` writes it.
    public func frame(id: MessageID, seq: Int, version: Int) -> [UInt8] {
        var writer = JSONFrameWriter()
        writer.envelope(id: id, seq: seq, type: type, version: version) { writePayload(to: &$0) }
        return writer.json.bytes
    }

    func writePayload(to writer: inout JSONFrameWriter) {
        switch self {
        case .join(let join):
            writer.json.raw(#"{"competition":"#)
            writer.json.string(join.competition.rawValue)
            writer.json.raw(#","resumeFrom":"#)
            writer.json.int(join.resumeFrom)
            writer.json.raw(#","token":"#)
            writer.json.string(join.token)
            writer.json.raw(#","user":"#)
            writer.json.string(join.user.rawValue)
        case .answer(let answer):
            writer.json.raw(#"{"choice":"#)
            writer.json.int(answer.choice)
            writer.json.raw(#","questionId":"#)
            writer.json.string(answer.questionId.rawValue)
            writer.json.raw(#","requestId":"#)
            writer.json.string(answer.requestId.rawValue)
        case .useWildcard(let request):
            writer.json.raw(#"{"questionId":"#)
            writer.json.string(request.questionId.rawValue)
            writer.json.raw(#","requestId":"#)
            writer.json.string(request.requestId.rawValue)
        case .ping(let ping):
            writer.json.raw(#"{"nonce":"#)
            writer.json.string(ping.nonce)
        }
        writer.json.byte(UInt8(ascii: "}"))
    }
}

extension ServerMessage {
    /// The frame as ``TriviaCodec`` writes it.
    public func frame(id: MessageID, seq: Int, version: Int) -> [UInt8] {
        var writer = JSONFrameWriter()
        writer.envelope(id: id, seq: seq, type: type, version: version) { writePayload(to: &$0) }
        return writer.json.bytes
    }

    func writePayload(to writer: inout JSONFrameWriter) {
        switch self {
        case .welcome(let welcome): welcome.write(to: &writer.json)
        case .question(let question): question.write(to: &writer)
        case .answerAck(let ack): ack.write(to: &writer.json)
        case .result(let result): result.write(to: &writer)
        case .wildcardResult(let verdict): verdict.write(to: &writer.json)
        case .finish(let finish): finish.write(to: &writer)
        case .error(let error):
            writer.json.raw(#"{"code":"#)
            writer.json.string(error.code.rawValue)
            writer.json.raw(#","message":"#)
            writer.json.string(error.message)
            writer.json.raw(#","ref":"#)
            writer.json.string(error.ref?.rawValue)
            writer.json.byte(UInt8(ascii: "}"))
        case .pong(let pong):
            writer.json.raw(#"{"nonce":"#)
            writer.json.string(pong.nonce)
            writer.json.raw(#","serverTime":"#)
            writer.json.date(pong.serverTime)
            writer.json.byte(UInt8(ascii: "}"))
        }
    }
}

extension WelcomePayload {
    func write(to json: inout JSONWriter) {
        json.raw(#"{"balance":"#)
        json.int(balance)
        json.raw(#","competition":{"id":"#)
        json.string(competition.id.rawValue)
        json.raw(#","questionCount":"#)
        json.int(competition.questionCount)
        json.raw(#","startsAt":"#)
        json.date(competition.startsAt)
        json.raw(#","title":"#)
        json.string(competition.title)
        json.raw(#"},"correctAnswers":"#)
        json.int(correctAnswers)
        json.raw(#","displayName":"#)
        json.string(displayName)
        json.raw(#","lastSeq":"#)
        json.int(lastSeq)
        json.raw(#","resumed":"#)
        json.bool(resumed)
        json.raw(#","role":"#)
        json.string(role.rawValue)
        json.raw(#","serverTime":"#)
        json.date(serverTime)
        json.raw(#","usedWildcard":"#)
        json.bool(usedWildcard)
        json.raw(#","user":"#)
        json.string(user.rawValue)
        json.byte(UInt8(ascii: "}"))
    }
}

extension QuestionPayload {
    func write(to writer: inout JSONFrameWriter) {
        writer.json.raw(#"{"choices":"#)
        writer.json.array(choices) { $0.string($1) }
        writer.json.raw(#","deadline":"#)
        writer.json.date(deadline)
        writer.json.raw(#","index":"#)
        writer.json.int(index)
        writer.json.raw(#","openedAt":"#)
        writer.json.date(openedAt)
        writer.json.raw(#","questionId":"#)
        writer.json.string(questionId.rawValue)
        writer.json.raw(#","role":"#)
        writer.spliced(.role) { [role] in $0.string(role.rawValue) }
        writer.json.raw(#","text":"#)
        writer.json.string(text)
        writer.json.raw(#","total":"#)
        writer.json.int(total)
        writer.json.byte(UInt8(ascii: "}"))
    }
}

extension AnswerAckPayload {
    func write(to json: inout JSONWriter) {
        json.raw(#"{"choice":"#)
        json.int(choice)
        json.raw(#","questionId":"#)
        json.string(questionId.rawValue)
        json.raw(#","reason":"#)
        json.string(reason?.rawValue)
        json.raw(#","requestId":"#)
        json.string(requestId.rawValue)
        json.raw(#","status":"#)
        json.string(status.rawValue)
        json.byte(UInt8(ascii: "}"))
    }
}

extension ResultPayload {
    func write(to writer: inout JSONFrameWriter) {
        writer.json.raw(#"{"answerCounts":"#)
        writer.json.array(answerCounts) { $0.int($1) }
        writer.json.raw(#","correct":"#)
        writer.spliced(.correct) { [correct] in $0.bool(correct) }
        writer.json.raw(#","correctChoice":"#)
        writer.json.int(correctChoice)
        writer.json.raw(#","playersRemaining":"#)
        writer.json.int(playersRemaining)
        writer.json.raw(#","questionId":"#)
        writer.json.string(questionId.rawValue)
        writer.json.raw(#","role":"#)
        writer.spliced(.role) { [role] in $0.string(role.rawValue) }
        writer.json.raw(#","wildcardDeadline":"#)
        writer.json.date(wildcardDeadline)
        writer.json.raw(#","yourChoice":"#)
        writer.spliced(.yourChoice) { [yourChoice] in $0.int(yourChoice) }
        writer.json.byte(UInt8(ascii: "}"))
    }
}

extension WildcardResultPayload {
    func write(to json: inout JSONWriter) {
        json.raw(#"{"accepted":"#)
        json.bool(accepted)
        json.raw(#","balance":"#)
        json.int(balance)
        json.raw(#","questionId":"#)
        json.string(questionId.rawValue)
        json.raw(#","reason":"#)
        json.string(reason?.rawValue)
        json.raw(#","requestId":"#)
        json.string(requestId.rawValue)
        json.raw(#","role":"#)
        json.string(role.rawValue)
        json.byte(UInt8(ascii: "}"))
    }
}

extension FinishPayload {
    func write(to writer: inout JSONFrameWriter) {
        writer.json.raw(#"{"competition":"#)
        writer.json.string(competition.rawValue)
        writer.json.raw(#","summary":{"playerCount":"#)
        writer.json.int(summary.playerCount)
        writer.json.raw(#","questionCount":"#)
        writer.json.int(summary.questionCount)
        writer.json.raw(#","winnerCount":"#)
        writer.json.int(summary.winnerCount)
        writer.json.raw(#"},"winners":"#)
        writer.json.array(winners) { json, winner in
            json.raw(#"{"correctAnswers":"#)
            json.int(winner.correctAnswers)
            json.raw(#","displayName":"#)
            json.string(winner.displayName)
            json.raw(#","user":"#)
            json.string(winner.user.rawValue)
            json.byte(UInt8(ascii: "}"))
        }
        writer.json.raw(#","you":"#)
        writer.spliced(.you) { [you] in you.write(to: &$0) }
        writer.json.byte(UInt8(ascii: "}"))
    }
}

extension FinalStanding {
    func write(to json: inout JSONWriter) {
        json.raw(#"{"balance":"#)
        json.int(balance)
        json.raw(#","correctAnswers":"#)
        json.int(correctAnswers)
        json.raw(#","role":"#)
        json.string(role.rawValue)
        json.raw(#","usedWildcard":"#)
        json.bool(usedWildcard)
        json.raw(#","winner":"#)
        json.bool(winner)
        json.byte(UInt8(ascii: "}"))
    }
}
