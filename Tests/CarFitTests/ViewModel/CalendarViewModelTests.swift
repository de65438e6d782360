import Foundation
import SharedNetworking
import Testing

@testable import CarFit

@Suite("Calendar view-model")
@MainActor
struct CalendarViewModelTests {
    let september10 = CalendarDay(year: 2020, month: 9, day: 10)

    func makeViewModel(_ locale: String = "en_GB", _ zone: String = "UTC", now: String = "2020-09-10T08:00:00Z") -> (
        CalendarViewModel, ManualClock
    ) {
        let clock = TestCalendars.clock(now)
        return (CalendarViewModel(calendar: TestCalendars.gregorian(locale, zone), clock: clock), clock)
    }

    @Test func opensHiddenOnThePresentMonthWithTodaySelected() {
        let (viewModel, _) = makeViewModel()
        #expect(viewModel.isPresented == false)
        #expect(viewModel.displayedMonth == CalendarMonth(year: 2020, month: 9))
        #expect(viewModel.selectedDays == [september10])
        #expect(viewModel.today == september10)
    }

    /// Calendars given one ``CalendarMonthTexts`` (a server's tabs) hold one copy of a month's
    /// words; another language or month writes its own, and each calendar still draws its own
    /// selection.
    @Test func calendarsGivenOneCacheShareAMonthsWords() {
        let texts = CalendarMonthTexts()
        let clock = TestCalendars.clock("2020-09-10T08:00:00Z")
        let first = CalendarViewModel(calendar: TestCalendars.gregorian("en_GB"), clock: clock, monthTexts: texts)
        let second = CalendarViewModel(calendar: TestCalendars.gregorian("en_GB"), clock: clock, monthTexts: texts)
        second.toggle(CalendarDay(year: 2020, month: 9, day: 11))
        #expect(first.state.title == second.state.title)
        #expect(first.state.weeks.joined().map(\.accessibilityLabel) == second.state.weeks.joined().map(\.accessibilityLabel))
        #expect(first.state.selectedDays != second.state.selectedDays)
        #expect(texts.count == 1)
        second.showNextMonth()
        #expect(second.state.title == "October 2020")
        let german = CalendarViewModel(calendar: TestCalendars.gregorian("de_DE"), clock: clock, monthTexts: texts)
        #expect(german.state.title == "September 2020")
        #expect(texts.count == 3)
        #expect(first.state.title == "September 2020")
    }

    @Test func todayIsTheDayInTheCalendarsTimeZone() {
        let (copenhagen, _) = makeViewModel("da_DK", "Europe/Copenhagen", now: "2020-09-10T22:30:00Z")
        #expect(copenhagen.today == CalendarDay(year: 2020, month: 9, day: 11))
        let (newYork, _) = makeViewModel("en_US", "America/New_York", now: "2020-09-10T02:30:00Z")
        #expect(newYork.today == CalendarDay(year: 2020, month: 9, day: 9))
    }

    @Test func todayFollowsTheClockPastMidnight() {
        let (viewModel, clock) = makeViewModel(now: "2020-09-10T23:59:00Z")
        clock.advance(by: .seconds(120))
        #expect(viewModel.today == CalendarDay(year: 2020, month: 9, day: 11))
        #expect(viewModel.state.weeks.joined().filter(\.isToday).map(\.day) == [CalendarDay(year: 2020, month: 9, day: 11)])
    }

    @Test func presentAndDismiss() {
        let (viewModel, _) = makeViewModel()
        viewModel.present()
        #expect(viewModel.isPresented)
        #expect(viewModel.state.isPresented)
        viewModel.dismiss()
        #expect(!viewModel.isPresented)
        viewModel.togglePresentation()
        #expect(viewModel.isPresented)
    }

    @Test func arrowsMoveByMonthAcrossYears() {
        let (viewModel, _) = makeViewModel()
        for _ in 0..<4 { viewModel.showNextMonth() }
        #expect(viewModel.displayedMonth == CalendarMonth(year: 2021, month: 1))
        viewModel.showPreviousMonth()
        #expect(viewModel.displayedMonth == CalendarMonth(year: 2020, month: 12))
        #expect(viewModel.state.title == "December 2020")
        #expect(viewModel.state.previousMonthTitle == "November 2020")
        #expect(viewModel.state.nextMonthTitle == "January 2021")
    }

    @Test func arrivingOnThePresentMonthSelectsTodayWhenNothingThereIsSelected() {
        let (viewModel, _) = makeViewModel()
        viewModel.clearSelection()
        viewModel.showNextMonth()
        #expect(viewModel.selectedDays.isEmpty)
        viewModel.showPreviousMonth()
        #expect(viewModel.selectedDays == [september10])
    }

