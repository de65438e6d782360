import Foundation
import ScreenKit
import SharedNetworking

/// Turns a decoded feed into the screen's view state: every decision of the screen is here.
///
/// - **Home on the right.** The root team's `IsHome` decides: at home it is the right-hand
///   side, away the left. The left side is therefore always the away team.
/// - **Numbers.** A final game shows each side's own score (`AwayScore` under the away team);
///   a scheduled game shows each side's record (root `Team.Record`, `Opponent.Record`).
/// - **Lower right.** Final: the game state uppercased (`FINAL`). Scheduled: the kick-off time
///   in the user's time zone, `TBA` when the feed says so, `TBD` when the timestamp is invalid.
/// - **Lower left.** The day of kick-off in the user's locale and time zone (a late game can be
///   on the next day in Tokyo). For a TBA game that has both a timestamp and the feed's calendar
///   day (`Numeric`), that day instead, which no time zone moves; a TBA game without `Numeric`
///   shows its timestamp's day, and a game without a valid timestamp shows `TBD`.
/// - **Spoken.** Every row, header and the bar carry an ``/ScreenKit/AccessibilityElement`` in the words of
///   ``ScheduleSpokenText``: a row is one element, away team first as drawn, the date in full,
///   the week, then the result (`final, Packers won 43 to 34`) or the kick-off in full with its
///   zone and both records.
///
/// Make one builder per screen and keep it: its formatters (ICU's, three of them) cost more to
/// create than a whole feed costs to format. It formats every distinct day and time of day once
/// and remembers the text (`ScheduleDateTexts`), and resolves each team's logo address once.
public struct ScheduleViewStateBuilder: Sendable {
    /// The locale, time zone, clock reading, logo catalog and metrics every decision uses.
    public let context: ScheduleDisplayContext
    /// The spoken words, in the context's ``ScheduleDisplayContext/language``.
    public let spoken: ScheduleSpokenText
    /// The written words (`SCHEDULE`, `BYE`, `TBD`), in the same language.
    public let written: ScheduleWrittenText
    private let dates: ScheduleDateFormatter
    /// Every NFL team's logo address, resolved once per screen (a URL costs microseconds).
    private let logos: [String: URL]
    private let texts = ScheduleDateTexts.Memos()
    /// Spoken team names (`PACKERS` → `Packers`, a Foundation case mapping) and weeks (`Week 1`
    /// → `week 1`), each worked out once per screen: a season names 15 teams and 17 weeks.
    private let spokenNames = FormattedTextMemo<String, String>()
    private let spokenWeeks = FormattedTextMemo<String, String>()

    /// A builder for one user's `context`.
    public init(context: ScheduleDisplayContext) {
        self.context = context
        self.spoken = ScheduleSpokenText(locale: context.language)
        self.written = ScheduleWrittenText(language: spoken.language)
        self.dates = ScheduleDateFormatter(locale: context.locale, timeZone: context.timeZone, calendar: context.calendar)
        var logos: [String: URL] = [:]
        for team in NFLTeams.all {
            logos[team.triCode] = context.logos.url(forTriCode: team.triCode)
        }
        self.logos = logos
    }

    /// The screen for `feed`: sections, rows with every decision above applied, the navigation bar
    /// and the row to open at (the first game after ``ScheduleDisplayContext/now`` unless the
    /// feed names one). The same feed and context give the same state.
    public func build(_ feed: ScheduleFeed) -> ScheduleViewState {
        build(feed, now: context.now)
    }

    /// The screen for `feed` at `now`: what a screen that keeps its builder calls on each load.
    public func build(_ feed: ScheduleFeed, now: Date) -> ScheduleViewState {
        var work = Work(builder: self)
        var usedIDs = Set<String>()
        var sections: [ScheduleSectionState] = []
        for (feedIndex, feedSection) in feed.sections.enumerated() where !feedSection.games.isEmpty {
            var rows: [ScheduleRow] = []
            rows.reserveCapacity(feedSection.games.count)
            for (rowIndex, game) in feedSection.games.enumerated() {
                var id = game.id ?? "s\(feedIndex)r\(rowIndex)"
                if !usedIDs.insert(id).inserted {
                    id = "s\(feedIndex)r\(rowIndex)"
                    usedIDs.insert(id)
                }
                rows.append(work.row(for: game, id: id, root: feed.team))
            }
            let index = sections.count
            sections.append(
                ScheduleSectionState(
                    id: index, title: feedSection.heading, rows: rows,
                    accessibility: .heading(spoken.sectionTitle(feedSection.heading), level: .h2, identifier: "section-\(index)")))
        }
        return ScheduleViewState(
            navigationBar: .styled(
                for: feed.team.triCode, teamName: feed.team.fullName, spoken: spoken, contrast: context.metrics.contrast),
            sections: sections,
            initialRow: initialRow(in: sections, defaultGameID: feed.defaultGameID, now: now),
            emptyMessage: sections.isEmpty ? written.empty : nil,
            metrics: context.metrics,
            accessibility: AccessibilityElement(
                label: sections.isEmpty ? spoken.empty : spoken.games,
                actions: [AccessibilityAction(named: spoken.refresh, action: ScheduleAction.refresh.rawValue)], children: .contain,
                identifier: "games"),
            language: written.language
        )
    }

