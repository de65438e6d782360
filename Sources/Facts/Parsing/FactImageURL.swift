import Foundation

/// Turns the feed's `imageHref` text into a loadable http(s) URL, or `nil`.
///
/// Feeds write links by hand: raw spaces (`That fish.jpg`), already-escaped `%20`, a stray `%`,
/// non-ASCII file names, surrounding blanks. Characters that are not allowed in a URL are
/// percent-encoded, existing `%XX` escapes are kept as they are (so `%20` is not turned into
/// `%2520`), and anything that is not an absolute http(s) URL with a host is rejected.
public enum FactImageURL {
    /// The URL `text` means, percent-encoded where needed; `nil` unless it is an absolute http(s) URL with a host.
    public static func parse(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let escaped = escape(trimmed)
        guard let components = URLComponents(string: escaped),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty,
            let url = components.url
        else { return nil }
        return url
    }

    /// RFC 3986 unreserved and reserved characters; everything else is escaped.
    private static let allowed: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=".utf8)
    )

    private static func escape(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output = ""
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) {
                output += String(decoding: bytes[index...index + 2], as: UTF8.self)
                index += 3
                continue
            }
            if allowed.contains(byte) {
                output.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                output += "%" + hex(byte)
            }
            index += 1
        }
        return output
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
