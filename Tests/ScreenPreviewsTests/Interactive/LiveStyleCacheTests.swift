import CarFit
import Foundation
import ScreenKit
import SharedNetworking
import Testing

@testable import ScreenPreviews

/// A live page's sheet takes the CSS text of rules and declarations it saw before from a cache
/// shared by the server's sessions; the pages must be sent exactly what they were sent without it.
@Suite("Live style cache")
struct LiveStyleCacheTests {
    @Test func valuesAreEqualByTheirPartsAndLiteralsByTheirText() {
        let keyword: StaticString = "center"
        #expect(CSSValue.keyword(keyword) == .keyword("center"))
        #expect(CSSValue.px(1) != .percent(1))
        #expect(CSSValue.px(1) != .px(1.0001))
        #expect(CSSValue.px(.nan) == .px(.nan), "a NaN is kept once, not once per render")
        #expect(Set([CSSValue.px(.nan), .px(.nan)]).count == 1)
        #expect(CSSValue.spaced([.px(1), .keyword("solid")]) == .spaced([.px(1), .keyword("solid")]))
        #expect(CSSValue.spaced([.px(1)]) != .commaSeparated([.px(1)]))
        #expect(CSSDeclaration("width", .px(2)) != CSSDeclaration("height", .px(2)))
        #expect(CSSRule.style(".a", [.width(1)]) == .style(".a", [.width(1)]))
        #expect(CSSRule.style(".a", [.width(1)]) != .style(".b", [.width(1)]))
        #expect(CSSRule.minWidth(600, [.style(".a", [.width(1)])]) != .minWidth(601, [.style(".a", [.width(1)])]))
    }

    @Test func theCacheWritesWhatTheValuesWrite() {
        let cache = LiveStyleCache()
        let rule = CSSRule.style(".x", [.width(98.5), CSSDeclaration("border", .spaced([.px(1), .color(.black)]))])
        #expect(cache.css(of: rule) == rule.css)
        #expect(cache.css(of: rule) == rule.css)
        #expect(cache.rule(for: rule) == cache.rule(for: rule), "one rule, one number")
        let declarations: [CSSDeclaration] = [.height(1.0 / 3.0), .color(.white)]
        let styleClass = cache.styleClass(for: declarations)
        #expect(styleClass.rule.css == ".\(styleClass.name) { height: 0.333px !important; color: #FFFFFF !important }")
        #expect(cache.styleClass(for: declarations) == styleClass, "equal declarations, one class")
        #expect(cache.styleClass(for: [.height(1)]).name != styleClass.name)
    }

    /// One-off values passing through (a countdown's fill, different in every session) do not
    /// rename the classes in use: a full generation becomes the older, and a class met again
    /// there keeps its name. A name is never given to other declarations.
    @Test func classesInUseKeepTheirNamesAsOneOffValuesPass() {
        let cache = LiveStyleCache(limit: 4)
        let card: [CSSDeclaration] = [.height(80), .color(.black)]
        let kept = cache.styleClass(for: card)
        var names: [String: String] = [kept.name: kept.rule.css]
        var ids: Set<Int> = [kept.rule.id]
        for width in 0..<40 {
            let declarations: [CSSDeclaration] = [.width(Double(width))]
            let styleClass = cache.styleClass(for: declarations)
            #expect(styleClass.rule.css == ".\(styleClass.name) { width: \(width)px !important }")
            #expect(names.updateValue(styleClass.rule.css, forKey: styleClass.name) == nil, "a name is never given twice")
            #expect(cache.css(of: .style(".w", declarations)) == ".w { width: \(width)px }")
            #expect(ids.insert(styleClass.rule.id).inserted && ids.insert(cache.rule(for: .style(".w", declarations)).id).inserted)
            if width % 3 == 0 { #expect(cache.styleClass(for: card) == kept, "the card's class, met every few renders, keeps its name") }
        }
        let forgotten = cache.styleClass(for: [.width(0)])
        #expect(forgotten.rule.css == ".\(forgotten.name) { width: 0px !important }")
        #expect(names[forgotten.name] == nil, "met again after two generations: a new name")
    }

    /// Values that write the same CSS are one class: a fill of 33.3331 % and one of 33.3334 %
    /// are both `33.333%`.
    @Test func equalTextIsOneClass() {
        let cache = LiveStyleCache()
        #expect(cache.styleClass(for: [.width(33.3331)]) == cache.styleClass(for: [.width(33.3334)]))
        #expect(cache.rule(for: .style(".a", [.width(1.0001)])) == cache.rule(for: .style(".a", [.width(1.0002)])))
    }

    /// Two sessions rendering the same screens, one with a shared cache and one without, send
    /// the same markup, name the same classes and hold the same rules, render after render; a
    /// rendering made once for all sessions is the tree and the rules each would have made.
    @Test func aSheetWithTheCacheBuildsTheSameTreesAndRules() async throws {
        let state = try await Fixtures.carFit()
        let cache = LiveStyleCache()
        var plain = LiveStyleSheet()
        var cached = LiveStyleSheet(cache: cache)
        var second = LiveStyleSheet(cache: cache)
        for _ in 0..<2 {
            let screen = CarFitPreview.screen(state)
            let expected = LiveTree(screen, sheet: &plain)
            #expect(LiveTree(screen, sheet: &cached) == expected)
            #expect(LiveTree(screen, sheet: &second) == expected)
            #expect(LiveMarkup.html(screen, sheet: &cached) == LiveMarkup.html(screen, sheet: &plain))
        }
        #expect(cached.allRules == plain.allRules)
        #expect(second.allRules == plain.allRules)
        #expect(plain.count > 10)
        let screen = CarFitPreview.screen(state)
        let rendering = LiveRendering(screen, styles: cache)
        var fresh = LiveStyleSheet(cache: cache)
        #expect(rendering.tree == LiveTree(screen, sheet: &fresh))
        #expect(rendering.rules == fresh.styleRules)
        #expect(rendering.html == LiveMarkup.html(screen, sheet: &fresh))
    }
}
