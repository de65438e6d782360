internal import CZlib

/// How entry names become strings.
///
/// 1. An Info-ZIP Unicode Path extra field (0x7075) whose CRC matches the stored name wins.
/// 2. General purpose flag 11 set: UTF-8.
/// 3. Pure ASCII: ASCII.
/// 4. Made on Unix or macOS and valid UTF-8: UTF-8 (Archive Utility and Info-ZIP write UTF-8
///    without setting flag 11).
/// 5. Otherwise code page 437, the format's historical default; it maps every byte, so a name
///    always decodes.
enum ZipNameDecoding {
    static func decode(raw: [UInt8], flags: UInt16, versionMadeBy: UInt16, extra: ExtraFields) -> String {
        if let unicode = unicodePath(extra, raw: raw) { return unicode }
        let isASCII = raw.allSatisfy { $0 < 0x80 }
        let host = versionMadeBy >> 8
        if flags & ZipFormat.Flag.utf8 != 0 || isASCII || host == ZipFormat.Host.unix || host == ZipFormat.Host.macOS,
            let text = String(validating: raw, as: UTF8.self)
        {
            return text
        }
        return cp437(raw)
    }

    /// The 0x7075 field: version 1, CRC-32 of the stored name, then the UTF-8 name.
    static func unicodePath(_ extra: ExtraFields, raw: [UInt8]) -> String? {
        guard let field = extra.first(ZipFormat.ExtraField.unicodePath), field.count > 5, field[0] == 1 else { return nil }
        let stored = UInt32(field[1]) | UInt32(field[2]) << 8 | UInt32(field[3]) << 16 | UInt32(field[4]) << 24
        guard CRC32.checksum(raw) == stored else { return nil }
        return String(validating: field[5...], as: UTF8.self)
    }

    /// Code page 437: ASCII below 0x80, this table above.
    static func cp437(_ bytes: [UInt8]) -> String {
        var text = ""
        text.unicodeScalars.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte < 0x80 {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text.unicodeScalars.append(cp437High[Int(byte - 0x80)])
            }
        }
        return text
    }

    static let cp437High: [Unicode.Scalar] = Array(
        "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{00A0}"
            .unicodeScalars)
}
