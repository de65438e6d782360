import Foundation
import SharedNetworking

/// The words of one displayed month's grid, which depend on the month alone: its title and its
/// neighbours', the weekday headers, and each cell's number, spoken date and action value.
///
/// ``CalendarViewModel`` builds its ``CalendarViewState`` on every read, and a live page reads it
/// once per change; formatting some forty dates each time was most of that read. The view-model
/// keeps the words of the month it shows and builds them again only when the month changes,
/// so a tap on a day costs the flags of each cell, not their dates; view-models given the same
/// ``CalendarMonthTexts`` share them.
struct CalendarMonthText: Sendable {
    /// One cell's words.
    struct Cell: Sendable {
        /// The day and whether it belongs to the month.
        var grid: MonthGrid.Day
        /// `10` in the locale's digits.
        var number: String
        /// `Thursday, 10 September 2020`.
        var label: String
        /// `2020-09-10`: the toggle action's value.
        var value: String
    }

    /// The month these words are for.
    let month: CalendarMonth
    /// `September 2020`.
    let title: String
    /// The previous month's title.
    let previousTitle: String
    /// The next month's title.
    let nextTitle: String
    /// The column headers.
    let weekdays: [WeekdayLabel]
    /// The grid's weeks.
    let weeks: [[Cell]]

    /// The words of `month`'s grid in `calendar`, written by `text`.
    init(month: CalendarMonth, calendar: Calendar, text: DayTextFormatter) {
        self.month = month
        title = text.title(of: month)
        previousTitle = text.title(of: month.previous)
        nextTitle = text.title(of: month.next)
        weekdays = text.weekdays()
        weeks = MonthGrid(month: month, calendar: calendar).weeks.map { week in
            week.map { cell in
                Cell(
                    grid: cell, number: text.number(of: cell.day), label: text.title(of: cell.day, includeYear: true),
                    value: cell.day.description)
            }
        }
    }
}
