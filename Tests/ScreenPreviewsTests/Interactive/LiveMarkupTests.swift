import Foundation
import ScreenKit
import SharedNetworking
import Testing

@testable import ScreenPreviews

/// Live pages run under a policy without inline styles: `LiveMarkup` must write no `style`
/// attribute, keep each element's look as a class rule that still wins over the stylesheet, and
/// keep escaping what it writes.
@Suite("Live markup")
struct LiveMarkupTests {
    @Test func stylesBecomeImportantClassRulesSharedByEqualDeclarations() {
        var sheet = LiveStyleSheet()
        let node = HTMLNode.div(
            [.class("row"), .style([.width(10), .color(.black)])],
            [.div([.style([.width(10), .color(.black)])], [.text("<b>")]), .div([.style([.height(4)])])])
        let html = LiveMarkup.html(node, sheet: &sheet)
        #expect(!html.contains("style="))
        #expect(html.contains("<div class=\"row s1\">"))
        #expect(html.contains("<div class=\"s1\">&lt;b&gt;</div>"))
        #expect(html.contains("<div class=\"s2\"></div>"))
        #expect(sheet.allRules == [".s1 { width: 10px !important; color: #000000 !important }", ".s2 { height: 4px !important }"])
        #expect(sheet.takeNewRules().count == 2)
        #expect(sheet.takeNewRules().isEmpty)
        _ = LiveMarkup.html(.div([.style([.height(5)])]), sheet: &sheet)
        #expect(sheet.takeNewRules() == [".s3 { height: 5px !important }"])
    }

    /// Elements without a style keep their attributes, except that the class always comes first
    /// and several classes become one, as when a style is moved into them.
    @Test func elementsWithoutStylesKeepTheirAttributesWithTheClassFirst() {
        var sheet = LiveStyleSheet()
        let html = LiveMarkup.html(
            .div(
                [.id("a"), .class("late")],
                [
                    .div([.class("first"), .id("b"), .attribute("title", "style")]), .div([.class("one"), .class("two")]),
                    .div([.attribute("style", "not declarations")]),
                ]),
            sheet: &sheet)
        #expect(
            html == "<div class=\"late\" id=\"a\"><div class=\"first\" id=\"b\" title=\"style\"></div>"
                + "<div class=\"one two\"></div><div style=\"not declarations\"></div></div>")
        #expect(sheet.count == 0)
    }

    @Test func aScreenIsThePreviewPhoneWithItsRulesInTheSheet() {
        var sheet = LiveStyleSheet()
        let screen = PreviewScreen(
            slug: "x", title: "X", caption: "c", background: .white,
            content: LiveMarkup.refreshButton(AccessibilityAction(named: "Aktualisieren", action: "refresh")),
            styles: [.style(".x", [.width(1)])])
        let html = LiveMarkup.html(screen, sheet: &sheet)
        #expect(html.hasPrefix("<figure class=\"device\" id=\"x\">"))
        #expect(!html.contains("style="))
        #expect(html.contains("id=\"refresh\" data-action=\"refresh\" aria-label=\"Aktualisieren\""))
        #expect(html.contains("type=\"button\""))
        #expect(sheet.allRules.contains(".x { width: 1px }"))
    }

    @Test func sameOriginPathsOnly() {
        #expect(SafeURL(path: "/media/12")?.value == "/media/12")
        #expect(SafeURL(path: "//evil.example/x") == nil)
        #expect(SafeURL(path: "javascript:alert(1)") == nil)
        #expect(SafeURL(path: "/a\"onload=x") == nil)
        #expect(SafeURL(path: "/a b") == nil)
    }

    @Test func linkedImagesAreAskedFirst() throws {
        var images = PreviewImages()
        let logo = try #require(URL(string: "https://example.com/logo.png"))
        images.linked = { url in url == logo ? SafeURL(path: "/media/1") : nil }
        #expect(images.remoteSource(for: logo)?.value == "/media/1")
        #expect(images.remoteSource(for: URL(string: "https://example.com/other.png")) == nil)
    }
}
