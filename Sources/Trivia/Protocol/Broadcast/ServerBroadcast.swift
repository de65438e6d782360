import Foundation
import SharedNetworking

/// What one user's copy of a broadcast says that another user's does not, besides `id` and
/// `seq`.
public enum Personalization: Sendable, Hashable {
    /// `question.role`.
    case question(role: TriviaRole)
    /// `result.yourChoice`, `result.correct`, `result.role`.
    case result(yourChoice: Int?, correct: Bool, role: TriviaRole)
    /// `finish.you`.
    case finish(you: FinalStanding)
}

/// One user's copy of a broadcast: its envelope `id` and `seq` (stream messages are numbered
/// per user) and its own fields.
public struct BroadcastCopy: Sendable, Hashable {
    /// How the id is kept: as given, or as the host numbers stream messages (`m{seq}{suffix}`),
    /// written straight into the frame so a broadcast builds no id string per user.
    enum Identifier: Sendable, Hashable {
        case given(MessageID)
        case stream(suffix: String)
    }

    let identifier: Identifier
    /// The envelope's `seq`: this user's stream position.
    public var seq: Int
    /// This user's own fields of the message.
    public var personalization: Personalization

    /// A copy with its whole envelope `id` given (a message id that does not follow the
    /// host's `m{seq}{suffix}` numbering).
    public init(id: MessageID, seq: Int, personalization: Personalization) {
        self.identifier = .given(id)
        self.seq = seq
        self.personalization = personalization
    }

    /// A copy whose id is `m{seq}{suffix}` (the host's stream message ids, `m7-ada`), kept as
    /// its suffix: the frame is written without building the id's string. A host spread over
    /// several nodes ships copies in this form (``streamIDSuffix``) and rebuilds them with it.
    public init(seq: Int, idSuffix: String, personalization: Personalization) {
        self.identifier = .stream(suffix: idSuffix)
        self.seq = seq
        self.personalization = personalization
    }

    /// The suffix of a copy made by ``init(seq:idSuffix:personalization:)`` (its id is
    /// `m{seq}{suffix}`); `nil` for a copy given its whole id.
    public var streamIDSuffix: String? {
        switch identifier {
        case .given: nil
        case .stream(let suffix): suffix
        }
    }

    /// The envelope's `id`.
    public var id: MessageID {
        switch identifier {
        case .given(let id): id
        case .stream(let suffix): MessageID("m\(seq)\(suffix)")
        }
    }

    /// Writes the id as a JSON string.
    func writeID(to json: inout JSONWriter) {
        switch identifier {
        case .given(let id):
            json.string(id.rawValue)
        case .stream(let suffix):
            json.raw(#""m"#)
            json.int(seq)
            var suffix = suffix
            suffix.withUTF8 { json.escape($0) }
            json.byte(UInt8(ascii: "\""))
        }
    }

    /// Copies are equal when their envelopes are: the same `id` (however it is kept), `seq`
    /// and fields.
    public static func == (lhs: BroadcastCopy, rhs: BroadcastCopy) -> Bool {
        lhs.seq == rhs.seq && lhs.personalization == rhs.personalization && lhs.id == rhs.id
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(seq)
        hasher.combine(personalization)
    }
}

/// A server message that many users receive, encoded once (``template``). Each user's frame is
/// the template with that user's ``BroadcastCopy`` written into its holes, so the cost of one
/// more user is a copy of the shared bytes and a few integers.
///
/// Immutable and shared by reference: the host keeps one per broadcast in every recipient's
/// log, and a server renders each connection's frame from it.
public final class BroadcastMessage: Sendable, Hashable {
    /// The message as sent, except for each copy's ``Personalization``.
    public let message: ServerMessage
    /// The envelope's protocol `version`.
    public let version: Int
    /// The encoded message with holes for ``SplicedField``s.
    public let template: FrameTemplate

    /// Encodes `message` once, with holes where each copy's fields go.
    public init(_ message: ServerMessage, version: Int = TriviaCodec.protocolVersion) {
        self.message = message
        self.version = version
        self.template = TriviaCodec.template(for: message, version: version)
    }

    /// The full envelope one user receives (for logs, tests, and transports that want values).
    public func envelope(for copy: BroadcastCopy) -> ServerEnvelope {
        ServerEnvelope(version: version, id: copy.id, seq: copy.seq, message: message.personalized(copy.personalization))
    }

