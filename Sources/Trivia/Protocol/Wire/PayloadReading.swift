import Foundation

/// The hand-written readers of every payload. Each reads the members it knows in any order,
/// skips (and so still checks) the ones it does not, treats a missing optional member like
/// `null`, and refuses a missing required one by its path. ``TriviaPayload/validationProblem``
/// then checks what types cannot say, exactly as for ``TriviaReferenceCodec``.
extension ClientMessage {
    /// A whole frame read by ``TriviaCodec``'s strict reader.
    public static func read(frame bytes: UnsafeRawBufferPointer) throws(TriviaProtocolError) -> TriviaDecoded<ClientMessage> {
        try TriviaCodec.readClientMessage(bytes)
    }

    /// The message of `type` read from the payload at the reader's offset, or `nil` for a type
    /// this side does not know.
    static func read(type: String, payload reader: inout JSONReader) throws(WireFailure) -> ClientMessage? {
        switch type {
        case "join": .join(try JoinPayload.read(&reader))
        case "answer": .answer(try AnswerPayload.read(&reader))
        case "useWildcard": .useWildcard(try UseWildcardPayload.read(&reader))
        case "ping": .ping(try PingPayload.read(&reader))
        default: nil
        }
    }
}

extension ServerMessage {
    /// A whole frame read by ``TriviaCodec``'s strict reader.
    public static func read(frame bytes: UnsafeRawBufferPointer) throws(TriviaProtocolError) -> TriviaDecoded<ServerMessage> {
        try TriviaCodec.readServerMessage(bytes)
    }

    /// The message of `type` read from the payload at the reader's offset, or `nil` for a type
    /// this side does not know.
    static func read(type: String, payload reader: inout JSONReader) throws(WireFailure) -> ServerMessage? {
        switch type {
        case "welcome": .welcome(try WelcomePayload.read(&reader))
        case "question": .question(try QuestionPayload.read(&reader))
        case "answerAck": .answerAck(try AnswerAckPayload.read(&reader))
        case "result": .result(try ResultPayload.read(&reader))
        case "wildcardResult": .wildcardResult(try WildcardResultPayload.read(&reader))
        case "finish": .finish(try FinishPayload.read(&reader))
        case "error": .error(try ErrorPayload.read(&reader))
        case "pong": .pong(try PongPayload.read(&reader))
        default: nil
        }
    }
}

// MARK: Client payloads

extension JoinPayload {
    static func read(_ reader: inout JSONReader, at path: String = "payload") throws(WireFailure) -> JoinPayload {
        reader.skipWhitespace()
        let start = reader.offset
        var user: UserID?
        var token: String?
        var competition: CompetitionID?
        var resumeFrom: Int?
        try reader.fields(path) { reader, key throws(WireFailure) in
            switch key {
            case "user": user = try reader.id("\(path).user")
            case "token": token = try reader.string("\(path).token")
            case "competition": competition = try reader.id("\(path).competition")
            case "resumeFrom": resumeFrom = try reader.optionalInt("\(path).resumeFrom")
            default: try reader.skipValue()
            }
        }
        return JoinPayload(
            user: try reader.required(user, "\(path).user", objectAt: start),
            token: try reader.required(token, "\(path).token", objectAt: start),
            competition: try reader.required(competition, "\(path).competition", objectAt: start), resumeFrom: resumeFrom)
    }
}

extension AnswerPayload {
    static func read(_ reader: inout JSONReader, at path: String = "payload") throws(WireFailure) -> AnswerPayload {
        reader.skipWhitespace()
        let start = reader.offset
        var requestId: RequestID?
        var questionId: QuestionID?
        var choice: Int?
        try reader.fields(path) { reader, key throws(WireFailure) in
            switch key {
            case "requestId": requestId = try reader.id("\(path).requestId")
            case "questionId": questionId = try reader.id("\(path).questionId")
            case "choice": choice = try reader.int("\(path).choice")
            default: try reader.skipValue()
            }
        }
        return AnswerPayload(
            requestId: try reader.required(requestId, "\(path).requestId", objectAt: start),
            questionId: try reader.required(questionId, "\(path).questionId", objectAt: start),
            choice: try reader.required(choice, "\(path).choice", objectAt: start))
    }
}

