import Foundation
import SharedNetworking
import TestSupport
import Testing

/// Regression test for a trap in swift-corelibs-foundation: a `URLSessionTask` cancelled just as
/// it completes reported its cancellation on a task already removed from the session's registry
/// ("Trying to access a behaviour for a task that in not in the registry"), killing the process.
/// `URLSessionHTTPClient` serialises its cancels with completion (see `SessionDelegate.cancel`).
/// Before that fix this test crashed the test process in about one run in four.
@Suite struct CancellationRaceTests {
    @Test func cancellingAtTheMomentOfCompletionNeverCrashes() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/small", .ok(Data(repeating: 0x61, count: 512), contentType: "application/octet-stream"))
        let client = URLSessionHTTPClient(configuration: .ephemeral)
        let url = server.url("/small")

        var outcomes: [String: Int] = [:]
        for round in 0..<40 {
            let results = await withTaskGroup(of: String.self) { group in
                for index in 0..<24 {
                    let task = Task { () -> String in
                        do {
                            _ = try await client.send(HTTPRequest(url: url))
                            return "ok"
                        } catch {
                            return (error as? NetworkError) == .cancelled ? "cancelled" : "other"
                        }
                    }
                    group.addTask {
                        // Spread the cancels across the request's lifetime, most near its end.
                        let microseconds = (round * 37 + index * 53) % 1_500
                        try? await Task.sleep(for: .microseconds(microseconds))
                        task.cancel()
                        return await task.value
                    }
                }
                var collected: [String] = []
                for await result in group { collected.append(result) }
                return collected
            }
            for result in results { outcomes[result, default: 0] += 1 }
        }
        #expect(outcomes.values.reduce(0, +) == 40 * 24)
        #expect(outcomes["other", default: 0] == 0, "every request either completed or was cancelled: \(outcomes)")
        #expect(outcomes["cancelled", default: 0] > 0, "the timing must actually cancel some requests: \(outcomes)")
        #expect(outcomes["ok", default: 0] > 0, "the timing must let some requests complete: \(outcomes)")
    }
}
