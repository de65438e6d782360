import ScreenPreviews
import SharedNetworking

/// A ``/ScreenPreviews/LivePatch`` as a page reads it: a JSON array of operations, each an
/// array led by its kind, short because a patch is what every event costs on the wire.
///
/// - `["t", path, text]`: the text node at `path` gets `text`;
/// - `["a", path, tag, [[name, value], …], [removed, …]]`: the element at `path` (a `tag`) gets
///   these attributes (new ones, or new values) and loses the removed ones (the list left out when
///   none is); the others stay as they are;
/// - `["s", path, tag, at, remove, html]`: in the element at `path` (the root when empty),
///   `remove` children from `at` are replaced by the nodes of `html`.
///
/// Written once per pair of screens (``LiveScreenCache``) and spliced into each session's
/// message as it is.
enum LivePatchWire {
    /// The operations of `patch`, a JSON array.
    static func json(_ patch: LivePatch) -> String {
        var json = JSONWriter(capacity: patch.payloadBytes + 64)
        json.array(patch.operations) { json, operation in write(operation, to: &json) }
        return json.text
    }

    private static func write(_ operation: LivePatch.Operation, to json: inout JSONWriter) {
        json.byte(UInt8(ascii: "["))
        switch operation {
        case .text(let path, let text):
            json.raw(#""t","#)
            json.array(path) { $0.int($1) }
            json.byte(UInt8(ascii: ","))
            json.string(text)
        case .attributes(let path, let tag, let changes):
            json.raw(#""a","#)
            json.array(path) { $0.int($1) }
            json.byte(UInt8(ascii: ","))
            json.string(tag)
            json.byte(UInt8(ascii: ","))
            json.array(changes.set) { json, attribute in
                json.byte(UInt8(ascii: "["))
                json.string(attribute.name)
                json.byte(UInt8(ascii: ","))
                json.string(attribute.value)
                json.byte(UInt8(ascii: "]"))
            }
            if !changes.removed.isEmpty {
                json.byte(UInt8(ascii: ","))
                json.array(changes.removed) { $0.string($1) }
            }
        case .splice(let path, let tag, let at, let remove, let nodes):
            json.raw(#""s","#)
            json.array(path) { $0.int($1) }
            json.byte(UInt8(ascii: ","))
            json.string(tag)
            json.byte(UInt8(ascii: ","))
            json.int(at)
            json.byte(UInt8(ascii: ","))
            json.int(remove)
            json.byte(UInt8(ascii: ","))
            var html = ""
            for node in nodes { node.write(to: &html) }
            json.string(html)
        }
        json.byte(UInt8(ascii: "]"))
    }
}
