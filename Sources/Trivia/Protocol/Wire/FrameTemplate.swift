import Foundation

/// A field of a server message that differs between the users a broadcast goes to.
public enum SplicedField: UInt8, Sendable, Hashable {
    /// The envelope's `id`.
    case id
    /// The envelope's `seq`.
    case seq
    /// `question.role`, `result.role`.
    case role
    /// `result.yourChoice`.
    case yourChoice
    /// `result.correct`.
    case correct
    /// `finish.you`, the whole object.
    case you
}

/// The bytes of one server message encoded once for many users, with the offsets where each
/// user's own fields (``SplicedField``) go. A user's frame is the bytes between the holes with
/// that user's values written into them: a copy and a few integers, not an encoding.
///
/// This is also the unit a multi-node host can ship to an edge node: the template once, then a
/// row of values per connection (see ``ServerBroadcast``).
public struct FrameTemplate: Sendable, Hashable {
    /// Where a per-recipient field goes.
    public struct Hole: Sendable, Hashable {
        /// Byte offset into ``FrameTemplate/bytes`` where the field's value is inserted.
        public let offset: Int
        /// Which field.
        public let field: SplicedField
    }

    /// The message's bytes without the per-recipient values.
    public let bytes: [UInt8]
    /// The holes, in increasing offset.
    public let holes: [Hole]
}
