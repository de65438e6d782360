import HTTPTypes
import Hummingbird
import NIOCore

/// The few response shapes the server sends: a page, a file of text, a redirect.
extension Response {
    /// An HTML page, `text/html; charset=utf-8`.
    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response.text(text, type: "text/html; charset=utf-8", status: status)
    }

    /// `text` with the content type `type`.
    static func text(_ text: String, type: String, status: HTTPResponse.Status = .ok, cacheControl: String? = nil) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        if let cacheControl { headers[.cacheControl] = cacheControl }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// `303 See Other` to `path`, never cached (each `GET /{app}` is a new session).
    static func redirect(to path: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = path
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }
}
