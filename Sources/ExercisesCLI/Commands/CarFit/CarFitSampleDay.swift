import CarFit
import Foundation
import SharedNetworking

/// "Today" on the bundled CarFit sample, whose visits are on 10, 11 and 30 September 2020 only:
/// 08:00 on ``/CarFit/CarFitSource/referenceDay`` in the screen's calendar and time zone, then
/// running. `exercises carfit` and the live page (`exercises-web`) both show the sample on this
/// clock when nothing else says what today is, so both open on the same morning.
public enum CarFitSampleDay {
    /// The hour the sample's day starts at: the first visit is at 08:05.
    public static let hour = 8

    /// 08:00 on the reference day in `calendar` (its time zone), or `nil` if the calendar has
    /// no such instant.
    public static func morning(in calendar: Calendar) -> Date? {
        let day = CarFitSource.referenceDay
        return calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: hour))
    }

    /// A clock at the sample's morning in `environment`'s calendar, running with its clock.
    public static func clock(in environment: AppEnvironment) -> AnchoredClock? {
        morning(in: environment.calendar).map { AnchoredClock(start: $0, base: environment.clock) }
    }
}
