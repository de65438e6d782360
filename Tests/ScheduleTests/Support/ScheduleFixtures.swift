import Foundation
import SharedNetworking

@testable import Schedule

enum Fixture {
    /// The bundled feed's bytes, read through the module's own resource accessor.
    static func data() throws -> Data {
        guard case .file(let url) = try ScheduleSource.bundled() else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try Data(contentsOf: url)
    }

    /// Decodes `data` through the real loader path (text normalization, diagnostics).
    static func decode(_ data: Data, name: String = "schedule.json") throws(NetworkError) -> Loaded<ScheduleFeed> {
        try FeedLoader(client: OfflineHTTPClient()).decode(ScheduleFeed.self, from: data, sourceName: name)
    }

    static func feed() throws -> Loaded<ScheduleFeed> {
        try decode(try data())
    }

    /// The fixture as a JSON object, edited by `edit`, re-serialized: one broken feed per test.
    static func edited(_ edit: (inout [String: Any]) throws -> Void) throws -> Data {
        guard var root = try JSONSerialization.jsonObject(with: try data()) as? [String: Any] else {
            throw CocoaError(.coderReadCorrupt)
        }
        try edit(&root)
        return try JSONSerialization.data(withJSONObject: root)
    }

    /// Edits game `index` of section `section` in the fixture.
    static func editingGame(section: Int = 0, _ index: Int, _ edit: @escaping (inout [String: Any]) -> Void) throws -> Data {
        try edited { root in
            guard var sections = root["GameSection"] as? [[String: Any]], var games = sections[section]["Game"] as? [[String: Any]] else {
                throw CocoaError(.coderReadCorrupt)
            }
            edit(&games[index])
            sections[section]["Game"] = games
            root["GameSection"] = sections
        }
    }

    /// Edits the `Date` node of game `index` of section `section`.
    static func editingDate(section: Int = 0, _ index: Int, _ edit: @escaping (inout [String: Any]) -> Void) throws -> Data {
        try editingGame(section: section, index) { game in
            var date = game["Date"] as? [String: Any] ?? [:]
            edit(&date)
            game["Date"] = date
        }
    }

    static func context(
        locale: String = "en_US",
        timeZone: String = "America/New_York",
        now: Date = Date(timeIntervalSince1970: 1_610_000_000),
        logos: TeamLogoCatalog = .yinzCam
    ) -> ScheduleDisplayContext {
        let zone = TimeZone(identifier: timeZone) ?? .gmt
        let locale = Locale(identifier: locale)
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = zone
        return ScheduleDisplayContext(locale: locale, timeZone: zone, calendar: calendar, now: now, logos: logos)
    }

    static func screen(locale: String = "en_US", timeZone: String = "America/New_York") throws -> ScheduleViewState {
        ScheduleViewStateBuilder(context: context(locale: locale, timeZone: timeZone)).build(try feed().value)
    }

    static func screen(from data: Data, timeZone: String = "America/New_York") throws -> ScheduleViewState {
        ScheduleViewStateBuilder(context: context(timeZone: timeZone)).build(try decode(data).value)
    }

    /// Every game row of a screen, in order.
    static func games(_ screen: ScheduleViewState) -> [GameRowState] {
        screen.allRows.compactMap(\.game)
    }

    static func date(_ text: String) -> Date {
        LenientISO8601.date(from: text) ?? .distantPast
    }
}

extension Sequence where Element == Diagnostic {
    func contains(_ kind: Diagnostic.Kind, pathSuffix: String, messageContaining text: String) -> Bool {
        contains { $0.kind == kind && $0.path.hasSuffix(pathSuffix) && $0.message.contains(text) }
    }
}
