import Foundation

/// One planned car wash at a client's home: a single occurrence on a single day.
///
/// The feed repeats the same `visitId` on several days (a recurring booking), so the id alone
/// does not identify a card; ``occurrenceID`` (id + start) does. See ``VisitOccurrenceID``.
public struct Visit: Sendable, Hashable {
    /// The feed's `visitId`; shared by the occurrences of a recurring visit.
    public var id: String
    /// `startTimeUtc`: an instant. Shown in the worker's time zone, never the feed's.
    public var start: Date
    /// `endTimeUtc`, when present and valid.
    public var end: Date?
    /// `visitState`: decides the card's badge and colour.
    public var state: VisitState
    /// The client: name, phone, address and where the house is.
    public var owner: HouseOwner
    /// `expectedTime` (`08:00/10:00`): the window promised to the client, a wall-clock text.
    public var expectedWindow: ExpectedTimeWindow?
    /// `tasks`: the jobs to do, in feed order.
    public var tasks: [VisitTask]

    /// A visit from its fields, for tests and the generator.
    public init(
        id: String,
        start: Date,
        end: Date? = nil,
        state: VisitState,
        owner: HouseOwner,
        expectedWindow: ExpectedTimeWindow? = nil,
        tasks: [VisitTask]
    ) {
        self.id = id
        self.start = start
        self.end = end
        self.state = state
        self.owner = owner
        self.expectedWindow = expectedWindow
        self.tasks = tasks
    }

    /// What makes this visit one card: the same booking on another day is another card.
    public var occurrenceID: VisitOccurrenceID {
        VisitOccurrenceID(visitID: id, start: start)
    }

    /// The sum of the tasks' minutes, ignoring tasks without a usable time; `nil` when no
    /// task has one (the card then shows no duration rather than a misleading `0 min`).
    public var totalMinutes: Int? {
        let minutes = tasks.compactMap(\.minutes)
        return minutes.isEmpty ? nil : minutes.reduce(0, +)
    }
}

/// The identity of a visit card: the feed's `visitId` plus the start instant.
///
/// Two entries with the same identity are the same occurrence listed twice (the real fixture
/// does this); ``VisitSchedule`` keeps the first and reports the rest.
public struct VisitOccurrenceID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The feed's `visitId`.
    public var visitID: String
    /// The occurrence's start instant.
    public var start: Date

    /// The identity of the occurrence of `visitID` starting at `start`.
    public init(visitID: String, start: Date) {
        self.visitID = visitID
        self.start = start
    }

    /// `ec94deca-…@2020-09-30T09:15:00Z`: unique, stable, readable in logs.
    public var description: String {
        "\(visitID)@\(start.formatted(.iso8601))"
    }
}
