import Foundation
import SharedNetworking

/// Turns the feed's `imageHref` text into a loadable http(s) URL, or `nil`.
///
/// Feeds write links by hand: raw spaces (`That fish.jpg`), already-escaped `%20`, a stray `%`,
/// non-ASCII file names, surrounding blanks. Characters that are not allowed in a URL are
/// percent-encoded, existing `%XX` escapes are kept as they are (so `%20` is not turned into
/// `%2520`), and anything that is not an absolute http(s) URL with a host is rejected.
public enum FactImageURL {
    public static func parse(_ text: String) -> URL? {
        let trimmed = FeedText.trimmed(text)
        guard !trimmed.isEmpty, let url = URL(string: escape(trimmed)),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }

    /// Whether each byte may appear in a URL as it is: RFC 3986 unreserved and reserved
    /// characters. Everything else is escaped.
    private static let allowed: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=".utf8 { table[Int(byte)] = true }
        return table
    }()

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func escape(_ text: String) -> String {
        // Most links need nothing escaped: return them as they are.
        if text.utf8.allSatisfy({ allowed[Int($0)] }) { return text }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) {
                output.append(contentsOf: bytes[index...index + 2])
                index += 3
                continue
            }
            if allowed[Int(byte)] {
                output.append(byte)
            } else {
                output.append(contentsOf: [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]])
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
