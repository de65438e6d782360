import Foundation
import SharedNetworking
import Trivia

/// How every Trivia HTTP endpoint writes its JSON body: keys sorted, instants as ``/Trivia/TriviaDates``
/// writes them, never cached. The one copy for the in-process ``WildcardBalanceEndpoint`` and
/// the Trivia server's routes, so their bodies are byte for byte the same.
public enum TriviaHTTPJSON {
    /// `Content-Type: application/json; charset=utf-8` and `Cache-Control: no-store`.
    public static let headers: [String: String] = ["Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store"]

    /// `value` as a JSON body; `{}` if it cannot be encoded (a value with a non-finite number).
    public static func body(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(TriviaDates.string(from: date))
        }
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }
}
