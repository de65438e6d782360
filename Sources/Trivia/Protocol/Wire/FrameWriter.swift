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

/// Writes one message in the canonical form. Writing a ``FrameTemplate``, it leaves a hole
/// wherever a ``SplicedField`` goes instead of writing the value, so the same code writes a
/// frame for one user and the shared bytes of a broadcast to a million.
struct FrameWriter {
    var json = JSONWriter()
    /// Where each per-recipient field goes, when writing a template.
    private(set) var holes: [FrameTemplate.Hole] = []
    let isTemplate: Bool

    init(template: Bool = false) {
        isTemplate = template
    }

    /// A per-recipient field: written by `write` for a single frame, a hole in a template.
    mutating func spliced(_ field: SplicedField, _ write: (inout JSONWriter) -> Void) {
        if isTemplate {
            holes.append(FrameTemplate.Hole(offset: json.bytes.count, field: field))
        } else {
            write(&json)
        }
    }

    /// `{"id":…,"payload":…,"seq":…,"type":"…","version":…}`, keys sorted.
    mutating func envelope(id: MessageID, seq: Int, type: String, version: Int, payload: (inout FrameWriter) -> Void) {
        json.raw(#"{"id":"#)
        spliced(.id) { $0.string(id.rawValue) }
        json.raw(#","payload":"#)
        payload(&self)
        json.raw(#","seq":"#)
        spliced(.seq) { $0.int(seq) }
        json.raw(#","type":"#)
        json.string(type)
        json.raw(#","version":"#)
        json.int(version)
        json.byte(UInt8(ascii: "}"))
    }
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
