extension DecodingError {
    /// A document of another kind (another exercise's feed, a file picked by mistake): an error
    /// that names what was expected and lists the keys the object has, so that a person sees which
    /// file they gave, instead of a feed read as empty or a server said to have refused it.
    ///
    /// The message: `not a CarFit reply: expected an object with "success", … found an object with
    /// "rows", "title"` (the first five keys, sorted).
    public static func notThisFeed(_ feed: String, expected: String, decoder: any Decoder) -> DecodingError {
        let keys = ((try? decoder.singleValueContainer().decode([String: KeysOnly].self)) ?? [:]).keys.sorted()
        let shown = keys.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ") + (keys.count > 5 ? ", …" : "")
        let found = keys.isEmpty ? "an empty object" : "an object with \(shown)"
        return .dataCorrupted(
            DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a \(feed): expected \(expected), found \(found)"))
    }
}

/// A value whose content does not matter: only the keys of an object are read.
private struct KeysOnly: Decodable {
    init(from decoder: any Decoder) throws {}
}
