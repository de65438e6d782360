import ScreenKit
import SharedNetworking
import Testing

@Suite("WCAG contrast")
struct ContrastTests {
    func hex(_ text: String) throws -> RGBColor { try #require(RGBColor(hex: text)) }

    @Test("relative luminance and the contrast ratio match WCAG's worked values")
    func knownRatios() throws {
        #expect(RGBColor.black.relativeLuminance == 0)
        #expect(RGBColor.white.relativeLuminance == 1)
        #expect(RGBColor.black.contrastRatio(with: .white) == 21)
        #expect(RGBColor.white.contrastRatio(with: .white) == 1)
        // #767676 is the lightest grey that reads 4.5:1 on white; #777777 is not.
        #expect(try hex("#767676").contrastRatio(with: .white) >= 4.5)
        #expect(try hex("#777777").contrastRatio(with: .white) < 4.5)
        // The schedule's design grey, the measurement: 2.85:1.
        #expect(abs(try hex("#999999").contrastRatio(with: .white) - 2.85) < 0.005)
        // Symmetric.
        #expect(try hex("#2EAD68").contrastRatio(with: .white) == RGBColor.white.contrastRatio(with: try hex("#2EAD68")))
    }

    @Test("large text: 18 pt, or 14 pt bold; semibold is not bold")
    func largeText() {
        #expect(WCAGContrast.isLarge(FontSpec(size: 24, weight: .regular)))
        #expect(WCAGContrast.isLarge(FontSpec(size: 45, weight: .medium)))
        #expect(WCAGContrast.isLarge(FontSpec(size: 19, weight: .bold)))
        #expect(!WCAGContrast.isLarge(FontSpec(size: 19, weight: .semibold)))
        #expect(!WCAGContrast.isLarge(FontSpec(size: 17, weight: .bold)))
        #expect(WCAGContrast.required(for: FontSpec(size: 14, weight: .regular)) == 4.5)
        #expect(WCAGContrast.required(for: FontSpec(size: 28, weight: .bold)) == 3)
    }

    @Test("a colour adjusted to a ratio reaches it, moving as little as it must, towards black on light and white on dark")
    func adjusted() throws {
        let green = try hex("#2EAD68")
        let darker = green.adjusted(toContrast: 4.5, against: .white)
        #expect(darker.contrastRatio(with: .white) >= 4.5)
        #expect(darker.mixed(with: green, amount: 0.02).contrastRatio(with: .white) < 4.5 || darker == green)
        #expect(darker.green > darker.red && darker.green > darker.blue, "still green")
        let brown = try hex("#80461F")
        let lighter = brown.adjusted(toContrast: 4.5, against: try hex("#2A2A2D"))
        #expect(lighter.contrastRatio(with: try hex("#2A2A2D")) >= 4.5)
        #expect(lighter.relativeLuminance > brown.relativeLuminance)
        #expect(RGBColor.black.adjusted(toContrast: 4.5, against: .white) == .black, "already enough: unchanged")
        #expect(try hex("#777777").adjusted(toContrast: 21, against: .white) == .black, "unreachable: the extreme")
    }

    @Test("black or white text, whichever reads better; compositing at an opacity")
    func helpers() throws {
        #expect(try hex("#F5C709").blackOrWhiteText == .black)
        #expect(try hex("#1B1F3B").blackOrWhiteText == .white)
        #expect(RGBColor.white.composited(opacity: 0.5, over: .black) == RGBColor(red: 128, green: 128, blue: 128))
        #expect(try hex("#E6395F").composited(opacity: 1, over: .black) == (try hex("#E6395F")))
    }
}
