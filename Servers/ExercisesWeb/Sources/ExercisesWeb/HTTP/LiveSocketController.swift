import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import ServerSupport
import WSCore

/// `GET /live/{session}` with a WebSocket upgrade: a page's events in, its screens out
/// (Docs/Web.md, "Messages").
///
/// Routed on its own router (hummingbird-websocket's `ws` route), as the Trivia server's socket
/// is. The upgrade is refused, before any session is touched, when the session id is not one the
/// server could have made (hex digits) or when the request comes from a page of another origin
/// (`RequestOrigin`). An id that names no session is upgraded and told `expired`, so that
/// the page reloads and gets a new one.
struct LiveSocketController {
    let store: SessionStore
    let logger: Logger
    /// The largest message a page may send; a larger one closes the socket.
    let maxEventBytes: Int
    /// This server's names: an upgrade for another `Host` is refused (DNS rebinding).
    let hostPolicy: HostPolicy

    func addRoutes(to router: Router<LiveSocketRequestContext>) {
        router.ws(WebRoutes.live) { request, context in
            guard let id = context.parameters.get("session"), Self.isSessionID(id),
                RequestOrigin.isSameOrigin(request.head, policy: hostPolicy)
            else {
                return .dontUpgrade
            }
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            let id = context.requestContext.parameters.get("session") ?? ""
            await serve(session: id, inbound: inbound, outbound: outbound)
        }
    }

    /// Whether `id` is shaped like a session id (1 to 64 hex digits): anything else is refused
    /// without a lookup.
    static func isSessionID(_ id: String) -> Bool {
        (1...64).contains(id.count) && id.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit }
    }

    /// Plays the socket of session `id`: its page's messages in (a child task), the session's
    /// messages out (this task). One child task, not one for each direction: every task a socket
    /// holds while it waits costs memory, and a server holds thousands of sockets. Whichever
    /// side ends first ends the other: a page that goes away detaches its session, which ends
    /// the stream of messages out; a stream that ends (the socket could not be written, or
    /// another socket took the session) cancels the reading.
    private func serve(session id: String, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        guard let (stream, generation) = await attach(id) else {
            try? await outbound.write(.text(LiveUpdate.expired.json))
            return
        }
        await withTaskGroup(of: Void.self) { tasks in
            tasks.addTask {
                do {
                    for try await message in inbound.messages(maxSize: maxEventBytes) {
                        switch message {
                        case .text(let text): await receive(id, text)
                        case .binary: await refuse(id, .malformed("send text messages (JSON), not binary ones"))
                        }
                    }
                } catch {
                    logger.debug("live socket \(id.prefix(6)) ended: \(error)")
                }
                await detach(id, generation: generation)
            }
            for await text in stream {
                do {
                    try await outbound.write(.text(text))
                } catch {
                    break
                }
            }
            tasks.cancelAll()
        }
        await detach(id, generation: generation)
    }

    @MainActor private func attach(_ id: String) -> (AsyncStream<String>, Int)? {
        store.session(id)?.attach()
    }

    @MainActor private func detach(_ id: String, generation: Int) {
        store.session(id)?.detach(generation: generation)
    }

    @MainActor private func receive(_ id: String, _ text: String) {
        store.session(id)?.receive(text)
    }

    @MainActor private func refuse(_ id: String, _ error: LiveEventError) {
        store.session(id)?.refuse(error)
    }
}