extension UseWildcardPayload {
    static func read(_ reader: inout JSONReader, at path: String = "payload") throws(WireFailure) -> UseWildcardPayload {
        reader.skipWhitespace()
        let start = reader.offset
        var requestId: RequestID?
        var questionId: QuestionID?
        try reader.fields(path) { reader, key throws(WireFailure) in
            switch key {
            case "requestId": requestId = try reader.id("\(path).requestId")
            case "questionId": questionId = try reader.id("\(path).questionId")
            default: try reader.skipValue()
            }
        }
        return UseWildcardPayload(
            requestId: try reader.required(requestId, "\(path).requestId", objectAt: start),
            questionId: try reader.required(questionId, "\(path).questionId", objectAt: start))
    }
}

extension PingPayload {
    static func read(_ reader: inout JSONReader, at path: String = "payload") throws(WireFailure) -> PingPayload {
        var nonce: String?
        try reader.fields(path) { reader, key throws(WireFailure) in
            switch key {
            case "nonce": nonce = try reader.optionalString("\(path).nonce")
            default: try reader.skipValue()
            }
        }
        return PingPayload(nonce: nonce)
    }
}

// MARK: Server payloads

extension CompetitionInfo {
    static func read(_ reader: inout JSONReader, at path: String) throws(WireFailure) -> CompetitionInfo {
        reader.skipWhitespace()
        let start = reader.offset
        var id: CompetitionID?
        var title: String?
        var questionCount: Int?
        var startsAt: Date?
        try reader.fields(path) { reader, key throws(WireFailure) in
            switch key {
            case "id": id = try reader.id("\(path).id")
            case "title": title = try reader.string("\(path).title")
            case "questionCount": questionCount = try reader.int("\(path).questionCount")
            case "startsAt": startsAt = try reader.date("\(path).startsAt")
            default: try reader.skipValue()
            }
        }
        return CompetitionInfo(
            id: try reader.required(id, "\(path).id", objectAt: start), title: try reader.required(title, "\(path).title", objectAt: start),
            questionCount: try reader.required(questionCount, "\(path).questionCount", objectAt: start),
            startsAt: try reader.required(startsAt, "\(path).startsAt", objectAt: start))
    }
}

extension WelcomePayload {
    static func read(_ reader: inout JSONReader, at path: String = "payload") throws(WireFailure) -> WelcomePayload {
        reader.skipWhitespace()
        let start = reader.offset
        var user: UserID?
        var displayName: String?
        var competition: CompetitionInfo?
        var role: TriviaRole?
        var balance: Int?
        var usedWildcard: Bool?
        var correctAnswers: Int?
        var serverTime: Date?
        var lastSeq: Int?
        var resumed: Bool?
        try reader.fields(path) { reader, key throws(WireFailure) in
            switch key {
            case "user": user = try reader.id("\(path).user")
            case "displayName": displayName = try reader.string("\(path).displayName")
            case "competition": competition = try CompetitionInfo.read(&reader, at: "\(path).competition")
            case "role": role = try reader.rawValue("\(path).role", as: TriviaRole.self)
            case "balance": balance = try reader.optionalInt("\(path).balance")
            case "usedWildcard": usedWildcard = try reader.bool("\(path).usedWildcard")
            case "correctAnswers": correctAnswers = try reader.int("\(path).correctAnswers")
            case "serverTime": serverTime = try reader.date("\(path).serverTime")
            case "lastSeq": lastSeq = try reader.int("\(path).lastSeq")
            case "resumed": resumed = try reader.bool("\(path).resumed")
            default: try reader.skipValue()
            }
        }
        return WelcomePayload(
            user: try reader.required(user, "\(path).user", objectAt: start),
            displayName: try reader.required(displayName, "\(path).displayName", objectAt: start),
            competition: try reader.required(competition, "\(path).competition", objectAt: start),
            role: try reader.required(role, "\(path).role", objectAt: start), balance: balance,
            usedWildcard: try reader.required(usedWildcard, "\(path).usedWildcard", objectAt: start),
            correctAnswers: try reader.required(correctAnswers, "\(path).correctAnswers", objectAt: start),
            serverTime: try reader.required(serverTime, "\(path).serverTime", objectAt: start),
            lastSeq: try reader.required(lastSeq, "\(path).lastSeq", objectAt: start),
            resumed: try reader.required(resumed, "\(path).resumed", objectAt: start))
    }
}

