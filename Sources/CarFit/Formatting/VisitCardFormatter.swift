import Foundation

/// Turns one day's visits into the cards the list shows: every label already formatted for
/// the worker's locale and time zone, so a view only lays text out.
///
/// A pure value: the same visits and settings always give the same cards, which is what lets
/// the card be tested field by field without a view.
public struct VisitCardFormatter: Sendable {
    /// The screen's own words in the user's language.
    public let strings: CarFitStrings
    private let days: DayTextFormatter
    private let windowDays: DayTextFormatter
    private let distance: DistanceFormat

    /// `calendar` decides the time zone start times are shown in and carries the locale.
    public init(calendar: Calendar) {
        days = DayTextFormatter(calendar: calendar)
        strings = CarFitStrings(locale: days.locale)
        distance = DistanceFormat(locale: days.locale)
        // The expected window is wall-clock text: format it in UTC so no zone shifts it.
        var utc = calendar
        utc.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        windowDays = DayTextFormatter(calendar: utc)
    }

    /// Cards for visits of one day, already in start-time order (as ``VisitSchedule`` gives
    /// them). Each card after the first carries the distance from the one before it.
    public func cards(for dayVisits: [Visit]) -> [VisitCard] {
        dayVisits.indices.map { index in
            card(for: dayVisits[index], after: index > 0 ? dayVisits[index - 1] : nil)
        }
    }

    /// The card of `visit`; `previous` is the visit before it on the same day, if any.
    public func card(for visit: Visit, after previous: Visit?) -> VisitCard {
        let appearance = VisitStateAppearance(state: visit.state)
        let startTime = days.time(of: visit.start)
        let window = visit.expectedWindow.map(windowText)
        let minutes = visit.totalMinutes
        let meters = distanceMeters(from: previous, to: visit)
        let distanceText = meters.map(distance.string(meters:))
        return VisitCard(
            id: visit.occurrenceID,
            clientName: visit.owner.fullName ?? strings.unnamedClient,
            stateLabel: strings.label(for: visit.state),
            stateColor: appearance.color,
            stateTextColor: appearance.textColor,
            tasksText: visit.tasks.map(\.title).filter { !$0.isEmpty }.joined(separator: ", "),
            start: visit.start,
            startTimeText: startTime,
            expectedWindowText: window,
            timeText: window.map { "\(startTime) / \($0)" } ?? startTime,
            durationMinutes: minutes,
            durationText: minutes.map { strings.minutes($0.formatted(IntegerFormatStyle<Int>.number.locale(days.locale))) },
            addressText: visit.owner.address.singleLine,
            phoneNumber: visit.owner.mobilePhone,
            distanceFromPreviousMeters: meters,
            distanceText: distanceText,
            distanceAccessibilityLabel: distanceText.map(strings.distanceFromPrevious)
        )
    }

    /// `08:00-10:00` in the locale's time style, as written (never converted between zones).
    private func windowText(_ window: ExpectedTimeWindow) -> String {
        // A clock time on the reference day (2001-01-01) in UTC is that same clock time.
        func text(_ time: TimeOfDay) -> String {
            windowDays.time(of: Date(timeIntervalSinceReferenceDate: TimeInterval(time.minutesSinceMidnight * 60)))
        }
        return "\(text(window.start))-\(text(window.end))"
    }

    /// Haversine distance, or `nil` for the first visit of a day or when either end has no
    /// valid position.
    private func distanceMeters(from previous: Visit?, to visit: Visit) -> Double? {
        guard let from = previous?.owner.coordinate, let to = visit.owner.coordinate else { return nil }
        return Haversine.distance(from: from, to: to)
    }
}
