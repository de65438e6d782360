/// Every message's payload as `Docs/Trivia/Protocol.md` declares it, in one place: each field's
/// name, JSON type, and whether it may be `null` (a nullable field is always written, `null` when
/// it does not apply, and a reader takes a missing one as `null`).
///
/// The hand-written reader (`PayloadReading.swift`) and writer (`PayloadWriting.swift`) are
/// checked against it, not generated from it: the writer is the hot path of every broadcast,
/// and a generic one was slower. `ProtocolDeclarationTests` builds a payload from each
/// declaration, reads it, writes it back and compares the bytes; takes every nullable field
/// away, and every required one; gives every field the wrong type; and compares the field
/// table under each message's heading in the document with the declaration, row by row.
enum TriviaProtocolDeclaration {
    /// A field's JSON type.
    enum FieldType: Sendable, Hashable {
        /// Any string.
        case string
        /// A non-empty string of at most 200 characters (ids, codes).
        case id
        /// An integer written without fraction or exponent.
        case integer
        /// `true` or `false`.
        case boolean
        /// An ISO 8601 instant, as a string.
        case instant
        /// One of these strings, and no other.
        case oneOf([String])
        /// An array of strings.
        case strings
        /// An array of integers.
        case integers
        /// An object whose fields are declared in ``objects`` under this name.
        case object(String)
        /// An array of such objects.
        case objects(String)

        /// How the document's tables name the type.
        var documented: String {
            switch self {
            case .string: "string"
            case .id: "id (string)"
            case .integer: "integer"
            case .boolean: "boolean"
            case .instant: "instant (string)"
            case .oneOf(let values): "string: " + values.map { "`\($0)`" }.joined(separator: " or ")
            case .strings: "array of strings"
            case .integers: "array of integers"
            case .object: "object"
            case .objects: "array of objects"
            }
        }
    }

    /// A user's role.
    static let role = FieldType.oneOf(["player", "viewer"])

    /// One field of a payload.
    struct Field: Sendable, Hashable {
        let name: String
        let type: FieldType
        let nullable: Bool
        /// A valid value, as JSON text, from the document's examples (for objects: unused, the
        /// object is built from its own fields' examples).
        let example: String

        init(_ name: String, _ type: FieldType, nullable: Bool = false, example: String = "") {
            self.name = name
            self.type = type
            self.nullable = nullable
            self.example = example
        }
    }

    /// One message type and its payload's fields, in the sorted order they are written.
    struct Payload: Sendable, Hashable {
        let type: String
        let fields: [Field]
    }

