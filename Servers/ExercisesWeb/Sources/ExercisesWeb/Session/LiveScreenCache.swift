import ScreenPreviews
import Synchronization

/// The screens the server's sessions render, and the patches between them, made once for all
/// sessions.
///
/// Tabs of one app show the same screens: a thousand tabs of one Trivia question, every CarFit
/// tab on the same sample opening the same calendar. A screen is keyed by its value (a
/// ``/ScreenPreviews/PreviewScreen`` is `Hashable`: hashed, then compared whole, never trusted
/// to a hash alone), so the first session to show it builds its ``/ScreenPreviews/LiveRendering``
/// and every other session takes it: one tree in memory, one set of class names, and the patch
/// from one rendering to another (keyed by their serial numbers) computed and written as JSON
/// once.
///
/// At most ``limit`` renderings and ``patchLimit`` patches are held, the oldest going first; a
/// rendering a session still shows lives on in that session. A limit of 0 holds nothing: each
/// session renders every screen itself (`--renderer diff-unshared`, to measure what sharing saves).
final class LiveScreenCache: Sendable {
    /// A patch from one rendering to another, as a page is sent it.
    struct PatchText: Sendable {
        /// The operations, a JSON array.
        var ops: String
        /// Whether it carries less than the whole screen would (else the screen is sent whole).
        var isSmaller: Bool
    }

    private struct Key: Hashable {
        var screen: PreviewScreen
        var hash: Int
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (lhs: Key, rhs: Key) -> Bool { lhs.hash == rhs.hash && lhs.screen == rhs.screen }
    }

    private struct PatchKey: Hashable {
        var from: Int
        var to: Int
    }

    /// Values by key; past a limit, the one held longest is let go.
    private struct Held<Name: Hashable, Value> {
        private var values: [Name: Value] = [:]
        private var order: [Name] = []

        subscript(key: Name) -> Value? { values[key] }

        /// The value held for `key` (made by another session meanwhile), or `value`, held from
        /// now on.
        mutating func keep(_ value: Value, for key: Name, limit: Int) -> Value {
            if let held = values[key] { return held }
            values[key] = value
            order.append(key)
            if order.count > limit { values[order.removeFirst()] = nil }
            return value
        }
    }

    private struct Entries {
        var renderings = Held<Key, LiveRendering>()
        var patches = Held<PatchKey, PatchText>()
    }

    /// Renderings held at most.
    let limit: Int
    /// Patches held at most.
    let patchLimit: Int
    /// Where every rendering's classes are named.
    let styles: LiveStyleCache
    private let entries = Mutex(Entries())

    /// A cache of at most `limit` renderings and `patchLimit` patches, naming classes in `styles`.
    init(limit: Int = 64, patchLimit: Int = 256, styles: LiveStyleCache = LiveStyleCache()) {
        self.limit = max(0, limit)
        self.patchLimit = max(0, patchLimit)
        self.styles = styles
    }

    /// The rendering of `screen`: one held already, or a new one (held from now on).
    func rendering(of screen: PreviewScreen) -> LiveRendering {
        guard limit > 0 else { return LiveRendering(screen, styles: styles) }
        let key = Key(screen: screen, hash: screen.hashValue)
        if let held = entries.withLock({ $0.renderings[key] }) { return held }
        let made = LiveRendering(screen, styles: styles)
        return entries.withLock { $0.renderings.keep(made, for: key, limit: limit) }
    }

    /// The patch from `old` to `new`, made by `make` the first time.
    func patch(from old: LiveRendering, to new: LiveRendering, make: () -> PatchText) -> PatchText {
        guard patchLimit > 0 else { return make() }
        let key = PatchKey(from: old.serial, to: new.serial)
        if let held = entries.withLock({ $0.patches[key] }) { return held }
        let made = make()
        return entries.withLock { $0.patches.keep(made, for: key, limit: patchLimit) }
    }
}
