import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// One session's WebSocket (`/live/{id}`), upgraded as a browser upgrades it (the page's
/// `Origin`), from its source address; attached once the first message (the whole screen) came.
struct LiveConnection: Sendable {
    let channel: any Channel
    /// What the socket saw, once the plan's time is up or the socket closed.
    let finished: EventLoopFuture<ConnectionStats>

    /// Connects session `id` on `loop` from `source`, and waits for its first message (at most
    /// `attachTimeout`).
    static func attach(
        _ id: String, to endpoint: ServerEndpoint, from source: SocketAddress?, on loop: any EventLoop, scenario: LoadScenario,
        markers: [[UInt8]], attachTimeout: TimeAmount = .seconds(30)
    ) async throws -> LiveConnection {
        let attached = loop.makePromise(of: Void.self)
        let finished = loop.makePromise(of: ConnectionStats.self)
        let path = "/live/\(id)"
        var bootstrap = ClientBootstrap(group: loop).channelOption(.socketOption(.so_reuseaddr), value: 1)
        if let source { bootstrap = bootstrap.bind(to: source) }
        do {
            let upgraded = try await bootstrap.connect(host: endpoint.host, port: endpoint.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<(any Channel)?>(maxFrameSize: 1 << 20) { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(
                                LiveSocketHandler(scenario: scenario, markers: markers, attached: attached, finished: finished))
                            return channel
                        }
                    }
                    var headers = HTTPHeaders()
                    headers.add(name: "Host", value: endpoint.authority)
                    headers.add(name: "Origin", value: endpoint.origin)
                    headers.add(name: "Content-Length", value: "0")
                    let request = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)
                    let upgrade = NIOTypedHTTPClientUpgradeConfiguration<(any Channel)?>(
                        upgradeRequestHead: request, upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in
                            channel.eventLoop.makeCompletedFuture {
                                channel.close(promise: nil)
                                return nil
                            }
                        })
                    // The server writes the whole screen right after its 101, often in the same
                    // read: those bytes go on to the WebSocket decoder, not dropped.
                    var configuration = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: upgrade)
                    configuration.leftOverBytesStrategy = .forwardBytes
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: configuration)
                }
            }
            guard let channel = try await upgraded.get() else {
                throw LoadError("the server did not upgrade \(path) to a WebSocket")
            }
            let timeout = loop.scheduleTask(in: attachTimeout) {
                attached.fail(LoadError("no first message on \(path) within \(attachTimeout.nanoseconds / 1_000_000_000) s"))
            }
            do {
                try await attached.futureResult.get()
                timeout.cancel()
            } catch {
                channel.close(promise: nil)
                throw error
            }
            return LiveConnection(channel: channel, finished: finished.futureResult)
        } catch {
            // The handler was never added, or the socket closed first: nothing else completes these.
            attached.fail(error)
            finished.fail(error)
            throw error
        }
    }

    /// Gives the handler its plan.
    func begin(_ plan: DrivePlan) {
        channel.pipeline.fireUserInboundEventTriggered(LiveSocketHandler.Begin(plan: plan))
    }

    /// Starts the close handshake.
    func close() {
        channel.pipeline.fireUserInboundEventTriggered(LiveSocketHandler.Close.close)
    }
}