extension QuestionPayload {
    static func read(_ reader: inout JSONReader, at path: String = "payload") throws(WireFailure) -> QuestionPayload {
        reader.skipWhitespace()
        let start = reader.offset
        var questionId: QuestionID?
        var index: Int?
        var total: Int?
        var text: String?
        var choices: [String]?
        var openedAt: Date?
        var deadline: Date?
        var role: TriviaRole?
        try reader.fields(path) { reader, key throws(WireFailure) in
            switch key {
            case "questionId": questionId = try reader.id("\(path).questionId")
            case "index": index = try reader.int("\(path).index")
            case "total": total = try reader.int("\(path).total")
            case "text": text = try reader.string("\(path).text")
            case "choices": choices = try reader.strings("\(path).choices")
            case "openedAt": openedAt = try reader.date("\(path).openedAt")
            case "deadline": deadline = try reader.date("\(path).deadline")
            case "role": role = try reader.rawValue("\(path).role", as: TriviaRole.self)
            default: try reader.skipValue()
            }
        }
        return QuestionPayload(
            questionId: try reader.required(questionId, "\(path).questionId", objectAt: start),
            index: try reader.required(index, "\(path).index", objectAt: start),
            total: try reader.required(total, "\(path).total", objectAt: start),
            text: try reader.required(text, "\(path).text", objectAt: start),
            choices: try reader.required(choices, "\(path).choices", objectAt: start),
            openedAt: try reader.required(openedAt, "\(path).openedAt", objectAt: start),
            deadline: try reader.required(deadline, "\(path).deadline", objectAt: start),
            role: try reader.required(role, "\(path).role", objectAt: start))
    }
}

extension AnswerAckPayload {
    static func read(_ reader: inout JSONReader, at path: String = "payload") throws(WireFailure) -> AnswerAckPayload {
        reader.skipWhitespace()
        let start = reader.offset
        var requestId: RequestID?
        var questionId: QuestionID?
        var status: AckStatus?
        var reason: AnswerRejection?
        var choice: Int?
        try reader.fields(path) { reader, key throws(WireFailure) in
            switch key {
            case "requestId": requestId = try reader.id("\(path).requestId")
            case "questionId": questionId = try reader.id("\(path).questionId")
            case "status": status = try reader.rawValue("\(path).status", as: AckStatus.self)
            case "reason": reason = try reader.optionalID("\(path).reason")
            case "choice": choice = try reader.int("\(path).choice")
            default: try reader.skipValue()
            }
        }
        return AnswerAckPayload(
            requestId: try reader.required(requestId, "\(path).requestId", objectAt: start),
            questionId: try reader.required(questionId, "\(path).questionId", objectAt: start),
            status: try reader.required(status, "\(path).status", objectAt: start), reason: reason,
            choice: try reader.required(choice, "\(path).choice", objectAt: start))
    }
}

extension ResultPayload {
    static func read(_ reader: inout JSONReader, at path: String = "payload") throws(WireFailure) -> ResultPayload {
        reader.skipWhitespace()
        let start = reader.offset
        var questionId: QuestionID?
        var correctChoice: Int?
        var yourChoice: Int?
        var correct: Bool?
        var role: TriviaRole?
        var wildcardDeadline: Date?
        var answerCounts: [Int]?
        var playersRemaining: Int?
        try reader.fields(path) { reader, key throws(WireFailure) in
            switch key {
            case "questionId": questionId = try reader.id("\(path).questionId")
            case "correctChoice": correctChoice = try reader.int("\(path).correctChoice")
            case "yourChoice": yourChoice = try reader.optionalInt("\(path).yourChoice")
            case "correct": correct = try reader.bool("\(path).correct")
            case "role": role = try reader.rawValue("\(path).role", as: TriviaRole.self)
            case "wildcardDeadline": wildcardDeadline = try reader.optionalDate("\(path).wildcardDeadline")
            case "answerCounts": answerCounts = try reader.ints("\(path).answerCounts")
            case "playersRemaining": playersRemaining = try reader.int("\(path).playersRemaining")
            default: try reader.skipValue()
            }
        }
        return ResultPayload(
            questionId: try reader.required(questionId, "\(path).questionId", objectAt: start),
            correctChoice: try reader.required(correctChoice, "\(path).correctChoice", objectAt: start), yourChoice: yourChoice,
            correct: try reader.required(correct, "\(path).correct", objectAt: start),
            role: try reader.required(role, "\(path).role", objectAt: start), wildcardDeadline: wildcardDeadline,
            answerCounts: try reader.required(answerCounts, "\(path).answerCounts", objectAt: start),
            playersRemaining: try reader.required(playersRemaining, "\(path).playersRemaining", objectAt: start))
    }
}

