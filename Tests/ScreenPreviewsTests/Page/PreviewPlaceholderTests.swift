import CarFit
import Facts
import Foundation
import HooSets
import Schedule
import ScreenKit
import SharedNetworking
import Testing

@testable import ScreenPreviews

/// The page a feed screen shows before it has content, drawn from its state's placeholder: in the
/// module's words in the screen's language, the bar over it included, as the loaded page is.
@Suite("Pages: the placeholder before content, in the screen's language")
struct PreviewPlaceholderTests {
    static let failure = NetworkError.httpStatus(code: 503, url: URL(fileURLWithPath: "/feeds/feed.json"), bodyExcerpt: "")

    /// Every feed screen's placeholder page for `placeholder`, made from each module's words in
    /// `language`, by slug.
    static func pages(_ placeholder: (any ScreenLoadingText) -> ScreenPlaceholder, german: Bool) -> [String: PreviewScreen] {
        let spoken: SpokenLanguage = german ? .german : .english
        let screens = [
            SchedulePreview.screen(
                ScreenState<ScheduleViewState>(phase: .loading, placeholder: placeholder(ScheduleSpokenText(language: spoken)))),
            CarFitPreview.screen(
                ScreenState<CleanerListViewState>(
                    phase: .loading, placeholder: placeholder(CarFitStrings(language: german ? .german : .english)))),
            HooSetsPreview.screen(
                ScreenState<HooSetsViewState>(phase: .loading, placeholder: placeholder(HooSetsSpokenText(language: spoken)))),
            FactsPreview.screen(ScreenState<FactsViewState>(phase: .loading, placeholder: placeholder(FactsSpokenText(language: spoken)))),
        ]
        return Dictionary(uniqueKeysWithValues: screens.map { ($0.slug, $0) })
    }

    static func loading(_ text: any ScreenLoadingText) -> ScreenPlaceholder { .loading(text) }
    static func failed(_ text: any ScreenLoadingText) -> ScreenPlaceholder { .failed(failure, text: text, retryAction: "refresh") }

    @Test("German: the bar names the screen in German, and no English word is left on the page")
    func german() throws {
        let names = ["schedule": "Spielplan", "carfit": "CarFit", "hoosets": "Hoo-Sets", "facts": "Fakten"]
        for make in [Self.loading, Self.failed] {
            for (slug, screen) in Self.pages(make, german: true) {
                #expect(screen.navigationBar?.title == names[slug], "\(slug)")
                #expect(screen.title == names[slug], "\(slug): the page's title")
                let html = PreviewDocument(title: screen.title, screens: [screen]).html
                    .replacingOccurrences(of: Self.failure.description, with: "")
                for english in ["Schedule", "Facts", "HooSets", "Hoo Sets", "Loading", "Couldn", "Try again"] {
                    #expect(!html.contains(english), "\(slug): \"\(english)\" on the German page")
                }
            }
        }
    }

    @Test("English: the bar names the screen as the loaded page does; a failure has its reason and the retry")
    func english() throws {
        let names = ["schedule": "Schedule", "carfit": "CarFit", "hoosets": "Hoo Sets", "facts": "Facts"]
        for (slug, screen) in Self.pages(Self.failed, german: false) {
            #expect(screen.navigationBar?.title == names[slug], "\(slug)")
            let html = PreviewDocument(title: screen.title, screens: [screen]).html
            #expect(html.contains("role=\"alert\""), "\(slug)")
            #expect(html.contains(">Try again</button>"), "\(slug)")
        }
    }
}
