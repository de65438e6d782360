import ScreenPreviews

@testable import ExercisesWeb

/// A live screen that counts the snapshots taken of the screen it wraps: how many times the main
/// actor ran the view-model's `state` for a page.
@MainActor
final class CountingLiveScreen: LiveScreen {
    private let screen: any LiveScreen
    /// Snapshots taken so far.
    private(set) var renders = 0

    init(_ screen: any LiveScreen) {
        self.screen = screen
    }

    func render() -> PreviewScreen {
        renders += 1
        return screen.render()
    }

    func handle(_ event: LiveEvent) throws(LiveEventError) { try screen.handle(event) }
    func start() { screen.start() }
    func stop() { screen.stop() }
    var surface: LiveSurface { screen.surface }
}
