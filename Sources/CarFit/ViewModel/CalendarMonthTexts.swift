import Foundation
import ScreenKit

/// The words of calendar months (``CalendarViewModel``'s grid), each month's written once for
/// every calendar view-model given the same cache.
///
/// A calendar view-model keeps the words of the month it shows (some forty spoken dates, their
/// numbers and action values, the titles: a few kilobytes), so that a tap does not format them
/// again. An app has one calendar; a server that runs CarFit for thousands of browser tabs has
/// one per tab, nearly all showing the same month in the same language and zone. Given one
/// cache, they hold one copy of those words between them (values, shared until changed). At
/// most `limit` months are kept; past that, a month's words are written for the view-model
/// that asks and not kept (``/ScreenKit/FormattedTextMemo``).
public final class CalendarMonthTexts: Sendable {
    /// Everything a month's words depend on.
    struct Key: Hashable, Sendable {
        var month: CalendarMonth
        var calendar: Calendar
        var locale: Locale?
        var timeZone: TimeZone
    }

    private let memo: FormattedTextMemo<Key, CalendarMonthText>

    /// A cache of at most `limit` months' words.
    public init(limit: Int = 256) {
        memo = FormattedTextMemo(limit: limit)
    }

    /// The words of `month` in `calendar`, written by `text` (made from that calendar) when no
    /// view-model given this cache has asked for them yet.
    func text(of month: CalendarMonth, calendar: Calendar, text: DayTextFormatter) -> CalendarMonthText {
        let key = Key(month: month, calendar: calendar, locale: calendar.locale, timeZone: calendar.timeZone)
        return memo.value(for: key) { CalendarMonthText(month: month, calendar: calendar, text: text) }
    }

    /// How many months' words are kept.
    public var count: Int { memo.count }
}
