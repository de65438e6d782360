import ScreenPreviews
import Synchronization

/// What the main actor hands the renderer for one screen: the ``/ScreenPreviews/PreviewScreen``
/// value, and the slot where its ``/ScreenPreviews/LiveRendering`` is kept once a renderer found
/// it.
///
/// Screens made from equal view states share one snapshot (``LiveScreenMemo``): the first
/// renderer to meet it looks the rendering up by the screen's value (``LiveScreenCache``, a hash
/// and a comparison of the whole screen), and every later one takes it from the slot.
final class LiveSnapshot: Sendable {
    /// The screen.
    let screen: PreviewScreen
    private let found = Mutex<LiveRendering?>(nil)

    init(_ screen: PreviewScreen) {
        self.screen = screen
    }

    /// The rendering, found by `find` the first time.
    func rendering(_ find: (PreviewScreen) -> LiveRendering) -> LiveRendering {
        if let kept = found.withLock({ $0 }) { return kept }
        let rendering = find(screen)
        found.withLock { $0 = rendering }
        return rendering
    }
}
