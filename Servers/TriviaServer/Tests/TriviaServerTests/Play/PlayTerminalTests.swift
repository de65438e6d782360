// Linux only: pseudo-terminals, posix_spawn and sockets are driven through glibc.
#if os(Linux)

    import Foundation
    import Testing
    import Trivia
    import TriviaServer
    import TriviaServerTestSupport

    #if canImport(Glibc)
        import Glibc
    #endif

    /// `trivia-play` as a person runs it: the real executable on a pseudo-terminal, against a real
    /// server on loopback (its host on manual time, so questions open and close when the test says),
    /// keys typed into the terminal, and assertions on what the terminal shows.
    @Suite("trivia-play on a terminal", .timeLimit(.minutes(2)))
    struct PlayTerminalTests {
        @Test(
            "two players: the balance, the lobby, an answer sending then locked in, nothing changes after, a wild-card used and one declined, a viewer who cannot answer, the final screen until a key"
        )
        func playAGame() async throws {
            try await PlayGame.with { game in
                let ada = try game.player("ada")
                let grace = try game.player("grace")
                #expect(await ada.waitFor("Waiting for the first question…"))
                #expect(await ada.waitFor("Test Cup · Player · Wild-cards: 2"), "the balance from the API")
                #expect(await grace.waitFor("Test Cup · Player · Wild-cards: 1"))
                #expect(!ada.settings.isCooked, "raw mode while playing")
                #expect(ada.screen.isAlternateScreen && !ada.screen.isCursorVisible)

                game.harness.advance(to: 10)
                #expect(await ada.waitFor("Question 1 of 3"))
                #expect(ada.screen.text.contains("  One?\n     A  a\n     B  b\n     C  c\n  ⏱ "))
                #expect(ada.screen.lines.last?.contains("1–3 or a–c answer") == true, "the keys on the bottom row")
                #expect(await grace.waitFor("One?"))

                // The proxy holds what the players send: the answer is on its way, and says so.
                game.proxy.holdUpstream(true)
                ada.type("2")
                #expect(await ada.waitFor("🔒 Sending your answer…"))
                #expect(ada.screen.text.contains("   ● B  b"))
                ada.type("3")  // locked while sending
                grace.type("a")
                #expect(await grace.waitFor("🔒 Sending your answer…"))
                game.proxy.holdUpstream(false)
                #expect(await ada.waitFor("🔒 Answer locked in. Waiting for the result…"))
                #expect(await grace.waitFor("🔒 Answer locked in. Waiting for the result…"))
                ada.type("1c")  // locked after the acknowledgement
                try await Task.sleep(for: .milliseconds(300))
                #expect(ada.screen.text.contains("   ● B  b") && !ada.screen.text.contains("● A") && !ada.screen.text.contains("● C"))
                #expect(await game.answers(of: "ada") == ["q1": 1])
                #expect(await game.answers(of: "grace") == ["q1": 0])

                // Grace was wrong: she uses her wild-card.
                game.harness.advance(to: 20)
                #expect(await ada.waitFor("» Correct!"))
                #expect(await grace.waitFor("★ Use a wild-card?"))
                #expect(grace.screen.lines.last?.contains("w use a wild-card  ·  n watch instead") == true)
                grace.type("w")
                #expect(await grace.waitFor("» Wild-card used: you're back in! 0 left."))
                #expect(await grace.waitFor("Question 1 of 3 · Player · Wild-cards: 0"))

                // Ada is wrong on the second: she declines and watches.
                game.harness.advance(to: 26)
                #expect(await ada.waitFor("Two?"))
                #expect(await grace.waitFor("Two?"))
                ada.type("b")
                grace.type("a")
                #expect(await ada.waitFor("Answer locked in"))
                #expect(await grace.waitFor("Answer locked in"))
                game.harness.advance(to: 36)
                #expect(await ada.waitFor("★ Use a wild-card?"))
                ada.type("n")
                #expect(await ada.waitFor("» You chose to watch. You are now a viewer."))
                #expect(await grace.waitFor("» Correct!"))

                // The last question: Ada watches and cannot answer; Grace answers.
                game.harness.advance(to: 42)
                #expect(await ada.waitFor("Three?"))
                #expect(await grace.waitFor("Three?"))
                #expect(await ada.waitFor("You are watching: answering is disabled."))
                #expect(ada.screen.text.contains("Question 3 of 3 · Viewer"))
                #expect(await grace.waitForScreen { $0.lines.last?.contains("1–4 or a–d answer") == true })
                ada.type("3")
                grace.type("c")
                #expect(await grace.waitFor("Answer locked in"))
                try await Task.sleep(for: .milliseconds(300))
                #expect(!ada.screen.text.contains("●") && !ada.screen.text.contains("🔒"))
                #expect(await game.answers(of: "ada") == ["q1": 1, "q2": 1], "the viewer's key sent nothing")

                // The end: the final screen stays until a key.
                game.harness.advance(to: 52)
                #expect(await grace.waitFor("» Correct!"))
                game.harness.advance(to: 58)
                #expect(await grace.waitFor("YOU WON!"))
                #expect(await ada.waitFor("COMPETITION OVER"))
                #expect(await ada.waitForScreen { $0.lines.last?.contains("Press any key to leave.") == true })
                try await Task.sleep(for: .milliseconds(500))
                #expect(ada.screen.isAlternateScreen, "still on the final screen")
                ada.type("x")
                grace.type(" ")
                #expect(await ada.waitForExit() == 0)
                #expect(await grace.waitForExit() == 0)
                #expect(ada.terminalRestored && grace.terminalRestored)
                #expect(ada.screen.text.contains("COMPETITION OVER"), "the final screen stays in the scrollback")
                #expect(grace.screen.text.contains("   1. Grace (you) — 2 correct"), "q1 wrong and saved by the wild-card, q2 and q3 right")
            }
        }

        @Test("q leaves with a close handshake; Ctrl-C, SIGINT and SIGTERM leave too; each restores the terminal")
        func leaving() async throws {
            try await PlayGame.with { game in
                let ada = try game.player("ada")
                let grace = try game.player("grace")
                let alan = try game.player("alan")
                let linus = try game.player("linus")
                for player in [ada, grace, alan, linus] {
                    #expect(await player.waitFor("Waiting for the first question…"))
                    #expect(!player.settings.isCooked)
                }
                #expect(await eventually { await game.harness.host.standings.count { $0.isConnected } == 4 })

                ada.type("q")
                #expect(await ada.waitForExit() == 0)
                #expect(ada.terminalRestored)
                #expect(ada.screen.text.contains("You left the game."))
                #expect(game.proxy.closeFrames == (1, 1), "ada's close frame, answered by the server's")

                game.harness.advance(to: 10)
                #expect(await grace.waitFor("One?"))
                grace.type("\u{03}")  // Ctrl-C: in raw mode a key, handled like q
                #expect(await grace.waitForExit() == 130)
                #expect(grace.terminalRestored)
                #expect(game.proxy.closeFrames == (2, 2))

                alan.signal(SIGINT)
                #expect(await alan.waitForExit() == 130)
                #expect(alan.terminalRestored)
                linus.signal(SIGTERM)
                #expect(await linus.waitForExit() == 143)
                #expect(linus.terminalRestored)
                #expect(game.proxy.closeFrames == (4, 4))
                #expect(await eventually { game.harness.server.connectionCount == 0 })
            }
        }

        @Test("a dropped connection: the banner, reconnecting, and the game resumes with what was missed")
        func reconnects() async throws {
            try await PlayGame.with { game in
                let ada = try game.player("ada")
                #expect(await ada.waitFor("Test Cup · Player"), "joined: the title comes with the welcome")
                game.proxy.refuse(true)
                game.proxy.dropAll()
                #expect(await ada.waitFor("! Connection lost. Reconnecting…"))
                // The first question opens while ada is away. (Refusing only briefly: every refused
                // attempt doubles the reconnect backoff, up to 8 s.)
                game.harness.advance(to: 10)
                #expect(await eventually { await game.harness.host.phase != .lobby })
                #expect(!ada.screen.text.contains("One?"))
                game.proxy.refuse(false)
                #expect(await ada.waitFor("One?"), "resumed: the question sent while away is replayed")
                #expect(await ada.waitForScreen { !$0.text.contains("Connection lost") })
                ada.type("b")
                #expect(await ada.waitFor("Answer locked in"))
                #expect(await game.answers(of: "ada") == ["q1": 1])
                ada.type("q")
                #expect(await ada.waitForExit() == 0)
                #expect(ada.terminalRestored)
            }
        }

        @Test("a killed server: the reconnect banner; leaving still restores the terminal")
        func killedServer() async throws {
            let server = try await ServerChild.start()
            defer { server.child.kill() }
            let ada = try TerminalProcess(
                TerminalProcess.executable("trivia-play"),
                ["--server", "http://127.0.0.1:\(server.port)", "--user", "ada", "--token", "t-ada"])
            #expect(await ada.waitFor("General Knowledge · Player · Wild-cards: 2"))
            await server.kill()
            #expect(await ada.waitFor("! Connection lost. Reconnecting…"))
            ada.type("q")
            #expect(await ada.waitForExit(within: 10) == 0)
            #expect(ada.terminalRestored)
            await ada.stop()
        }

        @Test("a resized window is redrawn to fit: lines cut to the new width, the keys on the new last row")
        func resize() async throws {
            try await PlayGame.with { game in
                let ada = try game.player("ada")
                #expect(await ada.waitFor("Test Cup · Player · Wild-cards: 2"))
                #expect(await ada.waitForScreen { $0.lines[23].contains("q leave") })
                ada.resize(rows: 30, columns: 20)
                #expect(await ada.waitForScreen { $0.lines[0] == "Test Cup · Player ·…" && $0.lines[29].contains("q leave") })
                #expect(ada.screen.lines.allSatisfy { $0.count <= 20 })
                ada.resize(rows: 12, columns: 100)
                #expect(await ada.waitForScreen { $0.lines[0] == "Test Cup · Player · Wild-cards: 2" && $0.lines[11].contains("q leave") })
                ada.type("q")
                #expect(await ada.waitForExit() == 0)
            }
        }

        @Test("it cannot start: no server, one line on standard error, status 1, the terminal untouched; a refused token ends the game")
        func cannotStart() async throws {
            try await PlayGame.with { game in
                let nobody = try game.player("ada", arguments: ["--server", "http://127.0.0.1:9", "--user", "ada", "--token", "t-ada"])
                #expect(await nobody.waitForExit() == 1)
                #expect(nobody.output.contains("trivia-play: cannot reach the trivia server at http://127.0.0.1:9"))
                #expect(!nobody.output.contains(TerminalControlCodes.enterAlternateScreen))
                #expect(nobody.settings.summary == nobody.originalSettings.summary)

                let wrong = try game.player(
                    "ada", arguments: ["--server", game.proxy.baseURL.absoluteString, "--user", "ada", "--token", "t-grace"])
                #expect(await wrong.waitFor("! The game did not let this account in"))
                #expect(await wrong.waitForScreen { $0.lines.last?.contains("Press any key to leave.") == true })
                wrong.type("q")
                #expect(await wrong.waitForExit() == 1)
                #expect(wrong.terminalRestored)
                #expect(wrong.screen.text.contains("The game did not let this account in"))
            }
        }
    }

#endif
