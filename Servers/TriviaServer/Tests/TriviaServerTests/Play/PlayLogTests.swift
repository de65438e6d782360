// Linux only: pseudo-terminals, posix_spawn and sockets are driven through glibc.
#if os(Linux)

    import ChildProcesses
    import Foundation
    import Testing
    import Trivia
    import TriviaServerTestSupport

    /// `trivia-play` when its output is not a terminal: a plain log, and `--help`.
    @Suite("trivia-play without a terminal", .timeLimit(.minutes(2)))
    struct PlayLogTests {
        /// `trivia-play` with standard input and output on pipes.
        final class PipedPlayer: Sendable {
            let child: ChildProcess

            init(_ arguments: [String]) throws {
                child = try ChildProcess.spawn(
                    try TerminalProcess.executable("trivia-play").path, arguments,
                    options: ChildProcess.Options(standardInput: .pipe, standardError: .sameAsOutput))
            }

            var output: String { child.output }

            func waitFor(_ text: String) async -> Bool {
                await eventually(within: .seconds(20)) { self.output.contains(text) }
            }

            func type(_ line: String) {
                child.write(Data((line + "\n").utf8))
            }

            /// The exit status, once the program has ended and everything it wrote was read.
            func waitForExit() async -> Int32? {
                let ended = await withTaskGroup(of: Termination?.self) { group in
                    group.addTask { try? await self.child.waitForOutput() }
                    group.addTask {
                        try? await Task.sleep(for: .seconds(20))
                        return nil
                    }
                    defer { group.cancelAll() }
                    return await group.next() ?? nil
                }
                return ended?.status
            }
        }

        @Test("a pipe gets each screen once, as it changes, stamped, with no escape codes; answers come as lines; it ends with the game")
        func plainLog() async throws {
            try await PlayGame.with { game in
                let ada = try PipedPlayer(["--server", game.proxy.baseURL.absoluteString, "--user", "ada", "--token", "t-ada"])
                defer { ada.child.signal(SIGTERM) }
                #expect(await ada.waitFor("Test Cup · Player · Wild-cards: 2\n  Waiting for the first question…"))
                game.harness.advance(to: 10)
                #expect(await ada.waitFor("  One?\n     A  a\n     B  b\n     C  c\n  ⏱ "))
                ada.type("b")
                #expect(await ada.waitFor("🔒 Answer locked in. Waiting for the result…"))
                game.harness.advance(to: 20)
                #expect(await ada.waitFor("» Correct!"))
                game.harness.advance(to: 26)
                #expect(await ada.waitFor("  Two?\n"))
                try await Task.sleep(for: .seconds(2.5))  // the countdown ticks, the log does not repeat it
                #expect(ada.output.components(separatedBy: "  Two?\n").count == 2, "the open question is logged once")
                for (time, shows) in [(36.0, "» Time's up"), (42, "Three?"), (52, "The answer was “c”"), (58, "COMPETITION OVER")] {
                    game.harness.advance(to: time)
                    #expect(await ada.waitFor(shows), "at +\(time) s")
                }
                #expect(await ada.waitForExit() == 0, "a log ends with the game")
                let output = ada.output
                #expect(!output.contains("\u{1B}"))
                let stamps = output.split(separator: "\n").filter { $0.hasPrefix("[0:") }
                #expect(stamps.count >= 8)
                #expect(
                    stamps.allSatisfy { $0.contains("] Test Cup · ") || $0.contains("] Trivia · ") },
                    "before the welcome the title is not known yet")
            }
        }

        @Test("--help explains the options and the keys")
        func help() async throws {
            let help = try PipedPlayer(["--help"])
            #expect(await help.waitForExit() == 0)
            for text in [
                "--server", "--user", "--token", "TRIVIA_TOKEN", "--competition", "--plain", "--locale", "--time-zone", "w uses",
                "q leaves",
            ] {
                #expect(help.output.contains(text), "\(text)")
            }
            let missing = try PipedPlayer(["--server", "ftp://x"])
            #expect(await missing.waitForExit() == 64)
            #expect(missing.output.contains("--user"))
        }
    }

#endif
