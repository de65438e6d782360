import Foundation

/// A string identifier tagged with what it identifies, so a ``QuestionID`` can never be passed
/// where a ``RequestID`` is expected. Encodes as a bare JSON string.
public struct TriviaID<Tag>: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

public enum UserTag {}
public enum QuestionTag {}
public enum RequestTag {}
public enum CompetitionTag {}
public enum MessageTag {}

/// Who plays: the account behind a token.
public typealias UserID = TriviaID<UserTag>
/// One question of a competition, unique within it.
public typealias QuestionID = TriviaID<QuestionTag>
/// Chosen by the client for each answer or wild-card request; a resent request keeps its id so
/// the server can treat it idempotently.
public typealias RequestID = TriviaID<RequestTag>
/// One competition (one run of a question set).
public typealias CompetitionID = TriviaID<CompetitionTag>
/// The envelope's `id`: unique per sender, referenced by `error` messages.
public typealias MessageID = TriviaID<MessageTag>

/// One socket connection on the host. Assigned by whoever accepts connections (the in-memory
/// network, the WebSocket server); never sent on the wire.
public struct ConnectionID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    public var description: String { "c\(rawValue)" }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Whether a user may answer (`player`) or only watch (`viewer`).
public enum TriviaRole: String, Sendable, Hashable, Codable, CaseIterable {
    case player
    case viewer
}

extension TriviaID: CodingKeyRepresentable {
    public var codingKey: any CodingKey { TriviaIDKey(stringValue: rawValue) }

    public init?<T: CodingKey>(codingKey: T) {
        self.init(rawValue: codingKey.stringValue)
    }
}

/// Lets a dictionary keyed by a ``TriviaID`` encode as a JSON object.
private struct TriviaIDKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
