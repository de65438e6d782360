/// One job within a visit (`Pudsning udvendig`, 35 minutes).
public struct VisitTask: Sendable, Hashable {
    /// `taskId`; `nil` when the feed gives none.
    public var id: String?
    /// The title as the planner wrote it; may be empty if the feed had none.
    public var title: String
    /// `timesInMinutes`; `nil` when the feed's value was missing, negative or not a number.
    public var minutes: Int?

    /// A task from its fields.
    public init(id: String? = nil, title: String, minutes: Int?) {
        self.id = id
        self.title = title
        self.minutes = minutes
    }
}
