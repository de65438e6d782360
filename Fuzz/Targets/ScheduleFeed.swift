// The YinzCam schedule feed through the shared loader (`FeedLoader.decode(ScheduleFeed.self)`)
// and on to the screen (`ScheduleViewStateBuilder.build`) in a fixed locale, time zone and time.
// Never crashes; errors and diagnostics are one line; the row the screen opens at exists; the
// sticky-header layout has one slot per row, a finite height and sections in order.
import Foundation
import Schedule
import SharedNetworking

private let loader = FeedLoader(client: OfflineHTTPClient(), options: FeedDecodingOptions(maxBytes: 1 << 20))
private let builder: ScheduleViewStateBuilder = {
    let timeZone = TimeZone(identifier: "America/New_York") ?? .gmt
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let locale = Locale(identifier: "de_DE")
    calendar.locale = locale
    let context = ScheduleDisplayContext(
        locale: locale, timeZone: timeZone, calendar: calendar, now: Date(timeIntervalSince1970: 1_600_000_000))
    return ScheduleViewStateBuilder(context: context)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let loaded: Loaded<ScheduleFeed>
    do {
        loaded = try loader.decode(ScheduleFeed.self, from: fuzzData(bytes, size), sourceName: "schedule.json")
    } catch {
        require(isOneLine(error.description), "multi-line error \(error.description.debugDescription)")
        return 0
    }
    for diagnostic in loaded.diagnostics {
        require(isOneLine(diagnostic.description), "multi-line diagnostic \(diagnostic.description.debugDescription)")
    }
    let state = builder.build(loaded.value)
    if let initial = state.initialRow {
        require(state.row(at: initial) != nil, "the screen opens at \(initial), which does not exist")
    }
    let layout = state.layout
    require(layout.contentHeight.isFinite && layout.contentHeight >= 0, "content height \(layout.contentHeight)")
    require(zip(layout.sectionTops, layout.sectionTops.dropFirst()).allSatisfy { $0 <= $1 }, "sections out of order: \(layout.sectionTops)")
    require(layout.rowTops.map(\.count) == state.sections.map(\.rows.count), "layout rows disagree with the state's rows")
    return 0
}
