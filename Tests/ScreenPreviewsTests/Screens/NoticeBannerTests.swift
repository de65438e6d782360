import Foundation
import ScreenKit
import SharedNetworking
import Testing

@testable import ScreenPreviews

/// The saved-copy and retry banner on the Schedule, CarFit and Facts pages: drawn from the
/// notice in the view state, a `role="status"` box named by its `accessibility`, in the
/// appearance of the screen's contrast.
@Suite("Pages: the saved copy's banner")
struct NoticeBannerTests {
    let now = Date(timeIntervalSince1970: 1_599_724_800)
    var twoHoursAgo: Date { now.addingTimeInterval(-7200) }

    /// The banner's start tag and what follows it up to its end, from a page.
    func banner(_ html: String) -> (tag: HTMLTag, inner: String)? {
        guard let start = html.range(of: "<div class=\"network-notice") else { return nil }
        let rest = html[start.lowerBound...]
        guard let close = rest.firstIndex(of: ">"), let tag = HTMLTag.startTags(in: String(rest[...close])).first else { return nil }
        var depth = 1
        var index = rest.index(after: close)
        var inner = ""
        while index < rest.endIndex, depth > 0 {
            if rest[index...].hasPrefix("<div") { depth += 1 }
            if rest[index...].hasPrefix("</div>") {
                depth -= 1
                if depth == 0 { break }
            }
            inner.append(rest[index])
            index = rest.index(after: index)
        }
        return (tag, inner)
    }

    func pages(_ notice: NetworkNotice?, contrast: ContrastPreference = .standard) async throws -> [String: String] {
        var schedule = try await Fixtures.schedule()
        schedule.metrics = .resolved(for: contrast)
        var carFit = try await Fixtures.carFit()
        carFit.notice = notice
        var facts = try await Fixtures.facts()
        facts.notice = notice
        facts.metrics = .resolved(for: contrast)
        let screens = [
            SchedulePreview.screen(schedule, notice: notice), CarFitPreview.screen(carFit, theme: .resolved(for: contrast)),
            FactsPreview.screen(facts),
        ]
        return Dictionary(uniqueKeysWithValues: screens.map { ($0.slug, PreviewDocument(title: $0.title, screens: [$0]).html) })
    }

    @Test("offline: a status box with the line as its text and the notice's id, on every feed page")
    func offline() async throws {
        let notice = NetworkNoticeText(locale: Locale(identifier: "en_US")).failed(offline: true, savedAt: twoHoursAgo, now: now)
        for (slug, html) in try await pages(notice) {
            let found = try #require(banner(html), "\(slug): no banner")
            #expect(found.tag["role"] == "status", "\(slug)")
            #expect(found.tag["id"] == "network-notice", "\(slug)")
            #expect(found.tag["class"] == "network-notice offline", "\(slug)")
            #expect(found.inner == "Offline: saved 2 hours ago", "\(slug): the drawn line is the spoken one")
            #expect(html.contains(".network-notice { margin:"), "\(slug): its place on the screen")
        }
    }

    @Test("a retry over a saved copy: the drawn line hidden from screen readers, the spoken one with a pause")
    func retrying() async throws {
        let notice = NetworkNoticeText(locale: Locale(identifier: "de_DE")).retrying(
            RetryNotice(attempt: 2, maxAttempts: 3, delay: .seconds(1), reason: .cancelled), savedAt: twoHoursAgo, now: now)
        for (slug, html) in try await pages(notice) {
            let found = try #require(banner(html), "\(slug): no banner")
            #expect(found.tag["class"] == "network-notice retrying", "\(slug)")
            #expect(
                found.inner
                    == "<span class=\"sr-only\">Vor 2 Stunden gespeichert. Neuer Versuch, 2 von 3</span>"
                    + "<span class=\"a11y-visual\" aria-hidden=\"true\">Vor 2 Stunden gespeichert · Neuer Versuch, 2 von 3</span>",
                "\(slug)")
        }
    }

    @Test("the banner's colours follow the screen's contrast and read 4.5:1 in both")
    func contrast() async throws {
        let notice = NetworkNoticeText(locale: Locale(identifier: "en_US")).saved(at: twoHoursAgo, now: now)
        for contrast in ContrastPreference.allCases {
            let appearance = NetworkNoticeAppearance.resolved(for: contrast)
            #expect(appearance.contrast == contrast)
            #expect(appearance.text.contrastRatio(with: appearance.background) >= WCAGContrast.required(for: appearance.font))
            for (slug, html) in try await pages(notice, contrast: contrast) {
                let style = try #require(banner(html)?.tag["style"], "\(slug)")
                #expect(style.contains("color: \(appearance.text.hex)"), "\(slug) \(contrast)")
                #expect(style.contains("background-color: \(appearance.background.hex)"), "\(slug) \(contrast)")
            }
        }
        #expect(NetworkNoticeAppearance.highContrast.border.contrastRatio(with: .white) >= WCAGContrast.nonText)
    }

    @Test("without a notice there is no banner")
    func none() async throws {
        for (slug, html) in try await pages(nil) {
            #expect(banner(html) == nil, "\(slug)")
            #expect(!html.contains("network-notice\""), "\(slug)")
        }
    }
}
