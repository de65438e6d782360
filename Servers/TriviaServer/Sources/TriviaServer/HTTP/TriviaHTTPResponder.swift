import Foundation
import HTTPTypes
import Hummingbird
import SharedNetworking
import Trivia
import TriviaHost

/// The plain HTTP side of the server: `GET /health` and the wild-card balance
/// (`GET /v1/users/{user}/wildcards`, served by the Trivia module's ``WildcardBalanceEndpoint``,
/// so routing, authentication and every error body are the documented ones). Any other path is
/// the endpoint's documented 404.
struct TriviaHTTPResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let endpoint: WildcardBalanceEndpoint
    let status: @Sendable () async -> TriviaServerStatus

    func respond(to request: Request, context: Context) async throws -> Response {
        if request.uri.path == "/health" {
            return json(200, await status())
        }
        // Only the target is used: the endpoint reads the percent-encoded path.
        guard let url = URL(string: "http://trivia.invalid" + request.uri.description) else {
            return json(400, TriviaHTTPErrorBody(code: "badRequest", message: "the request target is not a URL path"))
        }
        var headers = SharedNetworking.HTTPHeaders()
        for field in request.headers { headers[field.name.rawName] = field.value }
        let converted = SharedNetworking.HTTPRequest(url: url, method: HTTPMethod(rawValue: request.method.rawValue), headers: headers)
        let response = await endpoint.respond(to: converted)
        var fields = HTTPFields()
        for (name, value) in response.headers {
            if let name = HTTPField.Name(name) { fields[name] = value }
        }
        return Response(
            status: HTTPTypes.HTTPResponse.Status(code: response.status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: response.body)))
    }

    private func json(_ status: Int, _ value: some Encodable) -> Response {
        let body = TriviaHTTPJSON.body(value)
        return Response(
            status: HTTPTypes.HTTPResponse.Status(code: status),
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// `GET /health`: enough for a load balancer, a dashboard or a test to see the server is up
/// and where the competition is.
public struct TriviaServerStatus: Sendable, Hashable, Codable {
    public var status: String
    public var competition: CompetitionID
    /// `lobby`, `open`, `reviewing` or `finished`.
    public var phase: String
    /// The 0-based question on screen, if any.
    public var question: Int?
    public var startsAt: Date
    /// Open sockets, and those that joined.
    public var connections: Int
    public var joined: Int
    /// In cluster mode, this node's name and whether it owns the competition (absent for a
    /// single process).
    public var cluster: TriviaClusterStatus?

    public init(
        status: String, competition: CompetitionID, phase: String, question: Int?, startsAt: Date, connections: Int, joined: Int
    ) {
        self.status = status
        self.competition = competition
        self.phase = phase
        self.question = question
        self.startsAt = startsAt
        self.connections = connections
        self.joined = joined
        cluster = nil
    }
}
