import Foundation
import NIOCore

/// How a run reads the server's memory and CPU: from `/proc` for a server this tool started,
/// from `GET /health` (`rssBytes`) for one at `--url` (whose CPU it cannot see).
struct ServerProbe: Sendable {
    var residentBytes: @Sendable () async -> Int?
    var cpuSeconds: @Sendable () -> Double?

    /// A server this tool started.
    static func child(_ server: ServerChild) -> ServerProbe {
        ServerProbe(residentBytes: { server.residentBytes() }, cpuSeconds: { server.cpuSeconds() })
    }

    /// A server at `endpoint`, asked over HTTP.
    static func health(_ endpoint: ServerEndpoint, group: any EventLoopGroup) -> ServerProbe {
        ServerProbe(
            residentBytes: { try? await readHealth(endpoint, group: group).rssBytes },
            cpuSeconds: { nil })
    }

    /// `GET /health`, decoded.
    static func readHealth(_ endpoint: ServerEndpoint, group: any EventLoopGroup) async throws -> HealthReading {
        let reply = try await LoadHTTPConnection.with(endpoint, from: nil, group: group) { try await $0.get("/health") }
        guard reply.status == 200 else { throw LoadError("GET /health answered \(reply.status)") }
        do {
            return try JSONDecoder().decode(HealthReading.self, from: Data(reply.body.utf8))
        } catch {
            throw LoadError("GET /health did not answer the JSON this tool reads (\(error)): \(reply.body.prefix(200))")
        }
    }
}
