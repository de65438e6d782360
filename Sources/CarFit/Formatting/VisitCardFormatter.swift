import Foundation
import ScreenKit
import SharedNetworking

/// Turns one day's visits into the cards the list shows: every label already formatted for
/// the worker's locale and time zone, so a view only lays text out.
///
/// The same visits and settings always give the same cards, which is what lets the card be
/// tested field by field without a view. A screen keeps one formatter: it formats each distinct
/// start time, window, duration and distance once and remembers the text (`VisitCardTexts`).
public struct VisitCardFormatter: Sendable {
    /// The screen's own words in the user's language.
    public let strings: CarFitStrings
    /// Which badge colours the cards get: the design's, or darker ones for Increase Contrast.
    public let contrast: ContrastPreference
    private let days: DayTextFormatter
    private let windowDays: DayTextFormatter
    let distance: DistanceFormat
    private let memos = VisitCardTexts.Memos()

    /// `calendar` decides the time zone start times are shown in and carries the locale that
    /// formats dates, times and numbers; the labels are in `language`'s language (the
    /// calendar's when `nil`); `contrast` chooses the badge colours (``VisitStateAppearance``);
    /// `formatters` holds the Foundation formatters the times are written with (shared with
    /// every screen given the same cache).
    public init(
        calendar: Calendar, language: Locale? = nil, contrast: ContrastPreference = .standard,
        formatters: DateFormatterCache = DateFormatterCache()
    ) {
        self.contrast = contrast
        days = DayTextFormatter(calendar: calendar, formatters: formatters)
        strings = CarFitStrings(locale: language ?? days.locale)
        distance = DistanceFormat(locale: days.locale)
        // The expected window is wall-clock text: format it in UTC so no zone shifts it.
        var utc = calendar
        utc.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        windowDays = DayTextFormatter(calendar: utc, formatters: formatters)
    }

    /// The zone start times are shown in.
    var timeZone: TimeZone { days.calendar.timeZone }

    /// Every day's cards, as ``cards(for:)`` gives them, sharing one cache of texts.
    public func cardsByDay(_ schedule: VisitSchedule) -> [CalendarDay: [VisitCard]] {
        var texts = VisitCardTexts(formatter: self, memos: memos)
        var result: [CalendarDay: [VisitCard]] = [:]
        result.reserveCapacity(schedule.visitsByDay.count)
        for (day, visits) in schedule.visitsByDay {
            result[day] = cards(for: visits, texts: &texts)
        }
        return result
    }

    /// Cards for visits of one day, already in start-time order (as ``VisitSchedule`` gives
    /// them). Each card after the first carries the distance from the one before it.
    public func cards(for dayVisits: [Visit]) -> [VisitCard] {
        var texts = VisitCardTexts(formatter: self, memos: memos)
        return cards(for: dayVisits, texts: &texts)
    }

    /// The card of `visit`; `previous` is the visit before it on the same day, if any.
    public func card(for visit: Visit, after previous: Visit?) -> VisitCard {
        var texts = VisitCardTexts(formatter: self, memos: memos)
        return card(for: visit, after: previous, texts: &texts)
    }

    private func cards(for dayVisits: [Visit], texts: inout VisitCardTexts) -> [VisitCard] {
        var cards: [VisitCard] = []
        cards.reserveCapacity(dayVisits.count)
        // Visits are read in place (a loop variable would copy each one: a dozen strings and
        // arrays), and only the previous visit's position is kept.
        dayVisits.withUnsafeBufferPointer { visits in
            var previous: GeoCoordinate?
            for index in visits.indices {
                cards.append(card(for: visits[index], isFirst: index == 0, afterPosition: previous, texts: &texts))
                previous = visits[index].owner.coordinate
            }
        }
        return cards
    }

    private func card(for visit: Visit, after previous: Visit?, texts: inout VisitCardTexts) -> VisitCard {
        card(for: visit, isFirst: previous == nil, afterPosition: previous?.owner.coordinate, texts: &texts)
    }

