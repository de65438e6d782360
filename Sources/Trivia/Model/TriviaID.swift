import Foundation

/// A string identifier tagged with what it identifies, so a ``QuestionID`` can never be passed
/// where a ``RequestID`` is expected. Encodes as a bare JSON string.
public struct TriviaID<Tag>: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The identifier as sent on the wire.
    public let rawValue: String

    /// An identifier from its wire form.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// An identifier from its wire form, unlabelled.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// An identifier from a literal, for tests and fixtures.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The wire form.
    public var description: String { rawValue }

    /// Orders by the wire form, so standings and logs are stable.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Tags user identifiers (``UserID``).
public enum UserTag {}
/// Tags question identifiers (``QuestionID``).
public enum QuestionTag {}
/// Tags request identifiers (``RequestID``): one per answer or wild-card request, reused by resends.
public enum RequestTag {}
/// Tags competition identifiers (``CompetitionID``).
public enum CompetitionTag {}
/// Tags message identifiers (``MessageID``).
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
    /// The number the accepting side assigned.
    public let rawValue: UInt64

    /// A connection id from its number.
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    /// `c7`, for logs.
    public var description: String { "c\(rawValue)" }

    /// In order of assignment.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Whether a user may answer (`player`) or only watch (`viewer`).
public enum TriviaRole: String, Sendable, Hashable, Codable, CaseIterable {
    /// May answer.
    case player
    /// May only watch.
    case viewer
}

extension TriviaID: CodingKeyRepresentable {
    /// The identifier as a dictionary key: JSON objects keyed by user or question id encode as plain objects.
    public var codingKey: any CodingKey { TriviaIDKey(stringValue: rawValue) }

    /// An identifier from a dictionary key.
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