    /// One build's caches: date texts and logo addresses.
    private struct Work {
        let context: ScheduleDisplayContext
        let spoken: ScheduleSpokenText
        let written: ScheduleWrittenText
        var dates: ScheduleDateTexts
        let teamLogos: [String: URL]
        var otherLogos: [String: URL?] = [:]
        let spokenNames: FormattedTextMemo<String, String>
        let spokenWeeks: FormattedTextMemo<String, String>

        init(builder: ScheduleViewStateBuilder) {
            context = builder.context
            spoken = builder.spoken
            written = builder.written
            spokenNames = builder.spokenNames
            spokenWeeks = builder.spokenWeeks
            dates = ScheduleDateTexts(formatter: builder.dates, memos: builder.texts, timeZone: builder.context.timeZone)
            teamLogos = builder.logos
        }

        mutating func row(for game: FeedGame, id: String, root: FeedTeam) -> ScheduleRow {
            switch game.type {
            case .bye:
                return .bye(
                    ByeRowState(
                        id: id, text: written.bye, weekText: game.week, height: context.metrics.byeRowHeight,
                        accessibility: AccessibilityElement(label: spoken.bye(week: game.week), children: .ignore, identifier: "row-\(id)"))
                )
            case .final, .scheduled:
                return .game(gameRow(for: game, id: id, root: root))
            }
        }

        private mutating func gameRow(for game: FeedGame, id: String, root: FeedTeam) -> GameRowState {
            let opponent = game.opponent ?? FeedTeam(name: written.toBeDetermined)
            let isFinal = game.type == .final
            // The left side is the away team, so it always shows `AwayScore`.
            let awayValue =
                isFinal
                ? ScheduleViewStateBuilder.scoreText(game.awayScore)
                : ScheduleViewStateBuilder.recordText(game.isHome ? opponent.record : root.record)
            let homeValue =
                isFinal
                ? ScheduleViewStateBuilder.scoreText(game.homeScore)
                : ScheduleViewStateBuilder.recordText(game.isHome ? root.record : opponent.record)
            let rootSide = side(for: root, value: game.isHome ? homeValue : awayValue, isRoot: true, isHome: game.isHome)
            let opponentSide = side(for: opponent, value: game.isHome ? awayValue : homeValue, isRoot: false, isHome: !game.isHome)

            let timestamp = game.date?.timestamp
            let isTBA = game.date?.isTBA == true
            let dateText: String
            if let timestamp {
                if isTBA, let day = game.date?.day {
                    dateText = dates.calendarDayText(day)
                } else {
                    dateText = dates.dateText(timestamp)
                }
            } else {
                dateText = written.toBeDetermined
            }
            let statusText: String
            if isFinal {
                statusText = game.gameState?.uppercased() ?? written.final
            } else if isTBA {
                statusText = written.toBeAnnounced
            } else if let timestamp {
                statusText = dates.timeText(timestamp)
            } else {
                statusText = written.toBeDetermined
            }
            let away = game.isHome ? opponent : root
            let home = game.isHome ? root : opponent
            return GameRowState(
                id: id,
                gameID: game.id,
                kind: isFinal ? .final : .scheduled,
                left: game.isHome ? opponentSide : rootSide,
                right: game.isHome ? rootSide : opponentSide,
                centerText: ScheduleWrittenText.versus,
                dateText: dateText,
                weekText: game.week,
                statusText: statusText,
                kickoff: isTBA ? nil : timestamp,
                height: context.metrics.gameRowHeight,
                accessibility: AccessibilityElement(
                    label: spokenLabel(game, away: away, home: home, isTBA: isTBA), children: .ignore, identifier: "row-\(id)")
            )
        }

