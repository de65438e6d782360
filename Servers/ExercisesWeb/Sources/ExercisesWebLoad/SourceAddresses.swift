import NIOCore

/// The local addresses a run's connections come from, so that it looks like many people and
/// not one client: the server caps connections and sessions per remote address.
///
/// On Linux every address of 127.0.0.0/8 is this machine's, so a client socket can be bound to
/// 127.0.0.2, 127.0.0.3, … before it connects to a server on 127.0.0.1; session `n` of a run
/// always comes from source `n mod count` (its `POST` and its WebSocket alike). The addresses
/// skip 127.0.0.1 (the server's own) and every last byte 0 or 255. With a server that is not on
/// loopback, nothing is bound and every connection comes from the system's choice.
struct SourceAddresses: Sendable, Equatable {
    /// How many distinct addresses; 0 when nothing is bound.
    let count: Int

    /// `count` addresses when `host` is an IPv4 loopback address, none otherwise.
    init(count: Int, host: String) {
        self.count = Self.isLoopback(host) ? max(1, count) : 0
    }

    /// The default: enough that no address holds more than `perAddress` sessions.
    static func defaultCount(sessions: Int, perAddress: Int = 50) -> Int {
        max(1, (sessions + perAddress - 1) / perAddress)
    }

    /// The address of source `index` as text: 127.0.0.2 … 127.0.0.254, then 127.0.1.1 ….
    static func address(_ index: Int) -> String {
        let offset = index + 1
        let high = offset / 254
        return "127.\(high / 256 % 256).\(high % 256).\(offset % 254 + 1)"
    }

    /// Where session `session` connects from; `nil` when nothing is bound.
    func socketAddress(forSession session: Int) throws -> SocketAddress? {
        guard count > 0 else { return nil }
        return try SocketAddress(ipAddress: Self.address(session % count), port: 0)
    }

    /// Whether `host` is in 127.0.0.0/8.
    static func isLoopback(_ host: String) -> Bool {
        let parts = host.split(separator: ".")
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
