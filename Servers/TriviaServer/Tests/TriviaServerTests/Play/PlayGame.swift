// Linux only: pseudo-terminals, posix_spawn and sockets are driven through glibc.
#if os(Linux)

    import Foundation
    import Trivia
    import TriviaServer
    import TriviaServerTestSupport

    /// A real server (``ServerHarness``: manual host time, three questions) behind a
    /// ``LoopbackProxy``, and the `trivia-play` processes a test starts against it, each on its own
    /// pseudo-terminal. ``with(_:)`` stops every process, the proxy and the server however the test
    /// ends.
    final class PlayGame: Sendable {
        let harness: ServerHarness
        let proxy: LoopbackProxy
        private let processes = Locked<[TerminalProcess]>([])

        private init(harness: ServerHarness, proxy: LoopbackProxy) {
            self.harness = harness
            self.proxy = proxy
        }

        static func with(_ body: (PlayGame) async throws -> Void) async throws {
            let harness = try await ServerHarness.start()
            let game = PlayGame(harness: harness, proxy: try LoopbackProxy(upstreamPort: harness.port))
            do {
                try await body(game)
            } catch {
                await game.stop()
                throw error
            }
            await game.stop()
        }

        /// `trivia-play` for `user` (demo token `t-<user>`) through the proxy, on a terminal of
        /// `rows` × `columns`.
        func player(_ user: String, rows: Int = 24, columns: Int = 80, arguments: [String]? = nil) throws -> TerminalProcess {
            let arguments =
                arguments ?? [
                    "--server", proxy.baseURL.absoluteString, "--user", user, "--token", "t-\(user)", "--locale", "en_US",
                    "--time-zone", "UTC",
                ]
            let process = try TerminalProcess(TerminalProcess.executable("trivia-play"), arguments, rows: rows, columns: columns)
            processes.withLock { $0.append(process) }
            return process
        }

        /// The user's answers as the host recorded them.
        func answers(of user: UserID) async -> [QuestionID: Int] {
            await harness.host.standings.first { $0.user == user }?.answers ?? [:]
        }

        private func stop() async {
            for process in processes.withLock({ $0 }) { await process.stop() }
            proxy.stop()
            try? await harness.stop()
        }
    }

    extension TerminalProcess {
        /// After the program exits: the terminal is back on the normal screen with the cursor
        /// shown, the last thing it switched on was switched off, and its settings are the ones it
        /// had before the program started.
        var terminalRestored: Bool {
            let output = self.output
            guard let entered = output.range(of: TerminalControlCodes.enterAlternateScreen, options: .backwards) else { return false }
            let after = output[entered.upperBound...]
            return after.contains(TerminalControlCodes.leaveAlternateScreen) && after.contains(TerminalControlCodes.showCursor)
                && !screen.isAlternateScreen && screen.isCursorVisible && settings.summary == originalSettings.summary
        }
    }

    /// The sequences the tests look for, spelled out independently of the code under test.
    enum TerminalControlCodes {
        static let enterAlternateScreen = "\u{1B}[?1049h"
        static let leaveAlternateScreen = "\u{1B}[?1049l"
        static let showCursor = "\u{1B}[?25h"
    }

#endif
