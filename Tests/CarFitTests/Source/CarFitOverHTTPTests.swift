import Foundation
import SharedNetworking
import TestSupport
import Testing

@testable import CarFit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The list view-model on the real client stack (URLSession, TCP) against a loopback server:
/// load, refresh, failures and joined refreshes as they happen on the wire.
@Suite("CarFit over HTTP", .timeLimit(.minutes(1)))
@MainActor
struct CarFitOverHTTPTests {
    let server: LoopbackHTTPServer

    init() throws {
        server = try LoopbackHTTPServer()
    }

    static func sampleBody() throws -> Data {
        guard case .file(let url) = try CarFitSource.bundled() else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: url)
    }

    /// `timeout`: the request's; a test that holds a response on purpose gives it time, so that
    /// a loaded machine (a whole suite on two cores) cannot turn the hold into a timeout.
    func makeViewModel(timeout: Duration = .seconds(30)) -> CleanerListViewModel {
        let source = CarFitFeedLoader(
            source: .remote(server.url("/visits")),
            network: FeedNetwork(client: URLSessionHTTPClient(configuration: .ephemeral), timeout: timeout))
        return CleanerListViewModel(
            loader: source,
            clock: TestCalendars.clock("2020-09-10T07:00:00Z"),
            calendar: TestCalendars.gregorian("en_GB"),
            timeZone: TestCalendars.zone("UTC")
        )
    }

    @Test func loadThenFailedRefreshesKeepTheListAndSayWhy() async throws {
        defer { server.stop() }
        let sample = try Self.sampleBody()
        server.route(
            "/visits",
            responses: [
                .ok(sample, contentType: "application/json; charset=utf-8"),
                .status(404, body: "no such worker"),
                .json(#"{"success": false, "message": "Token expired", "code": 401, "data": null}"#),
                .ok(sample, contentType: "application/json"),
            ])
        let viewModel = makeViewModel()

        await viewModel.load()
        #expect(viewModel.sections.first?.cards.map(\.clientName) == ["Tone Holtermann", "Kenn Jørgensen", "Mads Kolding"])
        let shown = viewModel.sections

        await viewModel.refresh()
        #expect(viewModel.state.error?.description == "\(server.url("/visits").absoluteString): HTTP 404 Not Found: no such worker")
        #expect(viewModel.sections == shown)

        await viewModel.refresh()
        #expect(viewModel.state.error == .refused(source: server.url("/visits").absoluteString, message: "Token expired", code: "401"))
        #expect(viewModel.sections == shown)

        await viewModel.refresh()
        #expect(viewModel.state.error == nil)
        #expect(server.requestCount("/visits") == 4)
        #expect(server.requests.first?.headers["Accept"] == "application/json")
    }

    @Test func refreshesDuringAHeldResponseShareOneRequest() async throws {
        defer { server.stop() }
        // The server holds the response until the test lets it go: no timing involved.
        let gate = DispatchSemaphore(value: 0)
        let response = ScriptedResponse.ok(try Self.sampleBody(), contentType: "application/json")
        server.route("/visits") { _ in
            gate.wait()
            return response
        }
        // Seen once under load: the held request timed out after 30 s and the list stayed empty.
        let viewModel = makeViewModel(timeout: .seconds(600))

        let first = Task { await viewModel.refresh() }
        try #require(await eventually { server.inFlightRequests == 1 })
        #expect(viewModel.state.isLoading, "nothing on screen yet: a load")
        let second = Task { await viewModel.refresh() }
        #expect(await never(within: .milliseconds(200)) { server.inFlightRequests > 1 }, "the second refresh joins the first")
        // Enough for two requests: if the second refresh wrongly fetched again, the count below
        // fails instead of the test hanging.
        gate.signal()
        gate.signal()
        await first.value
        await second.value
        #expect(server.requestCount("/visits") == 1)
        #expect(!viewModel.state.isRefreshing)
        #expect(viewModel.state.error == nil)
        #expect(viewModel.sections.first?.cards.count == 3)
    }

    @Test("cancelling a refresh cancels its request on the wire, not only the wait")
    func cancellingARefreshCancelsTheRequest() async throws {
        defer { server.stop() }
        // The server holds the response for ten minutes, watching the connection meanwhile.
        server.route("/visits", ScriptedResponse.ok(try Self.sampleBody(), contentType: "application/json").delayed(by: .seconds(600)))
        let viewModel = makeViewModel()
        let returned = Locked(false)
        let refresh = Task {
            await viewModel.refresh()
            returned.withLock { $0 = true }
        }
        try #require(await eventually { server.inFlightRequests == 1 })
        refresh.cancel()
        // The caller returns at once (it used to wait for the whole fetch, here until the
        // client timed out after 20 s), and the client
        // closes the connection: the server sees the request abandoned.
        let returnedEarly = await eventually(within: .seconds(10)) { returned.withLock { $0 } }
        #expect(returnedEarly)
        if !returnedEarly { server.stop() }  // so that a failure ends instead of waiting ten minutes
        await refresh.value
        #expect(await eventually(within: .seconds(30)) { server.closedByClientCount == 1 }, "the request was cancelled on the wire")
        #expect(await eventually { !viewModel.state.isRefreshing })
        #expect(viewModel.state.error == nil)
        #expect(viewModel.state.content == nil, "a cancelled fetch applies nothing")
    }
}
