import Foundation
import Logging
import NIOPosix
import SharedNetworking
import TestSupport
import Testing

@testable import ExercisesWeb

/// An `ExercisesWebServer` listening on 127.0.0.1 at a port the system chose, on the bundled
/// data with no network (unless `httpClient` reaches one), its caches in the test's `.temporaryCaches` directory; stopped, and
/// waited for, when `body` returns.
func withRunningWebServer<T: Sendable>(
    configure: (inout WebConfiguration) -> Void = { _ in },
    httpClient: any HTTPClient = OfflineHTTPClient(),
    _ body: @Sendable (ExercisesWebServer, Int) async throws -> T
) async throws -> T {
    let caches = try #require(TemporaryDirectoryTrait.current, "the suite needs the .temporaryCaches trait")
    let utc = TimeZone(identifier: "UTC") ?? .gmt
    let environment = AppEnvironment(
        httpClient: httpClient, clock: SystemClock(), locale: Locale(identifier: "en_US"), timeZone: utc,
        calendar: AppEnvironment.calendar(locale: Locale(identifier: "en_US"), timeZone: utc),
        directories: Directories(caches: caches, temporary: caches))
    var configuration = WebConfiguration(port: 0, cacheDirectory: caches)
    configure(&configuration)
    let server = ExercisesWebServer(
        configuration: configuration, environment: environment, eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
        logger: Logger(label: "exercises-web-test"))
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let running = Task {
        try await server.run { port in continuation.yield(port) }
        continuation.finish()
    }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else {
        try await running.value
        throw ServerDidNotStart()
    }
    do {
        let result = try await body(server, port)
        await server.shutdown()
        try await running.value
        return result
    } catch {
        await server.shutdown()
        try? await running.value
        throw error
    }
}

/// The server ended before it listened.
struct ServerDidNotStart: Error {}
