import Foundation
import Hummingbird
import Trivia
import TriviaHost

extension Response {
    /// A JSON response as every Trivia endpoint writes it (``TriviaHost/TriviaHTTPJSON``: keys
    /// sorted, `/` unescaped, `Cache-Control: no-store`).
    static func triviaJSON(_ status: HTTPResponse.Status, _ value: some Encodable, headers extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: TriviaHTTPJSON.body(value))))
    }
}
