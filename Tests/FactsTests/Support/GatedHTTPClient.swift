import Foundation
import SharedNetworking
import TestSupport

/// An HTTP client whose responses the test releases one at a time, counting requests.
final class GatedHTTPClient: HTTPClient {
    private struct State {
        var requests: [HTTPRequest] = []
        var waiting: [CheckedContinuation<Result<HTTPResponse, NetworkError>, Never>] = []
    }

    private let state = Locked(State())

    var requestCount: Int { state.withLock { $0.requests.count } }
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, NetworkError>, Never>) in
            state.withLock {
                $0.requests.append(request)
                $0.waiting.append(continuation)
            }
        }
        return try result.get()
    }

    /// Answers the oldest waiting request with `body` (status 200, no charset).
    func respond(_ body: Data, contentType: String = "application/json") {
        let continuation = state.withLock { $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }
        continuation?.resume(
            returning: .success(
                HTTPResponse(url: url("https://feeds.example/facts.json"), status: 200, headers: ["Content-Type": contentType], body: body))
        )
    }

    /// Fails the oldest waiting request.
    func fail(_ error: NetworkError) {
        let continuation = state.withLock { $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }
        continuation?.resume(returning: .failure(error))
    }
}
