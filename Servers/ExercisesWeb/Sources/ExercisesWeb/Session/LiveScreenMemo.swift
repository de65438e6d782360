import ScreenPreviews

/// The screens the sessions of one exercise made from their view states lately, shared: a
/// session whose view state equals one of them takes its snapshot instead of building the
/// screen again.
///
/// Tabs of one app pass through the same states (every CarFit tab on the sample opening the
/// same calendar, every Trivia viewer shown the same question), and a screen is a pure function
/// of its state (and of what else the key holds: the theme, the language of the page's own
/// words). Keeping the snapshot also keeps its rendering (``LiveSnapshot``), so an equal state
/// costs the main actor a comparison, and the renderer nothing but the patch it already has.
///
/// Only for screens whose rendering has no side effect: a screen that grants its browser the
/// images it links (Schedule, Facts, HooSets) must build its screen each time. At most
/// ``capacity`` states are kept, the newest first; a state is compared with each kept one, so
/// a key's `==` should compare what differs most (an announcement's number) before the rest.
@MainActor
final class LiveScreenMemo<Key: Equatable> {
    private var entries: [(key: Key, snapshot: LiveSnapshot)] = []
    /// States kept at most.
    let capacity: Int

    nonisolated init(capacity: Int = 8) {
        self.capacity = max(1, capacity)
    }

    /// The snapshot for `key`: one kept, or `make`'s screen (kept from now on).
    func snapshot(for key: Key, make: () -> PreviewScreen) -> LiveSnapshot {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            let entry = entries.remove(at: index)
            entries.insert(entry, at: 0)
            return entry.snapshot
        }
        let snapshot = LiveSnapshot(make())
        entries.insert((key, snapshot), at: 0)
        if entries.count > capacity { entries.removeLast() }
        return snapshot
    }
}
