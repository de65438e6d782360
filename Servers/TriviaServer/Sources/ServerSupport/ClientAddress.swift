import NIOCore

/// Who a connection comes from, as the guards count it: an IPv4 address, or the `/64` network of
/// an IPv6 address.
///
/// Counting IPv6 clients by their whole address would let one of them take a new identity per
/// request: a single customer is routinely given a `/64` (RFC 6177), 2^64 addresses. Grouping
/// by that prefix is what rate limiters for IPv6 do (OWASP, "Blocking Brute Force Attacks").
/// An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, a dual-stack socket's view of an IPv4 peer)
/// counts as the IPv4 address it carries.
public struct ClientAddress: Sendable, Hashable, CustomStringConvertible {
    /// `203.0.113.7`, `2001:db8:1:2::/64`, `unix` or `unknown`.
    public let description: String

    /// The client a socket's peer address stands for; `unknown` when the channel has none.
    public init(_ address: SocketAddress?) {
        switch address {
        case .v4?:
            description = address?.ipAddress ?? "unknown"
        case .v6(let v6)?:
            let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            description = Self.describe(v6: bytes) ?? address?.ipAddress ?? "unknown"
        case .unixDomainSocket?:
            description = "unix"
        case nil:
            description = "unknown"
        }
    }

    /// A client known by its text (tests, a proxy's forwarded address).
    public init(_ text: String) {
        description = text
    }

    /// The IPv4 address of a mapped IPv6 address, or the `/64` prefix of any other.
    static func describe(v6 bytes: [UInt8]) -> String? {
        guard bytes.count == 16 else { return nil }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
