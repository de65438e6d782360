import Foundation
import ScreenKit
import ScreenPreviews
import SharedNetworking
import Testing

@Suite("CSS from design values")
struct CSSTests {
    @Test("Numbers: no exponent, at most three decimals, finite")
    func numbers() {
        #expect(CSSValue.px(140).css == "140px")
        #expect(CSSValue.px(70.0 / 79.0 * 79).css == "70px")
        #expect(CSSValue.px(98.5).css == "98.5px")
        #expect(CSSValue.px(1.0 / 3.0).css == "0.333px")
        #expect(CSSValue.px(-0.0).css == "0px")
        #expect(CSSValue.px(.infinity).css == "0px")
        #expect(CSSValue.px(.nan).css == "0px")
        #expect(CSSValue.px(1e-9).css == "0px")
        #expect(CSSValue.percent(62.5).css == "62.5%")
    }

    @Test("FontSpec becomes font-size and the CSS weight of FontSpec.Weight", arguments: FontSpec.Weight.allCases)
    func fonts(_ weight: FontSpec.Weight) {
        let css = CSSDeclaration.font(FontSpec(size: 45, weight: weight)).map(\.css)
        #expect(css == ["font-size: 45px", "font-weight: \(weight.cssValue)"])
    }

    @Test("A bundled face goes before the system stack; a name that is not a plain name never reaches CSS")
    func fontFaces() {
        let face = CSSDeclaration.font(FontSpec(size: 17, weight: .light, postScriptName: "AGBookPro-LightCnd")).map(\.css)
        #expect(face.count == 3)
        #expect(face[2].hasPrefix("font-family: \"AGBookPro-LightCnd\", -apple-system, BlinkMacSystemFont"))
        let hostile = CSSDeclaration.font(FontSpec(size: 17, weight: .light, postScriptName: "x\"; } body { display: none")).map(\.css)
        #expect(hostile[2].hasPrefix("font-family: -apple-system, "))
        #expect(!hostile[2].contains("display"))
    }

    @Test("Colours are RGBColor.hex; translucency is clamped")
    func colors() throws {
        let grey = try #require(RGBColor(hex: "#999999"))
        #expect(CSSValue.color(grey).css == grey.hex)
        #expect(CSSValue.translucent(grey, alpha: 1.5).css == "rgba(153, 153, 153, 1)")
        #expect(CSSValue.translucent(grey, alpha: 0.55).css == "rgba(153, 153, 153, 0.55)")
    }

    @Test("Composite values and rules")
    func composites() {
        #expect(CSSValue.function("repeat", [.number(4), .px(79)]).css == "repeat(4, 79px)")
        #expect(CSSValue.spaced([.px(1), .keyword("solid"), .color(.black)]).css == "1px solid #000000")
        #expect(CSSRule.style(".a", [.width(1), .height(2)]).css == ".a { width: 1px; height: 2px }")
        #expect(CSSRule.minWidth(431, [.style("b", [.width(1)])]).css == "@media (min-width: 431px) {\n  b { width: 1px }\n}")
    }

    @Test("An image URL in CSS is quoted, with quotes and backslashes escaped")
    func imageURL() throws {
        let remote = try #require(URL(string: "https://example.com/a%22b.png"))
        let url = try #require(SafeURL(remote: remote))
        #expect(CSSValue.image(url).css == "url(\"https://example.com/a%22b.png\")")
    }
}
