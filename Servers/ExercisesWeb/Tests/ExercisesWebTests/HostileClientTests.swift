import Foundation
import NIOCore
import ServerSupport
import TestSupport
import Testing

@testable import ExercisesWeb

/// exercises-web as the trusted servers hold against hostile clients, with short limits so each
/// mechanism shows in seconds (Docs/Security.md, "exercises-web").
@Suite("exercises-web under attack", .temporaryCaches)
struct HostileClientTests {
    /// 200 silent and 200 half-sent connections are closed by the head deadline, and an honest
    /// request is answered meanwhile.
    @Test(.timeLimit(.minutes(1)))
    func silentAndHalfSentConnectionsAreClosed() async throws {
        try await withRunningWebServer(
            configure: {
                $0.connectionLimits = ConnectionGuardLimits(headerTimeout: .seconds(2), maxConnectionsPerClient: 1_000)
            },
            { _, port in
                let connections = try await withThrowingTaskGroup(of: RawConnection.self) { group in
                    for index in 0..<400 {
                        group.addTask {
                            let connection = try await RawConnection.connect(port: port)
                            if index.isMultiple(of: 2) {
                                try await connection.channel.channel.writeAndFlush(ByteBuffer(string: "GET /health HTTP/1.1\r\nHost: 127"))
                            }
                            return connection
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(connections.count == 400)
                #expect(try await rawGET(port: port, "/health")?.status == 200, "an honest request waited behind them")
                let closed = await eventually(within: .seconds(40)) { connections.allSatisfy { !$0.channel.channel.isActive } }
                #expect(closed, "\(connections.filter { $0.channel.channel.isActive }.count) connections still open")
            })
    }

    /// Any site can make a browser send `GET /trivia` (an image, a link): it creates nothing, so
    /// 500 of them neither fill the server nor move anyone's seat.
    @Test(.timeLimit(.minutes(1)))
    func crossSiteRequestsCreateNoSession() async throws {
        try await withRunningWebServer { server, port in
            for index in 0..<500 {
                let answer = try await rawGET(
                    port: port, index.isMultiple(of: 2) ? "/trivia" : "/trivia/s/\(String(format: "%032x", index))",
                    headers: ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"])
                #expect(answer?.status == 200)
            }
            #expect(await server.sessionCount == 0)
            // And a cross-site POST (a form, a fetch) is refused.
            let posted = try await rawPOST(port: port, "/trivia/s", json: "{}", headers: ["Origin": "http://evil.example"])
            #expect(posted?.status == 403)
            #expect(await server.sessionCount == 0)
        }
    }
}
