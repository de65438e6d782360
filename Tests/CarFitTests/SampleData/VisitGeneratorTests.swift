import Foundation
import SharedNetworking
import Testing

@testable import CarFit

@Suite("Sample visit generator")
struct VisitGeneratorTests {
    let calendar = TestCalendars.gregorian("da_DK", "Europe/Copenhagen")
    let now = TestCalendars.instant("2024-05-15T10:00:00Z")

    @Test func sameSeedSameVisitsDifferentSeedDifferentVisits() {
        let a = VisitGenerator(seed: 7).visits(around: now, calendar: calendar)
        let b = VisitGenerator(seed: 7).visits(around: now, calendar: calendar)
        let c = VisitGenerator(seed: 8).visits(around: now, calendar: calendar)
        #expect(a == b)
        #expect(a != c)
    }

    @Test func coversTheMonthAroundNowAndTheNeighbouringMonths() {
        let visits = VisitGenerator().visits(around: now, calendar: calendar)
        let months = Set(visits.map { CalendarDay($0.start, in: calendar).calendarMonth })
        #expect(months == [CalendarMonth(year: 2024, month: 4), CalendarMonth(year: 2024, month: 5), CalendarMonth(year: 2024, month: 6)])
    }

    @Test func workingDaysHaveSeveralVisitsAndSundaysNone() {
        let generator = VisitGenerator()
        for day in 13...19 {
            let date = CalendarDay(year: 2024, month: 5, day: day)
            let count = generator.visits(on: date, now: now, calendar: calendar).count
            switch day {
            case 19: #expect(count == 0, "Sunday")
            case 18: #expect((2...3).contains(count), "Saturday")
            default: #expect((4...7).contains(count), "weekday \(day)")
            }
        }
    }

    @Test func aDayDoesNotDependOnTheAnchorDate() {
        let generator = VisitGenerator()
        let day = CalendarDay(year: 2024, month: 5, day: 15)
        let fromMay = generator.visits(around: now, calendar: calendar).filter { CalendarDay($0.start, in: calendar) == day }
        let fromJune = generator.visits(around: TestCalendars.instant("2024-06-02T10:00:00Z"), calendar: calendar).filter {
            CalendarDay($0.start, in: calendar) == day
        }
        #expect(fromMay.map(\.id) == fromJune.map(\.id))
        #expect(!fromMay.isEmpty)
    }

    @Test func visitsOfADayFollowEachOtherInsideWorkingHours() {
        let visits = VisitGenerator().visits(on: CalendarDay(year: 2024, month: 5, day: 14), now: now, calendar: calendar)
        for (earlier, later) in zip(visits, visits.dropFirst()) {
            #expect((earlier.end ?? earlier.start) < later.start)
        }
        for visit in visits {
            let hour = calendar.component(.hour, from: visit.start)
            #expect((7...17).contains(hour))
            #expect(visit.totalMinutes == Int(((visit.end ?? visit.start).timeIntervalSince(visit.start)) / 60))
            if let window = visit.expectedWindow {
                let minute = hour * 60 + calendar.component(.minute, from: visit.start)
                #expect(window.start.minutesSinceMidnight <= minute && minute < window.end.minutesSinceMidnight)
            }
        }
    }

    @Test func statesFollowTheClock() {
        let visits = VisitGenerator().visits(around: now, calendar: calendar)
        let states = Set(visits.map(\.state))
        #expect(states == [.todo, .inProgress, .done, .rejected])
        #expect(visits.filter { $0.start > now }.allSatisfy { $0.state == .todo })
        #expect(visits.filter { $0.state == .inProgress }.count == 1)
        #expect(
            visits.filter { ($0.end ?? $0.start) < now.addingTimeInterval(-86_400) }.allSatisfy {
                $0.state == .done || $0.state == .rejected
            })
    }

    @Test func clientsLiveAroundCopenhagenWithValidPositions() {
        let visits = VisitGenerator(seed: 99).visits(around: now, calendar: calendar)
        #expect(visits.count > 100)
        for visit in visits {
            let position = visit.owner.coordinate
            #expect(position.map { (55.6...55.9).contains($0.latitude) && (12.4...12.7).contains($0.longitude) } == true)
            #expect(visit.owner.fullName != nil && visit.owner.address.singleLine != nil)
            #expect(!visit.tasks.isEmpty)
        }
        #expect(Set(visits.map(\.id)).count == visits.count)
        #expect(visits.allSatisfy { UUID(uuidString: $0.id) != nil })
    }

    @Test func generatedSourceFeedsTheListAroundTheClock() async throws {
        let clock = ManualClock(now: now)
        let source = GeneratedCarFitFeedLoader(clock: clock, calendar: calendar)
        let batch = try await source.load()
        #expect(batch.visits == VisitGenerator().visits(around: now, calendar: calendar))
        #expect(batch.diagnostics.isEmpty)
    }
}
