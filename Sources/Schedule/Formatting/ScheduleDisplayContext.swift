import Foundation

/// What presentation depends on outside the feed, injected: the user's locale, time zone and
/// calendar, the current time and where logos live.
public struct ScheduleDisplayContext: Sendable {
    /// The user's locale: date templates and the time's hour cycle.
    public var locale: Locale
    /// The user's time zone: the day and time each kick-off is shown in.
    public var timeZone: TimeZone
    /// The calendar dates are computed in, with ``locale`` and ``timeZone`` set.
    public var calendar: Calendar
    /// Used only when the feed's `DefaultGameId` names no row: the screen then opens at the
    /// first game that has not kicked off yet.
    public var now: Date
    /// Where the teams' logos are fetched from.
    public var logos: TeamLogoCatalog
    /// The design's sizes, colours and fonts, carried into the view state
    /// (``ScheduleMetrics/highContrast`` for Increase Contrast).
    public var metrics: ScheduleMetrics
    /// The locale whose language VoiceOver's words are in (``ScheduleSpokenText``); usually
    /// ``locale``, the user's messages locale when they chose one apart.
    public var language: Locale

    /// A context; logos default to the exercise's host, metrics to the design spec, the spoken
    /// words to `locale`'s language.
    public init(
        locale: Locale, timeZone: TimeZone, calendar: Calendar, now: Date,
        logos: TeamLogoCatalog = .yinzCam, metrics: ScheduleMetrics = .standard, language: Locale? = nil
    ) {
        self.locale = locale
        self.timeZone = timeZone
        self.calendar = calendar
        self.now = now
        self.logos = logos
        self.metrics = metrics
        self.language = language ?? locale
    }
}
