import SharedNetworking

/// Extra fields (`id`, `size`, `data`) of a header, parsed leniently: a malformed tail (some
/// writers pad with zeros) ends the list instead of failing the entry.
struct ExtraFields {
    private(set) var fields: [(id: UInt16, data: [UInt8])] = []

    init(_ bytes: [UInt8]) {
        var reader = ByteCursor(bytes, onShortRead: ZipError.corrupt("extra field"))
        while reader.remaining >= 4 {
            guard let id = try? reader.u16LE(), let size = try? reader.u16LE(), let data = try? reader.bytes(Int(size)) else { break }
            fields.append((id, data))
        }
    }

    func first(_ id: UInt16) -> [UInt8]? {
        fields.first { $0.id == id }?.data
    }
}
