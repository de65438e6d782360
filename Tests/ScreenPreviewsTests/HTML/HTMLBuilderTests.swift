import Foundation
import ScreenKit
import ScreenPreviews
import SharedNetworking
import Testing

@Suite("HTML builder: escaping and what it refuses to write")
struct HTMLBuilderTests {
    @Test("Text is escaped: a <script> from a feed becomes characters")
    func textIsEscaped() {
        let html = HTMLNode.div("title", [.text(Hostile.script)]).html
        #expect(html == "<div class=\"title\">&lt;script&gt;alert(1)&lt;/script&gt;</div>")
        #expect(HTMLNode.text("Tom & Jerry's \"show\"").html == "Tom &amp; Jerry&#39;s &quot;show&quot;")
    }

    @Test("Attribute values cannot end the attribute or the tag")
    func attributesAreEscaped() {
        let html = HTMLNode.element("div", [.title(Hostile.attribute), .ariaLabel("a > b")]).html
        #expect(
            html.hasPrefix(
                "<div title=\"&quot; onmouseover=&quot;document.body.setAttribute(&#39;data-pwned&#39;,&#39;1&#39;)&quot; x=&quot;\""))
        #expect(html.contains("aria-label=\"a &gt; b\""))
        // Exactly the two attributes' quotes: nothing from the value opened a third.
        #expect(html.filter { $0 == "\"" }.count == 4)
    }

    @Test("Control characters become U+FFFD; tabs and newlines stay")
    func controlCharacters() {
        #expect(HTMLEscaping.text("a\u{0}b\u{1B}c\u{85}d") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
        #expect(HTMLEscaping.text("a\tb\nc\r") == "a\tb\nc\r")
        #expect(HTMLEscaping.attribute("日本語 🏈") == "日本語 🏈")
        // Each special character alone (the unchanged fast path must not skip any of them), a
        // C1 control alone, and non-breaking space and "é" (lead bytes 0xC2, 0xC3) kept.
        #expect(
            ["&", "<", ">", "\"", "'", "\u{7F}", "\u{9F}"].map(HTMLEscaping.attribute) == [
                "&amp;", "&lt;", "&gt;", "&quot;", "&#39;", "\u{FFFD}", "\u{FFFD}",
            ])
        #expect(HTMLEscaping.text("a\u{A0}é") == "a\u{A0}é")
        let dataURL = "data:image/png;base64," + String(repeating: "iVBORw0KGgo+/=", count: 1000)
        #expect(HTMLEscaping.attribute(dataURL) == dataURL)
    }

    @Test(
        "Each character that needs escaping is found in a string that is otherwise clean",
        arguments: ["&", "<", ">", "\"", "'", "\u{7F}", "\u{1}", "\u{1F}", "\u{80}", "\u{9F}"])
    func everyEscapedCharacterIsFound(character: String) {
        let clean = String(repeating: "QUJD", count: 64)
        #expect(HTMLEscaping.attribute(clean + character + clean) != clean + character + clean)
        #expect(!HTMLEscaping.attribute(clean + character).hasSuffix(character))
    }

    @Test("Clean text, including U+00A0, é and base64, comes back unchanged")
    func cleanTextIsUnchanged() {
        let base64 = "data:image/png;base64," + String(repeating: "iVBORw0KGgo+/=", count: 10_000)
        #expect(HTMLEscaping.attribute(base64) == base64)
        #expect(HTMLEscaping.text("\u{A0}é\u{A0}\u{100}") == "\u{A0}é\u{A0}\u{100}")
    }

    @Test("No <script> element, no on… handler, no URL attribute from plain text")
    func refusesScriptVectors() throws {
        let script = HTMLNode.element("script", [], [.text("alert(1)")]).html
        #expect(script == "alert(1)")
        let handler = HTMLNode.element("img", [.attribute("onerror", "alert(1)"), .attribute("alt", "x")]).html
        #expect(handler == "<img alt=\"x\">")
        let link = HTMLNode.element("a", [.attribute("href", "javascript:alert(1)")], [.text("go")]).html
        #expect(link == "<a>go</a>")
        let source = HTMLNode.element("img", [.attribute("src", "javascript:alert(1)")]).html
        #expect(source == "<img>")
        let remote = try #require(URL(string: "https://example.com/a.png"))
        let url = try #require(SafeURL(remote: remote))
        #expect(HTMLNode.element("img", [.src(url)]).html == "<img src=\"https://example.com/a.png\">")
    }

    @Test("An image without a safe URL is left out, not written with an empty src")
    func imageWithoutURL() {
        #expect(HTMLNode.image(nil, alt: "Logo").html.isEmpty)
    }

    @Test("Void elements and SVG shapes are closed correctly")
    func elementShapes() {
        #expect(HTMLNode.element("br").html == "<br>")
        #expect(
            HTMLNode.element("svg", [.attribute("viewBox", "0 0 10 10")], [.element("path", [.attribute("d", "M0 0L10 10")])]).html
                == "<svg viewBox=\"0 0 10 10\"><path d=\"M0 0L10 10\"/></svg>")
        #expect(
            HTMLNode.element("ul", [], [.element("li", [], [.text("1")]), .group([.element("li")])]).html == "<ul><li>1</li><li></li></ul>")
    }

    @Test("Inline styles serialize typed values, escaped as an attribute")
    func inlineStyle() {
        let html = HTMLNode.div(
            "x",
            style: [.background(RGBColor(red: 0xF3, green: 0xF3, blue: 0xF2)), .width(79.5)]
                + CSSDeclaration.font(FontSpec(size: 14, weight: .semibold))
        ).html
        #expect(html == "<div class=\"x\" style=\"background-color: #F3F3F2; width: 79.5px; font-size: 14px; font-weight: 600\"></div>")
    }

    @Test("The document: doctype, language, a policy that allows no script, one figure per screen")
    func document() throws {
        let screen = PreviewScreen(
            slug: "demo", title: Hostile.script, caption: "caption", background: .white, content: .text(Hostile.image))
        let html = PreviewDocument(title: Hostile.script, screens: [screen, screen], language: "de_DE").html
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"de-DE\">"))
        let policy = "default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
        #expect(html.contains("content=\"\(HTMLEscaping.attribute(policy))\""))
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.lowercased().contains("<img src=x"))
        #expect(html.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>"))
        #expect(html.occurrences(of: "<figure class=\"device\" id=\"demo\">") == 2)
        #expect(PreviewDocument(title: "t", screens: [], language: "en_US@calendar=japanese").html.contains("<html lang=\"en\">"))
    }
}
