import Foundation

/// What presentation depends on outside the feed, injected: the user's locale, time zone and
/// calendar, the current time and where logos live.
public struct ScheduleDisplayContext: Sendable {
    public var locale: Locale
    public var timeZone: TimeZone
    public var calendar: Calendar
    /// Used only when the feed's `DefaultGameId` names no row: the screen then opens at the
    /// first game that has not kicked off yet.
    public var now: Date
    public var logos: TeamLogoCatalog
    public var metrics: ScheduleMetrics

    public init(
        locale: Locale, timeZone: TimeZone, calendar: Calendar, now: Date,
        logos: TeamLogoCatalog = .yinzCam, metrics: ScheduleMetrics = .standard
    ) {
        self.locale = locale
        self.timeZone = timeZone
        self.calendar = calendar
        self.now = now
        self.logos = logos
        self.metrics = metrics
    }
}
