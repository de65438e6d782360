/// A value that travels in JSON as its text form (`"2020-09-10"`, `"2020-09"`), checked when read.
///
/// Days and months are read by people and scripts in the `--json` output; a string is clearer
/// there than an object of numbers, and reading one back rejects impossible values.
public protocol CodableAsText: Codable, LosslessStringConvertible {
    /// The expected shape, for the error message: `YYYY-MM-DD`.
    static var textFormat: String { get }
}

extension CodableAsText {
    /// Decodes the text form; text that does not parse is a decoding error naming ``textFormat``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected \(Self.textFormat), found \"\(text.prefix(20))\"")
        }
        self = value
    }

    /// Encodes the text form, `description`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
