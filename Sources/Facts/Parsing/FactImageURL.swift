import Foundation
import SharedNetworking

/// Turns the feed's `imageHref` text into a loadable http(s) URL, or `nil`.
///
/// Feeds write links by hand: raw spaces (`That fish.jpg`), already-escaped `%20`, a stray `%`,
/// non-ASCII file names, surrounding blanks. Characters that are not allowed in a URL are
/// percent-encoded, existing `%XX` escapes are kept as they are (so `%20` is not turned into
/// `%2520`), and anything that is not an absolute http(s) URL with a host is rejected.
public enum FactImageURL {
    /// The URL `text` means, percent-encoded where needed; `nil` unless it is an absolute http(s) URL with a host.
    public static func parse(_ text: String) -> URL? {
        let trimmed = FeedText.trimmed(text)
        guard !trimmed.isEmpty else { return nil }
        let escaped = escape(trimmed)
        guard hasWebSchemeAndHost(escaped), let url = URL(string: escaped) else { return nil }
        return url
    }

    /// `http://host…` or `https://host…` (any case), where the host is not empty once user
    /// information (`user@`) and a port (`:8080`) are set aside. Checked on the bytes, before
    /// parsing, so a link that cannot be loaded costs no URL.
    private static func hasWebSchemeAndHost(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        for (index, letter) in "https".utf8.enumerated() {
            guard let byte = bytes.first else { return false }
            if index == 4, byte == UInt8(ascii: ":") { break }  // http:
            guard byte | 0x20 == letter else { return false }
            bytes = bytes.dropFirst()
        }
        guard bytes.starts(with: "://".utf8) else { return false }
        let authority = bytes.dropFirst(3).prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let hostAndPort = authority.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false).last ?? authority
        let host = hostAndPort.first == UInt8(ascii: "[") ? hostAndPort : hostAndPort.prefix { $0 != UInt8(ascii: ":") }
        return !host.isEmpty
    }

    /// RFC 3986 unreserved and reserved characters: these may appear as they are; everything
    /// else is escaped.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: "/"),
            UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "@"), UInt8(ascii: "!"),
            UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
            UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default:
            false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func escape(_ text: String) -> String {
        // Most links need nothing escaped: return them as they are.
        if text.utf8.allSatisfy(isAllowed) { return text }
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
            if isAllowed(byte) {
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
