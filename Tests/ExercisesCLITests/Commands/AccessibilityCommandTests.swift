import ExercisesCLI
import Foundation
import Testing

/// `--json` carries an `accessibility` object on every element a person can reach, in the
/// user's language; `--contrast high` gives every exercise its high-contrast colours.
@Suite("exercises: accessibility in --json, --contrast, the user's language")
struct AccessibilityCommandTests {
    /// The JSON value at a path of keys and indexes (`"sections", 0, "rows"`).
    func value(_ json: Any, _ path: [Any]) -> Any? {
        var current: Any? = json
        for step in path {
            if let key = step as? String {
                current = (current as? [String: Any])?[key]
            } else if let index = step as? Int {
                guard let array = current as? [Any], array.indices.contains(index) else { return nil }
                current = array[index]
            }
        }
        return current
    }

    /// Every element of `list` carries a non-empty `accessibility.label` under `key`.
    func labelled(_ list: Any?, key: String = "accessibility", sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let items = list as? [Any] ?? []
        #expect(!items.isEmpty, "no elements", sourceLocation: sourceLocation)
        return items.map { item in
            let label = value(item, [key, "label"]) as? String ?? ""
            #expect(!label.isEmpty, "an element without a label: \(item)", sourceLocation: sourceLocation)
            return label
        }
    }

    func label(_ json: Any, _ path: [Any], sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let label = value(json, path + ["label"]) as? String
        #expect(label?.isEmpty == false, "no label at \(path)", sourceLocation: sourceLocation)
        return label
    }