extension WildcardResultPayload {
    static func read(_ reader: inout JSONReader, at path: String = "payload") throws(WireFailure) -> WildcardResultPayload {
        reader.skipWhitespace()
        let start = reader.offset
        var requestId: RequestID?
        var questionId: QuestionID?
        var accepted: Bool?
        var reason: WildcardRejection?
        var balance: Int?
        var role: TriviaRole?
        try reader.fields(path) { reader, key throws(WireFailure) in
            switch key {
            case "requestId": requestId = try reader.id("\(path).requestId")
            case "questionId": questionId = try reader.id("\(path).questionId")
            case "accepted": accepted = try reader.bool("\(path).accepted")
            case "reason": reason = try reader.optionalID("\(path).reason")
            case "balance": balance = try reader.int("\(path).balance")
            case "role": role = try reader.rawValue("\(path).role", as: TriviaRole.self)
            default: try reader.skipValue()
            }
        }
        return WildcardResultPayload(
            requestId: try reader.required(requestId, "\(path).requestId", objectAt: start),
            questionId: try reader.required(questionId, "\(path).questionId", objectAt: start),
            accepted: try reader.required(accepted, "\(path).accepted", objectAt: start), reason: reason,
            balance: try reader.required(balance, "\(path).balance", objectAt: start),
            role: try reader.required(role, "\(path).role", objectAt: start))
    }
}

extension FinishPayload {
    static func read(_ reader: inout JSONReader, at path: String = "payload") throws(WireFailure) -> FinishPayload {
        reader.skipWhitespace()
        let start = reader.offset
        var competition: CompetitionID?
        var summary: FinishSummary?
        var winners: [TriviaWinner]?
        var you: FinalStanding?
        try reader.fields(path) { reader, key throws(WireFailure) in
            switch key {
            case "competition": competition = try reader.id("\(path).competition")
            case "summary": summary = try FinishSummary.read(&reader, at: "\(path).summary")
            case "winners":
                winners = try reader.objects("\(path).winners") { reader, path throws(WireFailure) in
                    try TriviaWinner.read(&reader, at: path)
                }
            case "you": you = try FinalStanding.read(&reader, at: "\(path).you")
            default: try reader.skipValue()
            }
        }
        return FinishPayload(
            competition: try reader.required(competition, "\(path).competition", objectAt: start),
            summary: try reader.required(summary, "\(path).summary", objectAt: start),
            winners: try reader.required(winners, "\(path).winners", objectAt: start),
            you: try reader.required(you, "\(path).you", objectAt: start))
    }
}

extension FinishSummary {
    static func read(_ reader: inout JSONReader, at path: String) throws(WireFailure) -> FinishSummary {
        reader.skipWhitespace()
        let start = reader.offset
        var questionCount: Int?
        var playerCount: Int?
        var winnerCount: Int?
        try reader.fields(path) { reader, key throws(WireFailure) in
            switch key {
            case "questionCount": questionCount = try reader.int("\(path).questionCount")
            case "playerCount": playerCount = try reader.int("\(path).playerCount")
            case "winnerCount": winnerCount = try reader.int("\(path).winnerCount")
            default: try reader.skipValue()
            }
        }
        return FinishSummary(
            questionCount: try reader.required(questionCount, "\(path).questionCount", objectAt: start),
            playerCount: try reader.required(playerCount, "\(path).playerCount", objectAt: start),
            winnerCount: try reader.required(winnerCount, "\(path).winnerCount", objectAt: start))
    }
}

