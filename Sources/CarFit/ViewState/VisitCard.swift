import Foundation
import ScreenKit
import SharedNetworking

/// Everything one visit card draws, already formatted: a view only places these values.
///
/// Optional texts are `nil` when there is nothing honest to show (no expected window, no task
/// times, no address, no distance for the first visit of a day or without valid coordinates):
/// a view hides that line instead of showing a placeholder or a wrong number.
public struct VisitCard: Sendable, Equatable, Codable, Identifiable {
    /// The occurrence (visit id + start): unique within a list even for recurring visits.
    public var id: VisitOccurrenceID
    /// `Tone Holtermann`; a placeholder when the feed has no name.
    public var clientName: String
    /// `Done`, `In progress` (localized), or an unknown state's own text.
    public var stateLabel: String
    /// The badge colour: Todo `#4E77D6`, InProgress `#F5C709`, Done `#25A87B`, Rejected
    /// `#EF6565`, unknown a neutral grey.
    public var stateColor: RGBColor
    /// Text colour on the badge, chosen for contrast (dark on the yellow InProgress badge).
    public var stateTextColor: RGBColor
    /// Task titles joined: `Pudsning indvendig, Pudsning udvendig`; empty without tasks.
    public var tasksText: String
    /// The start instant, for sorting and for views that format it themselves.
    public var start: Date
    /// The start time in the worker's time zone and locale: `10:05`.
    public var startTimeText: String
    /// The expected window as written, in the locale's time style: `08:00-10:00`.
    public var expectedWindowText: String?
    /// The clock line of the card: `10:05 / 08:00-10:00`, or only the start time.
    public var timeText: String
    /// Sum of the tasks' minutes; `nil` when no task has a usable time.
    public var durationMinutes: Int?
    /// `55 min`.
    public var durationText: String?
    /// `Akademivej 15, 1 th, 2800 Kgs. Lyngby`.
    public var addressText: String?
    /// The client's phone number as sent, for a call button.
    public var phoneNumber: String?
    /// Metres from the previous visit of the same day (great-circle).
    public var distanceFromPreviousMeters: Double?
    /// `0.5 km` / `0,5 km`.
    public var distanceText: String?
    /// `0.5 km from the previous visit`, for VoiceOver.
    public var distanceAccessibilityLabel: String?
    /// The card as one VoiceOver element, read in the order a worker needs it: `Tone
    /// Holtermann, Done, starts 10:05, expected 08:00 to 10:00, tasks: Pudsning indvendig, 55
    /// minutes, Akademivej 15…, 0.5 km from the previous visit`. The badge's colour is said
    /// as its word, never left to colour alone.
    public var accessibility: AccessibilityElement

    /// A card from its parts; ``VisitCardFormatter`` builds the real ones.
    public init(
        id: VisitOccurrenceID,
        clientName: String,
        stateLabel: String,
        stateColor: RGBColor,
        stateTextColor: RGBColor,
        tasksText: String,
        start: Date,
        startTimeText: String,
        expectedWindowText: String?,
        timeText: String,
        durationMinutes: Int?,
        durationText: String?,
        addressText: String?,
        phoneNumber: String?,
        distanceFromPreviousMeters: Double?,
        distanceText: String?,
        distanceAccessibilityLabel: String?,
        accessibility: AccessibilityElement
    ) {
        self.id = id
        self.clientName = clientName
        self.stateLabel = stateLabel
        self.stateColor = stateColor
        self.stateTextColor = stateTextColor
        self.tasksText = tasksText
        self.start = start
        self.startTimeText = startTimeText
        self.expectedWindowText = expectedWindowText
        self.timeText = timeText
        self.durationMinutes = durationMinutes
        self.durationText = durationText
        self.addressText = addressText
        self.phoneNumber = phoneNumber
        self.distanceFromPreviousMeters = distanceFromPreviousMeters
        self.distanceText = distanceText
        self.distanceAccessibilityLabel = distanceAccessibilityLabel
        self.accessibility = accessibility
    }
}
