import ScreenKit
import SharedNetworking

/// Everything the calendar panel draws for the displayed month.
public struct CalendarViewState: Sendable, Equatable, Codable {
    /// Whether the panel is shown (it slides in from the top; a tap outside hides it).
    public var isPresented: Bool
    /// The month the grid shows.
    public var month: CalendarMonth
    /// `September 2020`, localized.
    public var title: String
    /// Titles of the months the arrows lead to, for the buttons' accessibility labels.
    public var previousMonthTitle: String
    /// The next month's title, for the forward arrow's accessibility label.
    public var nextMonthTitle: String
    /// Column headers in display order, starting with the locale's first weekday.
    public var weekdays: [WeekdayLabel]
    /// Full weeks (7 cells each), including the days of the adjacent months that fill the
    /// first and last week.
    public var weeks: [[CalendarDayCell]]
    /// Today in the worker's calendar, marked in the grid.
    public var today: CalendarDay
    /// Every selected day, in any month, in calendar order.
    public var selectedDays: [CalendarDay]
    /// The panel as a container: `Calendar, September 2020`, with the named actions `Previous
    /// month, August 2020` and `Next month, October 2020`, so the month changes from anywhere in
    /// the grid, without finding the arrows, and `Close calendar` (``CarFitAction/dismissCalendar``),
    /// the action a tap outside the panel or an escape gesture performs.
    public var accessibility: AccessibilityElement
    /// The month's title as a level-2 heading.
    public var titleAccessibility: AccessibilityElement
    /// The back arrow: `Previous month, August 2020`, action `show-previous-month`.
    public var previousMonthAccessibility: AccessibilityElement
    /// The forward arrow: `Next month, October 2020`, action `show-next-month`.
    public var nextMonthAccessibility: AccessibilityElement

    /// A calendar state from its parts; ``CalendarViewModel`` builds the real one.
    public init(
        isPresented: Bool,
        month: CalendarMonth,
        title: String,
        previousMonthTitle: String,
        nextMonthTitle: String,
        weekdays: [WeekdayLabel],
        weeks: [[CalendarDayCell]],
        today: CalendarDay,
        selectedDays: [CalendarDay],
        accessibility: AccessibilityElement,
        titleAccessibility: AccessibilityElement,
        previousMonthAccessibility: AccessibilityElement,
        nextMonthAccessibility: AccessibilityElement
    ) {
        self.isPresented = isPresented
        self.month = month
        self.title = title
        self.previousMonthTitle = previousMonthTitle
        self.nextMonthTitle = nextMonthTitle
        self.weekdays = weekdays
        self.weeks = weeks
        self.today = today
        self.selectedDays = selectedDays
        self.accessibility = accessibility
        self.titleAccessibility = titleAccessibility
        self.previousMonthAccessibility = previousMonthAccessibility
        self.nextMonthAccessibility = nextMonthAccessibility
    }
}

/// One cell of the month grid.
public struct CalendarDayCell: Sendable, Equatable, Codable, Identifiable {
    /// The day the cell stands for.
    public var day: CalendarDay
    /// `10` in the locale's digits.
    public var number: String
    /// `false` for the leading and trailing days of the adjacent months (drawn dimmed).
    public var isInDisplayedMonth: Bool
    /// Whether the cell is today (drawn with a ring).
    public var isToday: Bool
    /// Whether the day is selected (drawn filled); the list shows every selected day.
    public var isSelected: Bool
    /// Whether the loaded data has visits on this day (a dot under the number).
    public var hasVisits: Bool
    /// `Thursday, 10 September 2020`, for VoiceOver.
    public var accessibilityLabel: String
    /// The cell as a VoiceOver toggle button: the date as its label, `today, has visits` as its
    /// value, selected when selected (never left to the fill colour, the ring or the dot), and
    /// the action `toggle-day` with the day (`2020-09-10`).
    public var accessibility: AccessibilityElement

    /// The day: unique within the grid.
    public var id: CalendarDay { day }

    /// A cell from its parts.
    public init(
        day: CalendarDay, number: String, isInDisplayedMonth: Bool, isToday: Bool, isSelected: Bool, hasVisits: Bool,
        accessibilityLabel: String, accessibility: AccessibilityElement
    ) {
        self.day = day
        self.number = number
        self.isInDisplayedMonth = isInDisplayedMonth
        self.isToday = isToday
        self.isSelected = isSelected
        self.hasVisits = hasVisits
        self.accessibilityLabel = accessibilityLabel
        self.accessibility = accessibility
    }
}

/// A weekday column header in its three lengths.
public struct WeekdayLabel: Sendable, Hashable, Codable {
    /// `Mon`, `man.`, `Mo.`
    public var short: String
    /// `M`
    public var narrow: String
    /// `Monday`, for VoiceOver.
    public var full: String

    /// A weekday's three names.
    public init(short: String, narrow: String, full: String) {
        self.short = short
        self.narrow = narrow
        self.full = full
    }
}
