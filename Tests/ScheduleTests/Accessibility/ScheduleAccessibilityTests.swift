import Foundation
import ScreenKit
import SharedNetworking
import Testing

@testable import Schedule

/// What VoiceOver says on the schedule, from the bundled feed, in English and German.
@Suite("Schedule: spoken labels, traits, actions and announcements")
struct ScheduleAccessibilityTests {
    /// ICU writes a narrow no-break space before AM/PM; a listener hears a space.
    func plain(_ text: String) -> String { text.replacingOccurrences(of: "\u{202F}", with: " ") }

    func labels(_ screen: ScheduleViewState) -> [String] {
        screen.allRows.map { plain($0.accessibility.label) }
    }

    @Test("en_US: a final game says who played where, when in full, and who won by how much")
    func englishRows() throws {
        let screen = try Fixture.screen(locale: "en_US", timeZone: "America/New_York")
        let rows = labels(screen)
        #expect(rows[0] == "Packers at Vikings, Sunday, September 13, week 1, final, Packers won 43 to 34")
        #expect(rows[5] == "Packers at Buccaneers, Sunday, October 18, week 6, final, Buccaneers won 38 to 10")
        #expect(rows[4] == "week 5, bye week")
        // The playoff game is scheduled: kick-off in full with the zone's name, both records in words.
        #expect(
            rows.last
                == "Rams at Packers, Saturday, January 16, Divisional Playoffs, kickoff at 4:35 PM Eastern Standard Time, Rams: 10 wins, 6 losses, Packers: 13 wins, 3 losses"
        )
        // No name is read letter by letter: nothing spoken is in capitals.
        #expect(!rows.joined().contains("PACKERS"))
        for row in screen.allRows {
            #expect(row.accessibility.children == .ignore, "a row is one element")
            #expect(row.accessibility.identifier == "row-\(row.id)")
        }
    }

    @Test("de_DE: the same rows in German, dates and times as Germans say them")
    func germanRows() throws {
        let screen = try Fixture.screen(locale: "de_DE", timeZone: "Europe/Berlin")
        let rows = labels(screen)
        #expect(rows[0] == "Packers zu Gast bei Vikings, Sonntag, 13. September, Woche 1, beendet, Packers gewinnen 43 zu 34")
        #expect(rows[4] == "Woche 5, spielfrei")
        #expect(rows.last?.hasPrefix("Rams zu Gast bei Packers, Samstag, 16. Januar, Divisional Playoffs, Anstoß um 22:35 ") == true)
        #expect(rows.last?.hasSuffix("Rams: 10 Siege, 6 Niederlagen, Packers: 13 Siege, 3 Niederlagen") == true)
        #expect(screen.navigationBar.accessibility.label == "Spielplan, Green Bay Packers")
        #expect(screen.accessibility.namedActions.map(\.name) == ["Aktualisieren"])
    }

    @Test("the bar is the level-1 heading, sections are level-2 headings in words, the list offers Refresh")
    func structure() throws {
        let screen = try Fixture.screen()
        #expect(screen.navigationBar.accessibility == .heading("Schedule, Green Bay Packers", level: .h1, identifier: "navigation-title"))
        #expect(screen.sections.map(\.accessibility.label) == ["Regular Season", "Postseason"])
        #expect(screen.sections.allSatisfy { $0.accessibility.traits == .header && $0.accessibility.headingLevel == .h2 })
        #expect(screen.accessibility.label == "Games")
        #expect(screen.accessibility.children == .contain)
        #expect(screen.accessibility.actions == [AccessibilityAction(named: "Refresh", action: ScheduleAction.refresh.rawValue)])
    }

    @Test("a tie, a missing score and a game whose kick-off is to be announced")
    func edgeCases() throws {
        let tie = try Fixture.screen(
            from: try Fixture.editingGame(0) { game in
                game["AwayScore"] = "20"
                game["HomeScore"] = "20"
            })
        #expect(labels(tie)[0].hasSuffix("final, tied 20 to 20"))
        let missing = try Fixture.screen(from: try Fixture.editingGame(0) { $0["HomeScore"] = NSNull() })
        #expect(labels(missing)[0].hasSuffix("final, score not known"))
        let tba = try Fixture.screen(
            from: try Fixture.editingDate(section: 1, 0) { date in
                date["IsTBA"] = "true"
            })
        #expect(labels(tba).last?.contains("Saturday, January 16, Divisional Playoffs, kickoff time to be announced") == true)
        let noDate = try Fixture.screen(from: try Fixture.editingGame(section: 1, 0) { $0["Date"] = NSNull() })
        #expect(labels(noDate).last?.contains("date to be determined") == true)
        let empty = ScheduleViewStateBuilder(context: Fixture.context()).build(
            try Fixture.decode(Data(#"{"Team":{"TriCode":"GB"},"GameSection":[]}"#.utf8)).value)
        #expect(empty.accessibility.label == "No games scheduled.")
    }

    @Test("records in words; a record in another form is said as sent")
    func records() {
        let english = ScheduleSpokenText(language: .english)
        #expect(english.record(team: "Lions", "4-11-1") == "Lions: 4 wins, 11 losses, 1 tie")
        #expect(english.record(team: "Lions", "1-0") == "Lions: 1 win, 0 losses")
        #expect(english.record(team: "Lions", "n/a") == "Lions: n/a")
        #expect(english.record(team: "Lions", "1-x") == "Lions: 1-x")
        #expect(english.teamName("49ERS") == "49ers")
        #expect(english.teamName("McCaffrey") == "McCaffrey", "mixed case is kept")
        #expect(english.week("Divisional Playoffs") == "Divisional Playoffs")
    }

    @Test("high contrast: every label reads 4.5:1 (3:1 when large) on its background; the design's grey does not")
    func highContrast() {
        func failing(_ metrics: ScheduleMetrics) -> [String] {
            let pairs: [(String, ScheduleTextStyle, RGBColor)] = [
                ("header", metrics.sectionHeaderText, metrics.sectionHeaderBackground), ("name", metrics.teamName, metrics.rowBackground),
                ("score", metrics.score, metrics.rowBackground), ("versus", metrics.versus, metrics.rowBackground),
                ("date", metrics.dateAndWeek, metrics.rowBackground), ("status", metrics.status, metrics.rowBackground),
                ("bye", metrics.byeLabel, metrics.rowBackground),
            ]
            return pairs.filter { $0.1.color.contrastRatio(with: $0.2) < WCAGContrast.required(for: $0.1.font) }.map(\.0)
        }
        #expect(failing(.highContrast).isEmpty)
        #expect(failing(.standard) == ["header", "name", "score", "versus", "status", "bye"])
        #expect(ScheduleMetrics.resolved(for: .increased) == .highContrast)
        #expect(ScheduleMetrics.highContrast.contrast == .increased && ScheduleMetrics.standard.contrast == .standard)
        // Only colours change.
        #expect(ScheduleMetrics.highContrast.gameRowHeight == ScheduleMetrics.standard.gameRowHeight)
        #expect(ScheduleMetrics.highContrast.score.font == ScheduleMetrics.standard.score.font)
    }

    @Test("high contrast: every club's bar title reads 4.5:1 (the design asks 3:1)")
    func navigationBars() {
        for team in NFLTeams.all {
            let bar = NavigationBarState.styled(for: team.triCode, teamName: nil, contrast: .increased)
            #expect(bar.titleColor.contrastRatio(with: bar.background) >= 4.5, "\(team.triCode)")
        }
        let packers = NavigationBarState.styled(for: "GB", teamName: nil)
        #expect(packers.titleColor == NFLTeams.team(forTriCode: "GB")?.secondary, "the design's gold stays where it reads")
    }
}

/// A view-model in New York for `language`, on `clock`: the announcement suites' subject.
@MainActor
private func announcingModel(_ loader: ScriptedScheduleLoader, language: String, clock: ManualClock) -> ScheduleViewModel {
    let zone = TimeZone(identifier: "America/New_York") ?? .gmt
    let locale = Locale(identifier: language)
    return ScheduleViewModel(
        loader: loader, resources: CountingResources(), locale: locale, timeZone: zone,
        calendar: AppEnvironment.calendar(locale: locale, timeZone: zone), clock: clock)
}

@MainActor
@Suite("Schedule: announcements")
struct ScheduleAnnouncementTests {
    let clock = ManualClock(now: Fixture.date("2021-01-14T18:35:41Z"))

    func model(_ loader: ScriptedScheduleLoader, language: String) -> ScheduleViewModel {
        announcingModel(loader, language: language, clock: clock)
    }

    static let offline = NetworkError.transport(
        url: ScheduleSource.remoteURL, code: -1009, message: "The Internet connection appears to be offline.")

    @Test("en_US: a first load says nothing, a refresh says it finished, a failure interrupts with its reason")
    func english() async throws {
        let loader = ScriptedScheduleLoader([.feed(try Fixture.data()), .feed(try Fixture.data()), .failure(Self.offline)])
        let model = model(loader, language: "en_US")
        await model.load()
        #expect(model.state.announcement == nil)
        await model.refresh()
        #expect(model.state.announcement == Announcement(id: 1, text: "Schedule updated."))
        await model.refresh()
        let failed = try #require(model.state.announcement)
        #expect(failed.id == 2 && failed.priority == .high)
        // The list stays, marked as the copy saved at the last success: the banner's line is said once.
        #expect(failed.text == "Couldn't refresh the schedule. \(Self.offline.description) Offline: saved just now.")
    }

    @Test("de_DE: the same in German")
    func german() async throws {
        let loader = ScriptedScheduleLoader([.failure(Self.offline), .feed(try Fixture.data()), .feed(try Fixture.data())])
        let model = model(loader, language: "de_DE")
        await model.load()
        #expect(model.state.announcement?.text == "Der Spielplan konnte nicht geladen werden. \(Self.offline.description)")
        await model.load()
        #expect(model.state.announcement == nil, "the first content appearing is not announced")
        await model.refresh()
        #expect(model.state.announcement?.text == "Spielplan aktualisiert.")
    }
}

/// The saved copy's banner as VoiceOver reaches it, and what the view-model announces when the
/// network fails with a saved copy on screen.
@MainActor
@Suite("Schedule: the offline banner, spoken")
struct ScheduleOfflineAnnouncementTests {
    let clock = ManualClock(now: Fixture.date("2021-01-14T18:35:41Z"))

    func model(_ loader: ScriptedScheduleLoader, language: String) -> ScheduleViewModel {
        announcingModel(loader, language: language, clock: clock)
    }

    @Test("en_US: the saved copy staying offline is announced once, with the failure; a success announces the update")
    func english() async throws {
        let offline = ScheduleAnnouncementTests.offline
        let loader = ScriptedScheduleLoader([.failure(offline), .failure(offline), .feed(try Fixture.data())])
        try loader.save(try Fixture.data(), at: clock.now.addingTimeInterval(-7200))
        let model = model(loader, language: "en_US")
        await model.load()
        let notice = try #require(model.state.notice)
        #expect(
            notice.accessibility
                == AccessibilityElement(label: "Offline: saved 2 hours ago", traits: .staticText, identifier: "network-notice"))
        let first = try #require(model.state.announcement)
        #expect(first.priority == .high)
        #expect(
            first.text == "Couldn't refresh the schedule. \(offline.description) Offline: saved 2 hours ago.", "a saved copy was on screen")

        await model.refresh()
        #expect(model.state.notice?.kind == .offline)
        #expect(model.state.announcement?.id == first.id + 1)
        #expect(
            model.state.announcement?.text == "Couldn't refresh the schedule. \(offline.description)", "the banner is not announced twice")

        await model.refresh()
        #expect(model.state.notice == nil)
        #expect(model.state.announcement?.text == "Schedule updated.")
    }

    @Test("de_DE: the banner and the announcement are German; a fresh copy replacing the saved one is announced")
    func german() async throws {
        let offline = ScheduleAnnouncementTests.offline
        let loader = ScriptedScheduleLoader([.failure(offline), .feed(try Fixture.data())])
        try loader.save(try Fixture.data(), at: clock.now.addingTimeInterval(-7200))
        let model = model(loader, language: "de_DE")
        await model.load()
        #expect(model.state.notice?.accessibility.label == "Offline: vor 2 Stunden gespeichert")
        #expect(
            model.state.announcement?.text
                == "Der Spielplan konnte nicht aktualisiert werden. \(offline.description) Offline: vor 2 Stunden gespeichert.")

        let coldStart = ScriptedScheduleLoader([.feed(try Fixture.data())])
        try coldStart.save(try Fixture.data(), at: clock.now.addingTimeInterval(-7200))
        let relaunched = self.model(coldStart, language: "de_DE")
        await relaunched.load()
        #expect(relaunched.state.notice == nil)
        #expect(relaunched.state.announcement?.text == "Spielplan aktualisiert.", "the saved list was on screen: its update is said")
    }
}
