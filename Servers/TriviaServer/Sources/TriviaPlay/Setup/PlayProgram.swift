import Foundation
import Logging
import NIOCore
import SharedNetworking
import Trivia
import TriviaHost
import TriviaWebSocketClient
import UnixSignals

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `trivia-play` put together: the real `TriviaViewModel`, its balance fetched by the real
/// `WildcardBalanceClient`, its game over `WebSocketTriviaTransport`, shown on the terminal or
/// as a log, with keys from standard input and signals handled.
@MainActor
public enum PlayProgram {
    /// Plays one game with `settings`; returns the exit status (see ``PlayOutcome/exitStatus``).
    /// Problems before the game starts (no server, a wrong URL) are one line on standard error
    /// and status 1, with the terminal untouched.
    public static func run(_ settings: PlaySettings, eventLoopGroup: any EventLoopGroup) async -> Int32 {
        let http = URLSessionHTTPClient(configuration: .ephemeral)
        let competition: CompetitionID
        if let chosen = settings.competition {
            competition = chosen
        } else {
            do throws(PlaySetupError) {
                competition = try await ServerInfo.competition(at: settings.server, client: http)
            } catch {
                complain(error.description)
                return 1
            }
        }
        guard let socketURL = WebSocketTriviaTransport.socketURL(base: settings.server, competition: competition) else {
            complain(PlaySetupError.badServerURL(settings.server.absoluteString).description)
            return 1
        }
        let clock = SystemClock()
        // The terminal is the screen: the transport's log would scribble over it.
        let logger = Logger(label: "trivia-play") { _ in SwiftLogNoOpLogHandler() }
        let transport = TrackedTransport(
            WebSocketTriviaTransport(url: socketURL, clock: clock, eventLoopGroup: eventLoopGroup, logger: logger))
        let model = TriviaViewModel(
            configuration: settings.clientConfiguration(competition: competition), transport: transport,
            balances: WildcardBalanceClient(baseURL: settings.server, client: http), clock: clock, locale: settings.locale,
            timeZone: settings.timeZone)

        let terminal = settings.fullScreen ? FullScreenTerminal(fileDescriptor: STDOUT_FILENO) : nil
        let output: any PlayOutput =
            if let terminal { FullScreenOutput(terminal: terminal) } else {
                PlainLogOutput(clock: clock) { FileDescriptorWriter.writeAll($0, to: STDOUT_FILENO) }
            }
        let session = PlaySession(model: model, transport: transport, output: output, clock: clock)
        let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm, .sighup, .sigwinch)
        let signalTask = Task.detached { await forward(signals, to: session, terminal: terminal) }
        let input = InputReader(
            fileDescriptor: STDIN_FILENO, onBytes: { session.post(.input($0)) }, onEnd: { session.post(.inputEnded) })
        defer {
            input.cancel()
            signalTask.cancel()
        }
        do throws(TerminalError) {
            return try await session.run().exitStatus
        } catch {
            terminal?.restore()
            complain(error.description)
            return 1
        }
    }

    /// Passes signals to the session. A second stop signal while the first is being handled
    /// (leaving waits, bounded, for the close handshake; a second SIGINT or SIGTERM means now)
    /// restores the terminal and exits at once.
    nonisolated static func forward(_ signals: UnixSignalsSequence, to session: PlaySession, terminal: FullScreenTerminal?) async {
        var stopping = false
        for await signal in signals {
            if signal == .sigwinch {
                session.post(.signal(signal))
            } else if !stopping {
                stopping = true
                session.post(.signal(signal))
            } else {
                terminal?.restore()
                _exit(PlayOutcome(signal: signal).exitStatus)
            }
        }
    }

    nonisolated static func complain(_ message: String) {
        FileDescriptorWriter.writeAll("trivia-play: \(message)\n", to: STDERR_FILENO)
    }
}
