// The CarFit feed through the shared loader (`FeedLoader.decode(CarFitFeed.self)`), then
// what the list does with it: the visits by day (`VisitSchedule`) and every day's cards with
// distances (`VisitCardFormatter`). Never crashes; errors and diagnostics are one line; each
// distinct visit occurrence lands on exactly one day; each day has one card per visit.
import CarFit
import Foundation
import SharedNetworking

private let loader = FeedLoader(client: OfflineHTTPClient(), options: FeedDecodingOptions(maxBytes: 1 << 20))
private let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Europe/Copenhagen") ?? calendar.timeZone
    calendar.locale = Locale(identifier: "da_DK")
    return calendar
}()
private let formatter = VisitCardFormatter(calendar: calendar)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let visits: [Visit]
    do throws(NetworkError) {
        let loaded = try loader.decode(CarFitFeed.self, from: fuzzData(bytes, size), sourceName: "carfit.json")
        for diagnostic in loaded.diagnostics {
            require(isOneLine(diagnostic.description), "multi-line diagnostic \(diagnostic.description.debugDescription)")
        }
        visits = try loaded.value.visits(source: loaded.source)
    } catch {
        require(isOneLine(error.description), "multi-line error \(error.description.debugDescription)")
        return 0
    }
    let schedule = VisitSchedule(visits: visits, calendar: calendar)
    let occurrences = Set(visits.map(\.occurrenceID)).count
    require(schedule.days.reduce(0) { $0 + schedule.visits(on: $1).count } == occurrences, "visits lost or duplicated by day")
    for day in schedule.days {
        let dayVisits = schedule.visits(on: day)
        require(formatter.cards(for: dayVisits).count == dayVisits.count, "cards and visits disagree on \(day)")
    }
    return 0
}
