import Foundation
import Testing

@Suite("exercises trivia", .temporaryFiles)
struct TriviaCommandTests {
    /// The lines of `text` that start a screen (`[m:ss.s] …`).
    func headers(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("[") }
    }

    @Test("plays the bundled competition and prints each screen, ending on the final screen")
    func defaultRun() async throws {
        let run = await runExercises(["trivia", "--cache-dir", try temporaryDirectory().path])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        #expect(run.output.contains("Waiting for the first question…"))
        #expect(run.output.contains("] General Knowledge · Question 1 of 12 · Player · Wild-cards: 1\n"))
        #expect(
            run.output.contains("  Which element has the chemical symbol Au?\n     A  Silver\n     B  Gold\n     C  Argon\n  ⏱ 10 s left"))
        #expect(run.output.contains("Question 12 of 12"))
        #expect(run.output.contains("COMPETITION OVER") || run.output.contains("YOU WON!"))
        let summary = try #require(run.output.split(separator: "\n").last)
        #expect(summary.hasPrefix("12 questions · 6 players · ") && summary.hasSuffix(" messages on your connection · seed 1"))
    }

    @Test("scripted answers: correct, then wrong with the wild-card used, then time runs out")
    func scripted() async {
        let run = await runExercises(["trivia", "--questions", "3", "--answers", "2,1,x"])
        #expect(run.status == 0)
        let order = [
            "   ● B  Gold", "🔒 Sending your answer…", "🔒 Answer locked in. Waiting for the result…",
            "   ✓ B  Gold", "  » Correct!",
            "   ● A  Sydney", "   ✗ A  Sydney", "  » Wrong answer", "    The answer was “Canberra”.",
            "  ★ Use a wild-card? You have 1 wild-card.", "  ★ Use a wild-card? Using your wild-card…",
            "  » Wild-card used: you're back in! 0 left.",
            "Question 3 of 3 · Player · Wild-cards: 0", "  » Time's up",
            "  You answered 1 of 3 correctly.", "Wild-card: Used",
        ]
        var searchFrom = run.output.startIndex
        for expected in order {
            guard let range = run.output.range(of: expected, range: searchFrom..<run.output.endIndex) else {
                Issue.record("missing, or out of order: \(expected)")
                return
            }
            searchFrom = range.upperBound
        }
    }

    @Test("declining the offer, or owning no wild-card, leaves you watching")
    func noWildcard() async {
        let declined = await runExercises(["trivia", "--questions", "3", "--answers", "2,1,2", "--decline-wildcard"])
        #expect(declined.output.contains("You chose to watch. You are now a viewer."))
        #expect(declined.output.contains("Question 3 of 3 · Viewer"))
        let none = await runExercises(["trivia", "--questions", "3", "--answers", "2,1,2", "--wildcards", "0"])
        #expect(!none.output.contains("Use a wild-card?"))
        #expect(none.output.contains("Wild-cards: 0"))
    }

    /// The competition starts on a whole second: a clock read a fraction of a millisecond later
    /// used to change every countdown's fraction in the `--json` output.
    @Test("the same seed gives the same screens whatever the clock's fraction of a second")
    func deterministicAcrossSubSecondClocks() async throws {
        let start = Date(timeIntervalSince1970: 1_599_724_800)
        func screens(at now: Date) async throws -> String {
            let run = await runExercises(["trivia", "--json", "--questions", "2", "--seed", "3"], now: now)
            #expect(run.status == 0)
            let log = try #require(try run.json()["screen"] as? [String: Any])
            let frames = try #require(log["screens"] as? [[String: Any]])
            let data = try JSONSerialization.data(withJSONObject: frames.map { $0["screen"] ?? NSNull() }, options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }
        let whole = try await screens(at: start.addingTimeInterval(-0.5))
        #expect(whole.contains("\"fraction\""))
        #expect(try await screens(at: start.addingTimeInterval(-0.1234567)) == whole)
    }

    @Test("the same seed gives the same run; another seed another run")
    func deterministic() async {
        let first = await runExercises(["trivia", "--seed", "7", "--players", "12"])
        let second = await runExercises(["trivia", "--seed", "7", "--players", "12"])
        let other = await runExercises(["trivia", "--seed", "8", "--players", "12"])
        #expect(first.output == second.output)
        #expect(first.output != other.output)
        #expect(first.output.contains("13 players"))
    }

    @Test("times follow --time-zone and --locale")
    func locale() async {
        let newYork = await runExercises(["trivia", "--questions", "1", "--time-zone", "America/New_York"])
        #expect(newYork.output.contains("Starts at 4:00\u{202F}AM"))
        let berlin = await runExercises(["trivia", "--questions", "1", "--locale", "de_DE", "--time-zone", "Europe/Berlin"])
        #expect(berlin.output.contains("Beginnt um 10:00"))
    }

    @Test("--json prints the settings, every screen and every message on your connection")
    func json() async throws {
        let run = await runExercises(["trivia", "--json", "--questions", "2", "--answers", "2,2"])
        #expect(run.status == 0)
        let envelope = try run.json()
        #expect(envelope["exercise"] as? String == "trivia")
        let screen = try #require(envelope["screen"] as? [String: Any])
        let settings = try #require(screen["settings"] as? [String: Any])
        #expect(settings["seed"] as? Int == 1)
        #expect(settings["questions"] as? Int == 2)
        let screens = try #require(screen["screens"] as? [[String: Any]])
        #expect(screens.count > 5)
        let last = try #require(screens.last?["screen"] as? [String: Any])
        #expect(last["kind"] as? String == "final")
        let final = try #require(last["final"] as? [String: Any])
        #expect(final["headline"] as? String == "You won!")
        let events = try #require(screen["events"] as? [[String: Any]])
        let types = events.map { $0["type"] as? String ?? "" }
        #expect(types.first == "connection")
        #expect(types.dropFirst().first == "join")
        #expect(types.last == "finish")
        #expect(types.filter { $0 == "answer" }.count == 2)
        #expect(types.filter { $0 == "answerAck" }.count == 2)
        let standings = try #require(screen["standings"] as? [[String: Any]])
        #expect(standings.count == 6)
        #expect(standings.contains { $0["user"] as? String == "you" })
    }

    @Test("a broken question file is one error line and exit status 1")
    func brokenFile() async throws {
        let file = try temporaryFile(
            named: "questions.json", contents: Data(#"{"questions": [{"id": "a", "text": "?", "choices": ["only"], "answer": 0}]}"#.utf8))
        let run = await runExercises(["trivia", "--file", file.path])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors == "error: questions.json: questions: no playable questions\n")
    }

    @Test("a question file with some bad questions plays the rest and notes what it dropped")
    func partlyBrokenFile() async throws {
        let file = try temporaryFile(
            named: "mine.json",
            contents: Data(
                #"{"id": "mine", "title": "Mine", "questions": [{"id": "a", "text": "Yes?", "choices": ["no", "yes"], "answer": 1}, {"id": "b", "text": "?", "choices": ["x"], "answer": 0}]}"#
                    .utf8))
        let run = await runExercises(["trivia", "--file", file.path, "--answers", "2"])
        #expect(run.status == 0)
        #expect(run.output.contains("Mine · Question 1 of 1"))
        #expect(run.output.contains("YOU WON!"))
        #expect(run.errors == "dropped: questions[1]: element dropped: choices: a question needs 2 to 6 choices, found 1\n")
    }

    @Test("bad options are usage errors (exit status 2)")
    func usage() async {
        for arguments in [
            ["--answers", "1,9"], ["--answers", "b"], ["--players", "5000"], ["--wildcards", "-1"], ["--seed", "x"],
            ["--questions", "1", "--answers", "1,1"], ["--url", "default"],
        ] {
            let run = await runExercises(["trivia"] + arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.output.isEmpty)
            #expect(run.errors.hasPrefix("error: "), "\(arguments)")
        }
    }
}
