import Foundation
import Testing

@testable import CarFit

/// The month grid: lengths, leap years, week starts and daylight-saving weeks.
@Suite("Month grid")
struct MonthGridTests {
    func grid(_ year: Int, _ month: Int, _ locale: String = "en_GB", _ zone: String = "UTC") -> MonthGrid {
        MonthGrid(month: CalendarMonth(year: year, month: month), calendar: TestCalendars.gregorian(locale, zone))
    }

    func ownDays(_ grid: MonthGrid) -> [Int] {
        grid.weeks.joined().filter(\.isInMonth).map(\.day.day)
    }

    /// Invariants of every grid: whole weeks, consecutive days, the month complete and once.
    func checkShape(_ grid: MonthGrid, days: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(grid.weeks.allSatisfy { $0.count == 7 }, sourceLocation: sourceLocation)
        #expect((4...6).contains(grid.weeks.count), sourceLocation: sourceLocation)
        #expect(ownDays(grid) == Array(1...days), sourceLocation: sourceLocation)
        let all = Array(grid.weeks.joined())
        #expect(Set(all.map(\.day)).count == all.count, "a day appears twice", sourceLocation: sourceLocation)
        let leading = all.prefix { !$0.isInMonth }
        #expect(leading.count < 7, sourceLocation: sourceLocation)
        #expect(leading.allSatisfy { $0.day.calendarMonth == grid.month.previous }, sourceLocation: sourceLocation)
        #expect(
            all.reversed().prefix { !$0.isInMonth }.allSatisfy { $0.day.calendarMonth == grid.month.next }, sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        (2020, 1, 31), (2020, 4, 30), (2020, 6, 30), (2020, 9, 30), (2020, 11, 30), (2020, 12, 31), (2021, 2, 28), (2019, 2, 28),
    ])
    func monthsHaveTheirLength(year: Int, month: Int, days: Int) {
        checkShape(grid(year, month), days: days)
    }

    @Test(arguments: [(2020, 29), (2024, 29), (2000, 29), (1900, 28), (2100, 28), (2023, 28)])
    func februaryFollowsTheLeapYearRules(year: Int, days: Int) {
        checkShape(grid(year, 2), days: days)
        #expect(CalendarMonth(year: year, month: 2).gregorianDayCount == days)
    }

    @Test func septemberTwentyTwentyStartsOnTuesdayMondayFirst() {
        let september = grid(2020, 9, "en_GB")
        let first = september.weeks[0].map(\.day.description)
        #expect(first == ["2020-08-31", "2020-09-01", "2020-09-02", "2020-09-03", "2020-09-04", "2020-09-05", "2020-09-06"])
        #expect(
            september.weeks.last?.map(\.day.description) == [
                "2020-09-28", "2020-09-29", "2020-09-30", "2020-10-01", "2020-10-02", "2020-10-03", "2020-10-04",
            ])
        #expect(september.weeks.count == 5)
    }

    @Test func septemberTwentyTwentySundayFirstInTheUnitedStates() {
        let september = grid(2020, 9, "en_US")
        #expect(september.weeks[0].map(\.day.day) == [30, 31, 1, 2, 3, 4, 5])
        #expect(september.weeks[0].map(\.isInMonth) == [false, false, true, true, true, true, true])
    }

    @Test func aFebruaryStartingOnTheFirstWeekdayFillsExactlyFourWeeks() {
        let february = grid(2021, 2, "de_DE")
        #expect(february.weeks.count == 4)
        #expect(february.weeks.joined().allSatisfy { $0.isInMonth })
    }

    @Test func yearBoundariesLeadIntoTheAdjacentYears() {
        let january = grid(2021, 1, "en_GB")
        #expect(january.weeks[0].first?.day == CalendarDay(year: 2020, month: 12, day: 28))
        let december = grid(2020, 12, "en_GB")
        #expect(december.weeks.last?.last?.day == CalendarDay(year: 2021, month: 1, day: 3))
    }

    /// 25 October 2020: Copenhagen's clocks go back (a 25-hour Sunday).
    @Test func copenhagenAutumnDaylightSavingWeekHasSevenDistinctDays() {
        let october = grid(2020, 10, "da_DK", "Europe/Copenhagen")
        checkShape(october, days: 31)
        let week = october.weeks.first { $0.contains { $0.day.day == 25 && $0.isInMonth } }
        #expect(week?.map(\.day.day) == [19, 20, 21, 22, 23, 24, 25])
    }

    /// 8 March 2020: New York's clocks go forward (a 23-hour Sunday).
    @Test func newYorkSpringDaylightSavingWeekHasSevenDistinctDays() {
        let march = grid(2020, 3, "en_US", "America/New_York")
        checkShape(march, days: 31)
        #expect(march.weeks[0].map(\.day.day) == [1, 2, 3, 4, 5, 6, 7])
        #expect(march.weeks[1].map(\.day.day) == [8, 9, 10, 11, 12, 13, 14])
    }

    /// São Paulo skipped midnight itself on 4 November 2018 (00:00 became 01:00).
    @Test func aMonthWhereMidnightDoesNotExistIsComplete() {
        checkShape(grid(2018, 11, "pt_BR", "America/Sao_Paulo"), days: 30)
    }

    @Test func dayOfAnInstantFollowsTheTimeZoneAcrossTheChange() {
        let calendar = TestCalendars.gregorian("da_DK", "Europe/Copenhagen")
        // 00:30 and 23:30 local on the 25-hour day are the same day.
        #expect(CalendarDay(TestCalendars.instant("2020-10-24T22:30:00Z"), in: calendar) == CalendarDay(year: 2020, month: 10, day: 25))
        #expect(CalendarDay(TestCalendars.instant("2020-10-25T22:30:00Z"), in: calendar) == CalendarDay(year: 2020, month: 10, day: 25))
        #expect(CalendarDay(TestCalendars.instant("2020-10-25T23:30:00Z"), in: calendar) == CalendarDay(year: 2020, month: 10, day: 26))
    }

    @Test func arithmeticFallbackAgreesWithTheCalendar() {
        let calendar = TestCalendars.gregorian("en_US", "UTC")
        for year in [1900, 1999, 2000, 2020, 2024] {
            for month in 1...12 {
                let day = CalendarDay(year: year, month: month, day: 1)
                let noon = day.noon(in: calendar) ?? Date()
                #expect(MonthGrid.gregorianWeekday(of: day) == calendar.component(.weekday, from: noon), "\(day)")
            }
        }
    }

    @Test func monthArithmeticWrapsYears() {
        #expect(CalendarMonth(year: 2020, month: 12).next == CalendarMonth(year: 2021, month: 1))
        #expect(CalendarMonth(year: 2021, month: 1).previous == CalendarMonth(year: 2020, month: 12))
        #expect(CalendarMonth(year: 2020, month: 0) == CalendarMonth(year: 2019, month: 12))
        #expect(CalendarMonth(year: 2020, month: -12) == CalendarMonth(year: 2018, month: 12))
        #expect(CalendarMonth(year: 2020, month: 25) == CalendarMonth(year: 2022, month: 1))
    }

    @Test func dayParsingRejectsImpossibleDays() {
        #expect(CalendarDay(parsing: "2020-02-29") == CalendarDay(year: 2020, month: 2, day: 29))
        #expect(CalendarDay(parsing: "2021-02-29") == nil)
        #expect(CalendarDay(parsing: "1900-02-29") == nil)
        #expect(CalendarDay(parsing: "2020-13-01") == nil)
        #expect(CalendarDay(parsing: "2020-9-10") == nil)
        #expect(CalendarDay(parsing: "2020-09-31") == nil)
        #expect(CalendarDay(parsing: "tomorrow") == nil)
        #expect(CalendarDay(year: 2020, month: 9, day: 1).description == "2020-09-01")
    }
}

@Suite("Calendar day and month values")
struct CalendarValueTests {
    @Test func textFormsRoundTrip() throws {
        for day in [
            CalendarDay(year: 2020, month: 9, day: 1), CalendarDay(year: 900, month: 1, day: 31),
            CalendarDay(year: 2024, month: 12, day: 9),
        ] {
            #expect(CalendarDay(parsing: day.description) == day)
            let data = try JSONEncoder().encode(day)
            #expect(try JSONDecoder().decode(CalendarDay.self, from: data) == day)
        }
        #expect(CalendarDay(year: 900, month: 1, day: 31).description == "0900-01-31")
        let month = CalendarMonth(year: 2020, month: 9)
        #expect(String(decoding: try JSONEncoder().encode(month), as: UTF8.self) == "\"2020-09\"")
        #expect(try JSONDecoder().decode(CalendarMonth.self, from: Data("\"2020-09\"".utf8)) == month)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CalendarMonth.self, from: Data("\"2020-13\"".utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CalendarDay.self, from: Data("\"2020-02-30\"".utf8)) }
    }
}