    /// What a client sends.
    static let client: [Payload] = [
        Payload(
            type: "join",
            fields: [
                Field("competition", .id, example: #""general-knowledge""#),
                Field("resumeFrom", .integer, nullable: true, example: "14"),
                Field("token", .string, example: #""t-ada""#),
                Field("user", .id, example: #""ada""#),
            ]),
        Payload(
            type: "answer",
            fields: [
                Field("choice", .integer, example: "1"),
                Field("questionId", .id, example: #""q01""#),
                Field("requestId", .id, example: #""ios-7f3a-r1""#),
            ]),
        Payload(
            type: "useWildcard",
            fields: [Field("questionId", .id, example: #""q02""#), Field("requestId", .id, example: #""ios-7f3a-r2""#)]),
        Payload(type: "ping", fields: [Field("nonce", .string, nullable: true, example: #""hb7""#)]),
    ]

    /// What the host sends.
    static let server: [Payload] = [
        Payload(
            type: "welcome",
            fields: [
                Field("balance", .integer, nullable: true, example: "2"),
                Field("competition", .object("competition")),
                Field("correctAnswers", .integer, example: "0"),
                Field("displayName", .string, example: #""Ada""#),
                Field("lastSeq", .integer, example: "0"),
                Field("resumed", .boolean, example: "true"),
                Field("role", role, example: #""player""#),
                Field("serverTime", .instant, example: #""2020-09-10T08:00:01.250Z""#),
                Field("usedWildcard", .boolean, example: "false"),
                Field("user", .id, example: #""ada""#),
            ]),
        Payload(
            type: "question",
            fields: [
                Field("choices", .strings, example: #"["Silver","Gold","Argon"]"#),
                Field("deadline", .instant, example: #""2020-09-10T08:00:20Z""#),
                Field("index", .integer, example: "0"),
                Field("openedAt", .instant, example: #""2020-09-10T08:00:10Z""#),
                Field("questionId", .id, example: #""q01""#),
                Field("role", role, example: #""player""#),
                Field("text", .string, example: #""Which element has the chemical symbol Au?""#),
                Field("total", .integer, example: "12"),
            ]),
        Payload(
            type: "answerAck",
            fields: [
                Field("choice", .integer, example: "1"),
                Field("questionId", .id, example: #""q01""#),
                Field("reason", .id, nullable: true, example: #""late""#),
                Field("requestId", .id, example: #""ios-7f3a-r1""#),
                Field("status", .oneOf(["accepted", "rejected"]), example: #""rejected""#),
            ]),
        Payload(
            type: "result",
            fields: [
                Field("answerCounts", .integers, example: "[3,41,6]"),
                Field("correct", .boolean, example: "true"),
                Field("correctChoice", .integer, example: "1"),
                Field("playersRemaining", .integer, example: "41"),
                Field("questionId", .id, example: #""q01""#),
                Field("role", role, example: #""player""#),
                Field("wildcardDeadline", .instant, nullable: true, example: #""2020-09-10T08:00:26Z""#),
                Field("yourChoice", .integer, nullable: true, example: "1"),
            ]),
        Payload(
            type: "wildcardResult",
            fields: [
                Field("accepted", .boolean, example: "false"),
                Field("balance", .integer, example: "1"),
                Field("questionId", .id, example: #""q02""#),
                Field("reason", .id, nullable: true, example: #""alreadyUsed""#),
                Field("requestId", .id, example: #""ios-7f3a-r2""#),
                Field("role", role, example: #""viewer""#),
            ]),
        Payload(
            type: "finish",
            fields: [
                Field("competition", .id, example: #""general-knowledge""#),
                Field("summary", .object("summary")),
                Field("winners", .objects("winner")),
                Field("you", .object("you")),
            ]),
        Payload(
            type: "error",
            fields: [
                Field("code", .id, example: #""malformed""#),
                Field("message", .string, example: #""payload.choice: expected an integer, found a string (byte 40)""#),
                Field("ref", .id, nullable: true, example: #""ios-7f3a-m3""#),
            ]),
        Payload(
            type: "pong",
            fields: [
                Field("nonce", .string, nullable: true, example: #""hb7""#),
                Field("serverTime", .instant, example: #""2020-09-10T08:00:16Z""#),
            ]),
    ]

    /// The objects nested in payloads, by the name their fields' types give.
    static let objects: [String: [Field]] = [
        "competition": [
            Field("id", .id, example: #""general-knowledge""#),
            Field("questionCount", .integer, example: "12"),
            Field("startsAt", .instant, example: #""2020-09-10T08:00:10Z""#),
            Field("title", .string, example: #""General Knowledge""#),
        ],
        "summary": [
            Field("playerCount", .integer, example: "50"),
            Field("questionCount", .integer, example: "12"),
            Field("winnerCount", .integer, example: "2"),
        ],
        "winner": [
            Field("correctAnswers", .integer, example: "12"),
            Field("displayName", .string, example: #""Grace""#),
            Field("user", .id, example: #""grace""#),
        ],
        "you": [
            Field("balance", .integer, nullable: true, example: "1"),
            Field("correctAnswers", .integer, example: "11"),
            Field("role", role, example: #""player""#),
            Field("usedWildcard", .boolean, example: "true"),
            Field("winner", .boolean, example: "true"),
        ],
    ]
}
