import ScreenPreviews

/// One ``/ScreenPreviews/LivePatch`` operation as a page reads it: a JSON array led by its
/// kind, short because a patch is what every event costs on the wire.
///
/// - `["t", path, text]`: the text node at `path` gets `text`;
/// - `["a", path, tag, [[name, value], …]]`: the element at `path` (a `tag`) gets exactly these
///   attributes (the page keeps its own `style`);
/// - `["s", path, tag, at, remove, html]`: in the element at `path` (the root when empty),
///   `remove` children from `at` are replaced by the nodes of `html`.
struct LivePatchWire: Encodable, Sendable {
    var operation: LivePatch.Operation

    init(_ operation: LivePatch.Operation) {
        self.operation = operation
    }

    func encode(to encoder: any Encoder) throws {
        var array = encoder.unkeyedContainer()
        switch operation {
        case .text(let path, let text):
            try array.encode("t")
            try array.encode(path)
            try array.encode(text)
        case .attributes(let path, let tag, let attributes):
            try array.encode("a")
            try array.encode(path)
            try array.encode(tag)
            try array.encode(attributes.map { [$0.name, $0.value] })
        case .splice(let path, let tag, let at, let remove, let nodes):
            try array.encode("s")
            try array.encode(path)
            try array.encode(tag)
            try array.encode(at)
            try array.encode(remove)
            var html = ""
            for node in nodes { node.write(to: &html) }
            try array.encode(html)
        }
    }
}
