import SharedNetworking

/// Visits as a source delivers them, with what was dropped or repaired to get them: a
/// ``/SharedNetworking/Loaded`` list of visits, the one shape every feed loader returns.
public typealias VisitBatch = Loaded<[Visit]>

extension Loaded where Value == [Visit] {
    /// A batch of `visits` with its `diagnostics`, read from `source` (a file name or URL; the
    /// generator's batches are `generated`).
    public init(visits: [Visit], diagnostics: [Diagnostic] = [], source: String = "generated") {
        self.init(value: visits, diagnostics: diagnostics, source: source)
    }

    /// The visits that could be shown, in document order.
    public var visits: [Visit] {
        get { value }
        set { value = newValue }
    }
}
