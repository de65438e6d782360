import Foundation
import SharedNetworking

/// What the ``LoopbackHTTPServer`` sends back for one request, including how it misbehaves.
///
/// The misbehaviours are the ones a mobile client meets in the field and must survive: a slow
/// server (``delay``), a stalling body (``bodyDelay``, ``chunkSize``), a connection dropped
/// mid-body (``truncateAfter``) and a reset (``resetConnection``).
public struct ScriptedResponse: Sendable, Hashable {
    public var status: Int
    /// Sent as given. `Content-Length` is added unless present here or the body is chunked.
    public var headers: HTTPHeaders
    public var body: Data
    /// Wait before sending anything; a client that closes meanwhile is counted in
    /// ``LoopbackHTTPServer/closedByClientCount``.
    public var delay: Duration
    /// Wait between the head and the body; with ``chunkSize``, before every chunk.
    public var bodyDelay: Duration
    /// Send the body with `Transfer-Encoding: chunked` in pieces of this many bytes.
    public var chunkSize: Int?
    /// Announce the full `Content-Length` but close the connection after this many body bytes.
    public var truncateAfter: Int?
    /// End with a TCP reset (`SO_LINGER` 0) instead of a response; after
    /// ``truncateAfter`` bytes if both are set.
    public var resetConnection: Bool
    /// Send `Connection: close` and close after the response.
    public var closeConnection: Bool

    public init(
        status: Int = 200,
        headers: HTTPHeaders = [:],
        body: Data = Data(),
        delay: Duration = .zero,
        bodyDelay: Duration = .zero,
        chunkSize: Int? = nil,
        truncateAfter: Int? = nil,
        resetConnection: Bool = false,
        closeConnection: Bool = false
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.bodyDelay = bodyDelay
        self.chunkSize = chunkSize
        self.truncateAfter = truncateAfter
        self.resetConnection = resetConnection
        self.closeConnection = closeConnection
    }

    // MARK: Common responses

    /// 200 with `body` as `contentType`.
    public static func ok(_ body: Data, contentType: String = "application/octet-stream") -> ScriptedResponse {
        ScriptedResponse(status: 200, headers: ["Content-Type": contentType], body: body)
    }

    /// A JSON document (UTF-8, declared as such).
    public static func json(_ text: String, status: Int = 200) -> ScriptedResponse {
        ScriptedResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: Data(text.utf8))
    }

    /// Plain text, UTF-8 unless `contentType` says otherwise (the bytes are UTF-8 regardless).
    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> ScriptedResponse {
        ScriptedResponse(status: status, headers: ["Content-Type": contentType], body: Data(text.utf8))
    }

    /// An HTML page, the usual shape of a captive portal or a proxy's error page.
    public static func html(_ text: String, status: Int = 200) -> ScriptedResponse {
        ScriptedResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(text.utf8))
    }

    /// Just a status, with an optional plain-text body.
    public static func status(_ code: Int, body: String = "") -> ScriptedResponse {
        ScriptedResponse(status: code, headers: body.isEmpty ? [:] : ["Content-Type": "text/plain; charset=utf-8"], body: Data(body.utf8))
    }

    // MARK: Modifiers

    /// This response with one more header (replacing any of the same name).
    public func header(_ name: String, _ value: String) -> ScriptedResponse {
        var copy = self
        copy.headers[name] = value
        return copy
    }

    /// This response after `delay` of silence.
    public func delayed(by delay: Duration) -> ScriptedResponse {
        var copy = self
        copy.delay = delay
        return copy
    }

    /// This response with its body sent chunked, `chunkSize` bytes every `interval`.
    public func dribbled(chunkSize: Int, every interval: Duration) -> ScriptedResponse {
        var copy = self
        copy.chunkSize = max(1, chunkSize)
        copy.bodyDelay = interval
        return copy
    }

    /// This response cut off after `bytes` body bytes (the full `Content-Length` is announced).
    public func truncated(after bytes: Int) -> ScriptedResponse {
        var copy = self
        copy.truncateAfter = max(0, bytes)
        return copy
    }

    /// A connection reset instead of this response.
    public func reset() -> ScriptedResponse {
        var copy = self
        copy.resetConnection = true
        return copy
    }
}
