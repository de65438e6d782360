import SharedNetworking

/// Visits as a source delivers them, with what was dropped or repaired to get them.
public struct VisitBatch: Sendable, Equatable {
    /// The visits that could be shown, in document order.
    public var visits: [Visit]
    /// What was dropped or repaired on the way.
    public var diagnostics: [Diagnostic]

    /// A batch of `visits` with its `diagnostics`.
    public init(visits: [Visit], diagnostics: [Diagnostic] = []) {
        self.visits = visits
        self.diagnostics = diagnostics
    }
}
