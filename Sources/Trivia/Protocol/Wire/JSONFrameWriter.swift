import Foundation
import SharedNetworking

/// Writes one message in the canonical form. Writing a ``FrameTemplate``, it leaves a hole
/// wherever a ``SplicedField`` goes instead of writing the value, so the same code writes a
/// frame for one user and the shared bytes of a broadcast to a million.
struct JSONFrameWriter {
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
    mutating func envelope(id: MessageID, seq: Int, type: String, version: Int, payload: (inout JSONFrameWriter) -> Void) {
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