extension TriviaWinner {
    static func read(_ reader: inout JSONReader, at path: String) throws(WireFailure) -> TriviaWinner {
        reader.skipWhitespace()
        let start = reader.offset
        var user: UserID?
        var displayName: String?
        var correctAnswers: Int?
        try reader.fields(path) { reader, key throws(WireFailure) in
            switch key {
            case "user": user = try reader.id("\(path).user")
            case "displayName": displayName = try reader.string("\(path).displayName")
            case "correctAnswers": correctAnswers = try reader.int("\(path).correctAnswers")
            default: try reader.skipValue()
            }
        }
        return TriviaWinner(
            user: try reader.required(user, "\(path).user", objectAt: start),
            displayName: try reader.required(displayName, "\(path).displayName", objectAt: start),
            correctAnswers: try reader.required(correctAnswers, "\(path).correctAnswers", objectAt: start))
    }
}

extension FinalStanding {
    static func read(_ reader: inout JSONReader, at path: String) throws(WireFailure) -> FinalStanding {
        reader.skipWhitespace()
        let start = reader.offset
        var role: TriviaRole?
        var winner: Bool?
        var correctAnswers: Int?
        var usedWildcard: Bool?
        var balance: Int?
        try reader.fields(path) { reader, key throws(WireFailure) in
            switch key {
            case "role": role = try reader.rawValue("\(path).role", as: TriviaRole.self)
            case "winner": winner = try reader.bool("\(path).winner")
            case "correctAnswers": correctAnswers = try reader.int("\(path).correctAnswers")
            case "usedWildcard": usedWildcard = try reader.bool("\(path).usedWildcard")
            case "balance": balance = try reader.optionalInt("\(path).balance")
            default: try reader.skipValue()
            }
        }
        return FinalStanding(
            role: try reader.required(role, "\(path).role", objectAt: start),
            winner: try reader.required(winner, "\(path).winner", objectAt: start),
            correctAnswers: try reader.required(correctAnswers, "\(path).correctAnswers", objectAt: start),
            usedWildcard: try reader.required(usedWildcard, "\(path).usedWildcard", objectAt: start), balance: balance)
    }
}

extension ErrorPayload {
    static func read(_ reader: inout JSONReader, at path: String = "payload") throws(WireFailure) -> ErrorPayload {
        reader.skipWhitespace()
        let start = reader.offset
        var code: TriviaErrorCode?
        var message: String?
        var ref: MessageID?
        try reader.fields(path) { reader, key throws(WireFailure) in
            switch key {
            case "code": code = try reader.id("\(path).code")
            case "message": message = try reader.string("\(path).message")
            case "ref": ref = try reader.optionalID("\(path).ref")
            default: try reader.skipValue()
            }
        }
        return ErrorPayload(
            code: try reader.required(code, "\(path).code", objectAt: start),
            message: try reader.required(message, "\(path).message", objectAt: start), ref: ref)
    }
}

extension PongPayload {
    static func read(_ reader: inout JSONReader, at path: String = "payload") throws(WireFailure) -> PongPayload {
        reader.skipWhitespace()
        let start = reader.offset
        var nonce: String?
        var serverTime: Date?
        try reader.fields(path) { reader, key throws(WireFailure) in
            switch key {
            case "nonce": nonce = try reader.optionalString("\(path).nonce")
            case "serverTime": serverTime = try reader.date("\(path).serverTime")
            default: try reader.skipValue()
            }
        }
        return PongPayload(nonce: nonce, serverTime: try reader.required(serverTime, "\(path).serverTime", objectAt: start))
    }
}

/// ``TriviaPayload/validationProblem`` of whichever payload a message holds.
extension ClientMessage {
    var payloadProblem: String? {
        switch self {
        case .join(let payload): payload.validationProblem
        case .answer(let payload): payload.validationProblem
        case .useWildcard(let payload): payload.validationProblem
        case .ping(let payload): payload.validationProblem
        }
    }
}

extension ServerMessage {
    var payloadProblem: String? {
        switch self {
        case .welcome(let payload): payload.validationProblem
        case .question(let payload): payload.validationProblem
        case .answerAck(let payload): payload.validationProblem
        case .result(let payload): payload.validationProblem
        case .wildcardResult(let payload): payload.validationProblem
        case .finish(let payload): payload.validationProblem
        case .error(let payload): payload.validationProblem
        case .pong(let payload): payload.validationProblem
        }
    }
}
