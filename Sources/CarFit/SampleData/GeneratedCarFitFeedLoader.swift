import Foundation
import SharedNetworking

/// Visits from ``VisitGenerator`` around the clock's "now": sample data on any day.
public struct GeneratedCarFitFeedLoader: CarFitFeedLoading {
    /// Generates the visits.
    public var generator: VisitGenerator
    /// Whose "now" the generated days are centred on.
    public var clock: any AppClock
    /// The worker's calendar: its time zone places the generated working hours.
    public var calendar: Calendar

    /// A source of generated visits around `clock`'s now, in `calendar`'s time zone.
    public init(generator: VisitGenerator = VisitGenerator(), clock: any AppClock, calendar: Calendar) {
        self.generator = generator
        self.clock = clock
        self.calendar = calendar
    }

    /// The generated visits around now; never fails.
    public func load() async throws(NetworkError) -> VisitBatch {
        VisitBatch(visits: generator.visits(around: clock.now, calendar: calendar))
    }

    /// Nothing is saved: the visits are made anew on every load.
    public func saved() async -> Saved<VisitBatch>? { nil }
}
