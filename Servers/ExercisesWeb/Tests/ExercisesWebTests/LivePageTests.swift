import Foundation
import ScreenPreviews
import Testing

@testable import ExercisesWeb

/// The live page's shell: what stays on the page while patches change the screen inside it.
@Suite("The live page's shell")
struct LivePageTests {
    /// The `href` of each `<use>` of `html`, and the `id` of each `<symbol>`, as the builder writes them.
    static func icons(in html: String) -> (used: Set<String>, defined: [String]) {
        func values(after prefix: String) -> [String] {
            html.components(separatedBy: prefix).dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
        }
        return (Set(values(after: "<use href=\"")), values(after: "<symbol id=\""))
    }

    /// A live page around `markup`, as `GET /{app}/s/{id}` serves it.
    static func page(_ exercise: WebExercise, markup: String) -> String {
        LivePage.screen(
            session: "00ff", exercise: exercise, surface: .list, markup: markup, title: exercise.title, scrollTop: nil,
            language: Locale(identifier: "en_US"))
    }

    @Test("The shell defines every icon's symbol once, outside the root that patches change, whatever its first screen draws")
    func theShellDefinesEveryIcon() throws {
        let html = Self.page(.facts, markup: "")
        #expect(Self.icons(in: html).defined == PreviewIcon.allCases.map(\.symbolID))
        let sprite = try #require(html.range(of: "<svg class=\"icon-sprite\""))
        let root = try #require(html.range(of: "<div id=\"live-root\""))
        #expect(sprite.upperBound < root.lowerBound)
    }
}
