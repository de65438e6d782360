import Foundation

/// The decoded feed: every Hoo set found, ordered by number (the directory of `NN.zip`
/// archives and `NN/` folders, read by ``HooSetsSource``).
public struct HooSetsFeed: Sendable, Hashable, Codable {
    /// The sets in number order.
    public var sets: [HooSet]

    /// A feed of `sets`, in the order given.
    public init(sets: [HooSet]) {
        self.sets = sets
    }

    /// How many Hoos all the sets hold.
    public var hooCount: Int { sets.reduce(0) { $0 + $1.hoos.count } }

    /// The set numbered `id`, if there is one.
    public func set(_ id: Int) -> HooSet? {
        sets.first { $0.id == id }
    }

    /// The Hoo `id`, if its set and it exist.
    public func hoo(_ id: HooID) -> Hoo? {
        set(id.set)?.hoos.first { $0.id == id }
    }
}