    /// One user's frame: exactly the bytes `TriviaCodec.encode(_:)` writes for
    /// ``envelope(for:)``.
    public func frame(for copy: BroadcastCopy) -> [UInt8] {
        var bytes: [UInt8] = []
        write(copy, into: &bytes)
        return bytes
    }

    /// Appends one user's frame to `bytes`.
    public func write(_ copy: BroadcastCopy, into bytes: inout [UInt8]) {
        var json = JSONWriter(capacity: 0)
        swap(&json.bytes, &bytes)
        defer { swap(&json.bytes, &bytes) }
        json.bytes.reserveCapacity(json.bytes.count + template.bytes.count + 64)
        template.bytes.withUnsafeBufferPointer { shared in
            var start = 0
            for hole in template.holes {
                json.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: shared[start..<hole.offset]))
                start = hole.offset
                write(hole.field, of: copy, to: &json)
            }
            json.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: shared[start...]))
        }
    }

    private func write(_ field: SplicedField, of copy: BroadcastCopy, to json: inout JSONWriter) {
        switch (field, copy.personalization) {
        case (.id, _): copy.writeID(to: &json)
        case (.seq, _): json.int(copy.seq)
        case (.role, .question(let role)), (.role, .result(_, _, let role)): json.string(role.rawValue)
        case (.yourChoice, .result(let choice, _, _)): json.int(choice)
        case (.correct, .result(_, let correct, _)): json.bool(correct)
        case (.you, .finish(let you)): you.write(to: &json)
        default:
            // A copy whose personalization is for another message type: the shared value.
            writeShared(field, to: &json)
        }
    }

    /// The message's own value of `field` (for a copy that does not override it).
    private func writeShared(_ field: SplicedField, to json: inout JSONWriter) {
        switch (field, message) {
        case (.role, .question(let question)): json.string(question.role.rawValue)
        case (.role, .result(let result)): json.string(result.role.rawValue)
        case (.yourChoice, .result(let result)): json.int(result.yourChoice)
        case (.correct, .result(let result)): json.bool(result.correct)
        case (.you, .finish(let finish)): finish.you.write(to: &json)
        default: json.null()
        }
    }

    /// The same instance, or the same version and message.
    public static func == (lhs: BroadcastMessage, rhs: BroadcastMessage) -> Bool {
        lhs === rhs || (lhs.version == rhs.version && lhs.message == rhs.message)
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(version)
        hasher.combine(message)
    }
}

/// One message to many connections, as the host emits it: the shared message once and a
/// ``BroadcastCopy`` per connection. A server renders each frame from the template; a host
/// spread over several nodes can ship the template once per edge node with the rows of that
/// node's connections (Docs/TriviaServer/Design.md, "Scaling past one machine").
public struct ServerBroadcast: Sendable, Hashable {
    /// One connection's copy.
    public struct Recipient: Sendable, Hashable {
        /// The connection the frame is written to.
        public var connection: ConnectionID
        /// That user's `id`, `seq` and own fields.
        public var copy: BroadcastCopy

        /// `copy` for `connection`.
        public init(connection: ConnectionID, copy: BroadcastCopy) {
            self.connection = connection
            self.copy = copy
        }
    }

    /// The shared message, encoded once.
    public var message: BroadcastMessage
    /// Who receives it, in the host's order.
    public var recipients: [Recipient]

    /// `message` for `recipients`.
    public init(message: BroadcastMessage, recipients: [Recipient]) {
        self.message = message
        self.recipients = recipients
    }

    /// Every recipient's envelope, for code that wants values rather than bytes.
    public var envelopes: [(connection: ConnectionID, envelope: ServerEnvelope)] {
        recipients.map { ($0.connection, message.envelope(for: $0.copy)) }
    }
}

extension ServerMessage {
    /// The message with one user's fields.
    func personalized(_ personalization: Personalization) -> ServerMessage {
        switch (self, personalization) {
        case (.question(var question), .question(let role)):
            question.role = role
            return .question(question)
        case (.result(var result), .result(let yourChoice, let correct, let role)):
            result.yourChoice = yourChoice
            result.correct = correct
            result.role = role
            return .result(result)
        case (.finish(var finish), .finish(let you)):
            finish.you = you
            return .finish(finish)
        default:
            return self
        }
    }
}