    @Test func arrivingOnThePresentMonthKeepsAChosenDayOfThatMonth() {
        let (viewModel, _) = makeViewModel()
        let september12 = CalendarDay(year: 2020, month: 9, day: 12)
        viewModel.toggle(september10)
        viewModel.toggle(september12)
        viewModel.showPreviousMonth()
        viewModel.showNextMonth()
        #expect(viewModel.selectedDays == [september12])
    }

    @Test func tappingTogglesDaysAcrossMonths() {
        let (viewModel, _) = makeViewModel()
        let october5 = CalendarDay(year: 2020, month: 10, day: 5)
        viewModel.showNextMonth()
        viewModel.toggle(october5)
        #expect(viewModel.selectedDays == [september10, october5])
        #expect(viewModel.state.selectedDays == [september10, october5])
        viewModel.toggle(september10)
        #expect(viewModel.selectedDays == [october5])
        viewModel.toggle(october5)
        #expect(viewModel.selectedDays.isEmpty)
    }

    @Test func selectingDaysReplacesTheSelectionAndShowsTheFirstMonth() {
        let (viewModel, _) = makeViewModel()
        viewModel.select([CalendarDay(year: 2020, month: 11, day: 3), CalendarDay(year: 2020, month: 10, day: 30)])
        #expect(viewModel.displayedMonth == CalendarMonth(year: 2020, month: 10))
        #expect(viewModel.selectedDays.count == 2)
    }

    @Test func cellsCarryTodaySelectionVisitsAndMonthFlags() throws {
        let (viewModel, _) = makeViewModel()
        viewModel.markedDays = [september10, CalendarDay(year: 2020, month: 9, day: 30)]
        viewModel.toggle(CalendarDay(year: 2020, month: 8, day: 31))
        let cells = Array(viewModel.state.weeks.joined())
        let tenth = try #require(cells.first { $0.day == september10 })
        #expect(tenth.isToday && tenth.isSelected && tenth.hasVisits && tenth.isInDisplayedMonth)
        #expect(tenth.number == "10")
        #expect(tenth.accessibilityLabel == "Thursday, 10 September 2020")
        let leading = try #require(cells.first)
        #expect(leading.day == CalendarDay(year: 2020, month: 8, day: 31))
        #expect(!leading.isInDisplayedMonth && leading.isSelected && !leading.isToday)
        #expect(cells.filter(\.hasVisits).count == 2)
        #expect(cells.filter(\.isToday).count == 1)
    }

    @Test(arguments: [
        ("da_DK", ["Man.", "Tirs.", "Ons.", "Tors.", "Fre.", "Lør.", "Søn."], "September 2020"),
        ("de_DE", ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"], "September 2020"),
        ("en_GB", ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], "September 2020"),
        ("en_US", ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"], "September 2020"),
    ])
    func weekdaysStartOnTheLocalesFirstWeekday(locale: String, short: [String], title: String) {
        let (viewModel, _) = makeViewModel(locale)
        let state = viewModel.state
        #expect(state.weekdays.map(\.short) == short)
        #expect(state.title == title)
        #expect(state.weeks[0].count == 7)
    }

    @Test func fullWeekdayNamesAreLocalized() {
        let (viewModel, _) = makeViewModel("da_DK")
        #expect(viewModel.state.weekdays.first?.full == "Mandag")
        #expect(viewModel.state.weekdays.last?.narrow == "S")
    }

    @Test func arabicLocaleUsesItsOwnDigitsAndSaturdayFirst() {
        let (viewModel, _) = makeViewModel("ar_EG")
        let state = viewModel.state
        #expect(state.weeks.joined().first { $0.day == september10 }?.number == "١٠")
        #expect(state.weekdays.count == 7)
    }

    @Test func aNonGregorianCalendarIsReplacedByAGregorianOne() {
        var buddhist = Calendar(identifier: .buddhist)
        buddhist.locale = Locale(identifier: "th_TH")
        buddhist.timeZone = TestCalendars.zone("Asia/Bangkok")
        let viewModel = CalendarViewModel(calendar: buddhist, clock: TestCalendars.clock("2020-09-10T08:00:00Z"))
        #expect(viewModel.displayedMonth == CalendarMonth(year: 2020, month: 9))
        #expect(viewModel.state.weeks.joined().filter(\.isInDisplayedMonth).count == 30)
    }
}
