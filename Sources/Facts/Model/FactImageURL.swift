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
        if let answer = text.utf8.withContiguousStorageIfAvailable(hasWebSchemeAndHost) { return answer }
        return Array(text.utf8).withUnsafeBufferPointer(hasWebSchemeAndHost)
    }

    private static func hasWebSchemeAndHost(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // `| 0x20` lowercases an ASCII letter and leaves `:` and `/` as they are.
        guard bytes.count >= 8, bytes[0] | 0x20 == UInt8(ascii: "h"), bytes[1] | 0x20 == UInt8(ascii: "t"),
            bytes[2] | 0x20 == UInt8(ascii: "t"), bytes[3] | 0x20 == UInt8(ascii: "p")
        else { return false }
        var index = bytes[4] | 0x20 == UInt8(ascii: "s") ? 5 : 4
        guard index + 3 <= bytes.count, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
            bytes[index + 2] == UInt8(ascii: "/")
        else { return false }
        index += 3
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") {
            end += 1
        }
        var host = index
        for position in index..<end where bytes[position] == UInt8(ascii: "@") { host = position + 1 }
        if host < end, bytes[host] == UInt8(ascii: "[") { return true }  // an IPv6 literal
        var hostEnd = host
        while hostEnd < end, bytes[hostEnd] != UInt8(ascii: ":") { hostEnd += 1 }
        return hostEnd > host
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
        let allowed = Self.allowed
        // Most links need nothing escaped: return them as they are.
        let clean = allowed.withUnsafeBufferPointer { table in
            text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { table[Int($0)] } }
        }
        if clean == true { return text }
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