        /// `Packers at Vikings, Sunday, September 13, week 1, final, Packers won 43 to 34`, or for
        /// a scheduled game `…, kickoff at 1:00 PM Eastern Daylight Time, Packers: 13 wins, 3
        /// losses, Rams: 10 wins, 6 losses`.
        private mutating func spokenLabel(_ game: FeedGame, away: FeedTeam, home: FeedTeam, isTBA: Bool) -> String {
            let awayName = spokenName(away), homeName = spokenName(home)
            var parts = [spoken.matchup(away: awayName, home: homeName)]
            let timestamp = game.date?.timestamp
            if let timestamp {
                if isTBA, let day = game.date?.day {
                    parts.append(dates.spokenCalendarDayText(day))
                } else {
                    parts.append(dates.spokenDateText(timestamp))
                }
            } else {
                parts.append(spoken.dateToBeDetermined)
            }
            if !game.week.isEmpty { parts.append(spokenWeeks.value(for: game.week) { spoken.week(game.week) }) }
            if game.type == .final {
                // The feed's own state word: `Final` is said in the user's language, another as sent.
                let state = game.gameState?.uppercased() ?? "FINAL"
                parts.append(state == "FINAL" ? spoken.final : spoken.sectionTitle(state))
                switch (game.awayScore, game.homeScore) {
                case (let a?, let h?) where a == h: parts.append(spoken.tied(a))
                case (let a?, let h?) where a > h: parts.append(spoken.won(awayName, a, h))
                case (let a?, let h?): parts.append(spoken.won(homeName, h, a))
                default: parts.append(spoken.scoreUnknown)
                }
            } else {
                if isTBA {
                    parts.append(spoken.kickoffToBeAnnounced)
                } else if let timestamp {
                    parts.append(spoken.kickoff(dates.spokenTimeText(timestamp)))
                }
                for (team, name) in [(away, awayName), (home, homeName)] {
                    if let record = team.record { parts.append(spoken.record(team: name, record)) }
                }
            }
            return parts.joined(separator: ", ")
        }

        private func spokenName(_ team: FeedTeam) -> String {
            let name = team.name ?? team.fullName ?? team.city ?? team.triCode ?? written.toBeDetermined
            return spokenNames.value(for: name) { spoken.teamName(name) }
        }

        /// Names are uppercased as the screenshot shows them, with Unicode's default (locale
        /// independent) case mapping, so a team reads the same on every device.
        private mutating func side(for team: FeedTeam, value: String, isRoot: Bool, isHome: Bool) -> TeamSideState {
            let name = (team.name ?? team.fullName ?? team.city ?? team.triCode ?? written.toBeDetermined).uppercased()
            let triCode = team.triCode ?? ""
            return TeamSideState(
                name: name,
                triCode: triCode,
                logoURL: logoURL(forTriCode: triCode),
                logoPlaceholder: triCode.isEmpty ? String(name.prefix(3)) : triCode,
                value: value,
                isRootTeam: isRoot,
                isHome: isHome
            )
        }

        private mutating func logoURL(forTriCode triCode: String) -> URL? {
            if let known = teamLogos[triCode] { return known }
            if let other = otherLogos[triCode] { return other }
            let url = context.logos.url(forTriCode: triCode)
            otherLogos[triCode] = url
            return url
        }
    }

    /// The feed's `DefaultGameId` when it names a row; otherwise the first scheduled game not
    /// yet started at ``ScheduleDisplayContext/now``; otherwise the top (`nil`).
    private func initialRow(in sections: [ScheduleSectionState], defaultGameID: String?, now: Date) -> RowPosition? {
        let games = sections.enumerated().flatMap { sectionIndex, section in
            section.rows.enumerated().compactMap { rowIndex, row in
                row.game.map { (RowPosition(section: sectionIndex, row: rowIndex), $0) }
            }
        }
        if let defaultGameID, let match = games.first(where: { $0.1.gameID == defaultGameID }) {
            return match.0
        }
        return games.first { $0.1.kind == .scheduled && ($0.1.kickoff ?? .distantFuture) >= now }?.0
    }

    static func scoreText(_ score: Int?) -> String {
        score.map(String.init) ?? ScheduleWrittenText.unknownValue
    }

    static func recordText(_ record: String?) -> String {
        record ?? ScheduleWrittenText.unknownValue
    }
}
