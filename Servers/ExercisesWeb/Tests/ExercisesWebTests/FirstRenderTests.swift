import Foundation
import ScreenPreviews
import Testing

@testable import ExercisesWeb

/// The first render of a tab comes before its load's task has run: each screen then says that it
/// is loading (in the session's language) instead of drawing an empty screen.
@Suite("The first render says it is loading", .temporaryCaches)
@MainActor
struct FirstRenderTests {
    static func html(_ screen: any LiveScreen) -> String {
        var sheet = LiveStyleSheet()
        return LiveMarkup.html(screen.render(), sheet: &sheet)
    }

    /// The placeholder's words and the bar's title over them, both in the session's language.
    @Test(arguments: [("en_US", "Loading the Hoo sets…", "Hoo Sets"), ("de_DE", "Die Hoo-Sets werden geladen…", "Hoo-Sets")])
    func hooSetsBeforeItsLoad(locale: String, text: String, title: String) {
        let screen = HooSetsLiveScreen(context: SessionTests.context(locale: locale))
        let html = Self.html(screen)
        #expect(html.contains(#"role="status">\#(text)</p>"#))
        #expect(html.contains("<span class=\"nav-title-text\">\(title)</span></h1>"))
        #expect(!html.contains("hoo-grid"))
    }

    @Test(.timeLimit(.minutes(1)))
    func hooSetsDrawTheGridOnceLoaded() async throws {
        let screen = HooSetsLiveScreen(context: SessionTests.context())
        defer { screen.stop() }
        let html = try await VocabularyTests.markup(screen) { screen.model.state.content?.sections.isEmpty == false }
        #expect(html.contains("hoo-grid"))
        #expect(!html.contains("Loading the Hoo sets"))
    }

    @Test func everyFeedScreenSaysItIsLoading() {
        let context = SessionTests.context()
        let screens: [(any LiveScreen, String)] = [
            (ScheduleLiveScreen(context: context), "Loading the schedule…"),
            (CarFitLiveScreen(context: context), "Loading visits…"),
            (HooSetsLiveScreen(context: context), "Loading the Hoo sets…"),
        ]
        for (screen, text) in screens {
            #expect(Self.html(screen).contains(text), "\(type(of: screen))")
        }
    }
}
