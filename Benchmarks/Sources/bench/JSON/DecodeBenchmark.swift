import Foundation

/// A document decoded by our loading path, next to the floor: a plain `JSONDecoder` decode of
/// the same (UTF-8) bytes into minimal structs holding the same fields.
struct DecodeBenchmark: Benchmark {
    var name: String
    var title: String
    var runs = 15
    /// The document, written once by `prepare`.
    var document: @Sendable (Scale) throws -> Data
    /// Ours: bytes as they arrive → what the screen shows.
    var ours: @Sendable (Data) async throws -> Void
    /// The floor, given the document already converted to UTF-8 (JSONDecoder needs that).
    var floor: @Sendable (Data) throws -> Void
    var floorName = "floor: JSONDecoder → minimal structs"
    var oursName = "ours: bytes → view state"
    /// Ours stopped after decoding (bytes → the module's model, no view state), which splits
    /// our time into loading and presenting.
    var decodeOnly: (@Sendable (Data) throws -> Void)?
    /// More rows of ours, after the first (named variants of the same path).
    var extra: [(String, @Sendable (Data) throws -> Void)] = []

    func prepare(in directory: URL, scale: Scale) async throws -> String {
        let data = try document(scale)
        try data.write(to: directory.appendingPathComponent("document.json"))
        let utf8 = Self.utf8(data)
        try utf8.write(to: directory.appendingPathComponent("document-utf8.json"))
        try await ours(data)  // both must succeed on it before anything is timed
        try floor(utf8)
        return formatBytes(data.count) + (utf8 == data ? "" : " (not UTF-8; the floor gets it converted beforehand)")
    }

    func contenders(in directory: URL, scale: Scale) throws -> [Contender] {
        let data = (try? Data(contentsOf: directory.appendingPathComponent("document.json"))) ?? Data()
        let utf8 = (try? Data(contentsOf: directory.appendingPathComponent("document-utf8.json"))) ?? Data()
        var contenders: [Contender] = [.ours(oursName) { try await ours(data) }]
        if let decodeOnly { contenders.append(.ours("ours, decode only: bytes → model") { try decodeOnly(data) }) }
        for (name, work) in extra { contenders.append(.ours(name) { try work(data) }) }
        contenders.append(.peer(floorName) { try floor(utf8) })
        return contenders
    }

    /// The document as UTF-8: unchanged when it already is, else read as Windows-1252.
    static func utf8(_ data: Data) -> Data {
        if String(data: data, encoding: .utf8) != nil { return data }
        return Data((String(data: data, encoding: .windowsCP1252) ?? "").utf8)
    }
}