    private func card(for visit: Visit, isFirst: Bool, afterPosition previous: GeoCoordinate?, texts: inout VisitCardTexts) -> VisitCard {
        let appearance = VisitStateAppearance(state: visit.state, contrast: contrast)
        let times = texts.times(start: visit.start, window: visit.expectedWindow)
        let minutes = visit.totalMinutes
        let meters = isFirst ? nil : distanceMeters(from: previous, to: visit)
        let distance = meters.map { texts.distance(meters: $0) }
        let clientName = visit.owner.fullName ?? strings.unnamedClient
        let stateLabel = strings.label(for: visit.state)
        let tasks = Self.tasksText(visit.tasks)
        var spoken = [clientName, stateLabel]
        spoken.append(strings.spokenTimes(start: times.start, window: visit.expectedWindow.map { texts.spokenWindow($0) }))
        if !tasks.isEmpty { spoken.append(strings.spokenTasks(tasks)) }
        if let minutes { spoken.append(texts.spokenDuration(minutes)) }
        if let address = visit.owner.address.singleLine { spoken.append(address) }
        if let distance { spoken.append(distance.spoken) }
        return VisitCard(
            id: visit.occurrenceID,
            clientName: clientName,
            stateLabel: stateLabel,
            stateColor: appearance.color,
            stateTextColor: appearance.textColor,
            tasksText: tasks,
            start: visit.start,
            startTimeText: times.start,
            expectedWindowText: times.window,
            timeText: times.line,
            durationMinutes: minutes,
            durationText: minutes.map { texts.duration($0) },
            addressText: visit.owner.address.singleLine,
            phoneNumber: visit.owner.mobilePhone,
            distanceFromPreviousMeters: meters,
            distanceText: distance?.text,
            distanceAccessibilityLabel: distance?.spoken,
            accessibility: AccessibilityElement(
                label: spoken.joined(separator: ", "), children: .ignore,
                identifier: "visit-\(visit.id)-\(Int(visit.start.timeIntervalSince1970))")
        )
    }

    /// Task titles joined with ", ", untitled tasks left out.
    private static func tasksText(_ tasks: [VisitTask]) -> String {
        var text = ""
        for task in tasks where !task.title.isEmpty {
            if text.isEmpty {
                text = task.title
            } else {
                text += ", " + task.title
            }
        }
        return text
    }

    /// The start time in the worker's zone: `10:05`.
    func startTimeText(_ start: Date) -> String {
        days.time(of: start)
    }

    /// `55 min`, the number in the locale's digits.
    func durationText(_ minutes: Int) -> String {
        strings.minutes(minutes.formatted(IntegerFormatStyle<Int>.number.locale(days.locale)))
    }

    /// `08:00-10:00` in the locale's time style, as written (never converted between zones).
    func windowText(_ window: ExpectedTimeWindow) -> String {
        "\(clockText(window.start))-\(clockText(window.end))"
    }

    /// `08:00 to 10:00`: the window as VoiceOver says it (a hyphen is read as "minus").
    func spokenWindowText(_ window: ExpectedTimeWindow) -> String {
        strings.spokenWindow(from: clockText(window.start), to: clockText(window.end))
    }

    /// `55 minutes`, the number in the locale's digits.
    func spokenDurationText(_ minutes: Int) -> String {
        strings.spokenMinutes(minutes.formatted(IntegerFormatStyle<Int>.number.locale(days.locale)), isOne: minutes == 1)
    }

    /// A wall-clock time of a window in the locale's style.
    private func clockText(_ time: TimeOfDay) -> String {
        // A clock time on the reference day (2001-01-01) in UTC is that same clock time.
        windowDays.time(of: Date(timeIntervalSinceReferenceDate: TimeInterval(time.minutesSinceMidnight * 60)))
    }

    /// Haversine distance, or `nil` when either end has no valid position.
    private func distanceMeters(from previous: GeoCoordinate?, to visit: Visit) -> Double? {
        guard let from = previous, let to = visit.owner.coordinate else { return nil }
        return Haversine.distance(from: from, to: to)
    }
}