    @Test("schedule: the bar, the list, every header and every row")
    func schedule() async throws {
        let run = await runExercises(["schedule", "--json", "--time-zone", "America/New_York"])
        #expect(run.status == 0, "\(run.errors)")
        let screen = try #require(try run.json()["screen"])
        #expect(label(screen, ["navigationBar", "accessibility"]) == "Schedule, Green Bay Packers")
        #expect(value(screen, ["accessibility", "actions", 0, "action"]) as? String == "refresh")
        let sections = try #require(value(screen, ["sections"]) as? [Any])
        #expect(labelled(sections) == ["Regular Season", "Postseason"])
        for section in sections {
            let rows = (value(section, ["rows"]) as? [[String: Any]] ?? []).map { $0["game"] ?? $0["bye"] ?? [:] }
            _ = labelled(rows)
        }
        #expect(
            value(sections, [0, "rows", 0, "game", "accessibility", "label"]) as? String
                == "Packers at Vikings, Sunday, September 13, week 1, final, Packers won 43 to 34")
    }

    @Test("carfit: the title, the buttons, the month, every day, every section and card")
    func carFit() async throws {
        let run = await runExercises(["carfit", "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let screen = try #require(try run.json()["screen"])
        for path in [
            ["titleAccessibility"], ["calendarButtonAccessibility"], ["listAccessibility"], ["calendar", "accessibility"],
            ["calendar", "titleAccessibility"], ["calendar", "previousMonthAccessibility"], ["calendar", "nextMonthAccessibility"],
        ] {
            _ = label(screen, path)
        }
        let days = (value(screen, ["calendar", "weeks"]) as? [[Any]] ?? []).flatMap { $0 }
        #expect(labelled(days).count == days.count)
        #expect(value(days.first as Any, ["accessibility", "actions", 0, "action"]) as? String == "toggle-day")
        let sections = value(screen, ["sections"]) as? [Any] ?? []
        _ = labelled(sections)
        _ = labelled(value(sections.first as Any, ["cards"]))
        #expect(value(screen, ["calendarButtonAccessibility", "traits"]) as? [String] == ["button", "selected", "toggle"])
    }

    @Test("hoosets: the title, every set, every Hoo, the selection with its named actions")
    func hooSets() async throws {
        let run = await runExercises(["hoosets", "--json", "--select", "1/2"])
        #expect(run.status == 0, "\(run.errors)")
        let screen = try #require(try run.json()["screen"])
        _ = label(screen, ["titleAccessibility"])
        _ = label(screen, ["gridAccessibility"])
        let sections = value(screen, ["sections"]) as? [Any] ?? []
        #expect(labelled(sections).count == 9)
        let hoos = sections.flatMap { value($0, ["items"]) as? [Any] ?? [] }
        #expect(labelled(hoos).count == 108)
        let names = (value(screen, ["selection", "accessibility", "actions"]) as? [[String: Any]] ?? []).compactMap {
            $0["name"] as? String
        }
        #expect(names == ["Next Hoo", "Previous Hoo", "Close"])
    }

    @Test("facts: the title, refresh, the list and every row")
    func facts() async throws {
        let run = await runExercises(["facts", "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let screen = try #require(try run.json()["screen"])
        #expect(label(screen, ["titleAccessibility"]) == "About Canada")
        #expect(label(screen, ["refreshAccessibility"]) == "Refresh")
        #expect(label(screen, ["listAccessibility"]) == "13 facts")
        #expect(labelled(value(screen, ["rows"])).count == 13)
    }

    @Test("trivia: on every screen the header, every choice, the countdown, result, offer and final; announcements")
    func trivia() async throws {
        let run = await runExercises(["trivia", "--json", "--questions", "3", "--seed", "3"])
        #expect(run.status == 0, "\(run.errors)")
        let frames = try #require(value(try run.json(), ["screen", "screens"]) as? [Any])
        var seen: Set<String> = []
        for frame in frames {
            let screen = try #require(value(frame, ["screen"]))
            _ = label(screen, ["header", "accessibility"])
            _ = label(screen, ["header", "statusAccessibility"])
            if let question = value(screen, ["question"]) as? [String: Any] {
                _ = label(question, ["promptAccessibility"])
                if let choices = question["choices"] as? [Any], !choices.isEmpty {
                    _ = labelled(choices)
                    seen.insert("choices")
                }
                for key in ["countdown", "result", "lockedOverlay"] where question[key] != nil {
                    _ = label(question, [key, "accessibility"])
                    seen.insert(key)
                }
                if question["wildcardOffer"] != nil {
                    for key in ["accessibility", "useAccessibility", "declineAccessibility", "timerAccessibility"] {
                        _ = label(question, ["wildcardOffer", key])
                    }
                    seen.insert("offer")
                }
            }
            if value(screen, ["final"]) != nil {
                _ = label(screen, ["final", "headlineAccessibility"])
                _ = labelled(value(screen, ["final", "stats"]))
                seen.insert("final")
            }
        }
        #expect(seen.isSuperset(of: ["choices", "countdown", "result", "final"]))
        let announced = frames.compactMap { value($0, ["screen", "announcement", "text"]) as? String }
        #expect(announced.contains { $0.hasPrefix("Question 1 of 3.") })
        #expect(announced.contains { $0.hasPrefix("You won!") || $0.hasPrefix("Competition over") })
    }

    @Test("LANG=de_DE.UTF-8: the labels are German (words and dates)")
    func german() async throws {
        let environment = ["LANG": "de_DE.UTF-8"]
        let schedule = try await runExercises(["schedule", "--json", "--time-zone", "Europe/Berlin"], environment: environment).json()
        #expect(
            value(schedule, ["screen", "sections", 0, "rows", 0, "game", "accessibility", "label"]) as? String
                == "Packers zu Gast bei Vikings, Sonntag, 13. September, Woche 1, beendet, Packers gewinnen 43 zu 34")
        let facts = try await runExercises(["facts", "--json"], environment: environment).json()
        #expect(value(facts, ["screen", "refreshAccessibility", "label"]) as? String == "Aktualisieren")
        let hoos = try await runExercises(["hoosets", "--json"], environment: environment).json()
        #expect(value(hoos, ["screen", "sections", 0, "items", 0, "accessibility", "label"]) as? String == "Rubies, Red Set, 1 von 14")
        let carfit = try await runExercises(["carfit", "--json"], environment: environment).json()
        #expect(value(carfit, ["screen", "calendarButtonAccessibility", "label"]) as? String == "Kalender")
        let trivia = try await runExercises(["trivia", "--json", "--questions", "1"], environment: environment).json()
        let frames = value(trivia, ["screen", "screens"]) as? [Any] ?? []
        #expect(frames.contains { (value($0, ["screen", "header", "accessibility", "value"]) as? String) == "Frage 1 von 1" })
    }

    @Test("--contrast high: every exercise accepts it and draws its high-contrast colours; a bad value is a usage error")
    func contrast() async throws {
        let schedule = try await runExercises(["schedule", "--json", "--contrast", "high"]).json()
        #expect(value(schedule, ["screen", "metrics", "teamName", "color"]) as? String == "#595959")
        #expect(value(schedule, ["screen", "metrics", "contrast"]) as? String == "increased")
        let standard = try await runExercises(["schedule", "--json"]).json()
        #expect(value(standard, ["screen", "metrics", "teamName", "color"]) as? String == "#999999")
        let hoos = try await runExercises(["hoosets", "--json", "--contrast", "high"]).json()
        #expect(value(hoos, ["screen", "metrics", "secondaryTextOpacity"]) as? Double == 1)
        let facts = try await runExercises(["facts", "--json", "--contrast", "high"]).json()
        #expect(value(facts, ["screen", "metrics", "separatorColor"]) as? String == "#8A8A8E")
        let trivia = try await runExercises(["trivia", "--json", "--questions", "1", "--contrast", "high"]).json()
        #expect(value(trivia, ["screen", "screens", 0, "screen", "style", "contrast"]) as? String == "increased")
        let carfit = await runExercises(["carfit", "--contrast", "high"])
        #expect(carfit.status == 0, "\(carfit.errors)")
        let bad = await runExercises(["facts", "--contrast", "extreme"])
        #expect(bad.status == 2)
        #expect(bad.errors.hasPrefix("error: --contrast: 'extreme' is not high or standard"))
        let help = await runExercises(["carfit", "--help"])
        #expect(help.output.contains("--contrast high|standard"))
    }

    @Test("all --contrast high: every page in its high-contrast colours")
    func allPages() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-all-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await runExercises(["all", "--html-dir", directory.path, "--contrast", "high"])
        #expect(run.status == 0, "\(run.errors)")
        let schedule = try String(contentsOf: directory.appendingPathComponent("schedule.html"), encoding: .utf8)
        #expect(schedule.contains("color: #595959"))
        #expect(!schedule.contains("color: #999999"))
        let carfit = try String(contentsOf: directory.appendingPathComponent("carfit.html"), encoding: .utf8)
        #expect(carfit.contains("#4C73CF"), "the high-contrast accent")
    }
}
