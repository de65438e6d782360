import SharedNetworking
import TestSupport

/// Counts the requests a client has in flight at once, on the app's side of the socket.
///
/// Two counts: every request between its start and its end (`maxInFlight`), and the requests
/// still wanted, which stop counting when they are cancelled (`maxWanted`): the number
/// `ImageLoadingPolicy.maxConcurrentLoads` limits. A cancelled request takes a moment more to
/// end (its cancel has to reach libcurl), and a server counts later and longer still (until it
/// notices the closed connection).
final class InFlightCountingClient: Sendable {
    private struct Counts {
        var now = 0
        var max = 0
        var wanted = 0
        var maxWanted = 0
        var cancelled = 0
    }

    private let counts = Locked(Counts())

    /// The most requests in flight at one time so far.
    var maxInFlight: Int { counts.withLock { $0.max } }
    /// The most requests in flight and not cancelled at one time so far.
    var maxWanted: Int { counts.withLock { $0.maxWanted } }
    /// Requests that ended cancelled.
    var cancelled: Int { counts.withLock { $0.cancelled } }

    /// `base`, with every request counted here.
    func wrapping(_ base: any HTTPClient) -> any HTTPClient {
        Counted(base: base, counter: self)
    }

    private struct Counted: HTTPClient {
        let base: any HTTPClient
        let counter: InFlightCountingClient

        func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
            let wanted = Locked(true)
            counter.counts.withLock {
                $0.now += 1
                $0.max = Swift.max($0.max, $0.now)
                $0.wanted += 1
                $0.maxWanted = Swift.max($0.maxWanted, $0.wanted)
            }
            let result = await withTaskCancellationHandler {
                () async -> Result<HTTPResponse, NetworkError> in
                do throws(NetworkError) { return .success(try await base.send(request)) } catch { return .failure(error) }
            } onCancel: {
                unwant(wanted)
            }
            unwant(wanted)
            counter.counts.withLock {
                $0.now -= 1
                if case .failure(.cancelled) = result { $0.cancelled += 1 }
            }
            return try result.get()
        }

        /// The request is no longer wanted (cancelled or ended): counted once.
        private func unwant(_ wanted: Locked<Bool>) {
            guard
                wanted.withLock({ was in
                    defer { was = false }; return was
                })
            else { return }
            counter.counts.withLock { $0.wanted -= 1 }
        }
    }
}
