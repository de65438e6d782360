import Foundation
import SharedNetworking
import Trivia

/// How every Trivia HTTP endpoint writes its JSON body: keys sorted, instants as ``/Trivia/TriviaDates``
/// writes them, never cached. The one copy for the in-process ``WildcardBalanceEndpoint`` and
/// the Trivia server's routes, so their bodies are byte for byte the same. A `/` is written as
/// it is (Foundation escapes it as `\/` unless told not to), as in the socket's frames.
public enum TriviaHTTPJSON {
    /// `Content-Type: application/json; charset=utf-8` and `Cache-Control: no-store`.
    public static let headers: [String: String] = ["Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store"]

    /// `value` as a JSON body; `{}` if it cannot be encoded (a value with a non-finite number).
    public static func body(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(TriviaDates.string(from: date))
        }
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }
}

extension TriviaHTTPErrorBody {
    /// 404: the path is none of the endpoints (`path` as requested, percent-decoded).
    public static func notFound(path: String) -> TriviaHTTPErrorBody {
        TriviaHTTPErrorBody(code: "notFound", message: "no such endpoint: \(path)")
    }

    /// 405: the path is an endpoint, the method is not one it answers (the response's `Allow`
    /// header lists those).
    public static let methodNotAllowed = TriviaHTTPErrorBody(code: "methodNotAllowed", message: "use GET")
}
