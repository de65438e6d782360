import ScreenKit
import SharedNetworking

/// The phone a page is drawn for, and the system chrome around an app's content.
///
/// These are iOS's own metrics (an iPhone 14: 390 × 844 pt, a 47 pt status bar, a 44 pt
/// navigation bar with a 17 pt semibold title, a 34 pt home-indicator area), not an exercise's
/// design: the exercises' sizes, fonts and colours come from their view state.
public struct PreviewDevice: Sendable, Hashable {
    /// The device's name, shown in the page's caption.
    public var name: String
    /// Screen width in points.
    public var width: Double
    /// Screen height in points.
    public var height: Double
    /// The status bar's height in points.
    public var statusBarHeight: Double
    /// The navigation bar's height in points.
    public var navigationBarHeight: Double
    /// The home indicator area's height in points.
    public var homeIndicatorHeight: Double
    /// The status bar's clock font.
    public var statusBarFont: FontSpec
    /// The navigation bar's title font.
    public var navigationTitleFont: FontSpec
    /// The navigation bar's subtitle font.
    public var navigationSubtitleFont: FontSpec
    /// The navigation bar's button font.
    public var navigationButtonFont: FontSpec
    /// The page around the phone when the window is wider than the phone.
    public var deskColor: RGBColor
    /// The phone's frame.
    public var bezelColor: RGBColor
    /// The caption under the phone.
    public var captionColor: RGBColor
    /// The screen's corner radius in points.
    public var cornerRadius: Double

    /// A device from its measurements.
    public init(
        name: String, width: Double, height: Double, statusBarHeight: Double = 47, navigationBarHeight: Double = 44,
        homeIndicatorHeight: Double = 34, statusBarFont: FontSpec = FontSpec(size: 17, weight: .semibold),
        navigationTitleFont: FontSpec = FontSpec(size: 17, weight: .semibold),
        navigationSubtitleFont: FontSpec = FontSpec(size: 11, weight: .regular),
        navigationButtonFont: FontSpec = FontSpec(size: 17, weight: .regular),
        deskColor: RGBColor = RGBColor(red: 0xE5, green: 0xE5, blue: 0xEA),
        bezelColor: RGBColor = RGBColor(red: 0x1C, green: 0x1C, blue: 0x1E),
        captionColor: RGBColor = RGBColor(red: 0x3C, green: 0x3C, blue: 0x43),
        cornerRadius: Double = 47
    ) {
        self.name = name
        self.width = width
        self.height = height
        self.statusBarHeight = statusBarHeight
        self.navigationBarHeight = navigationBarHeight
        self.homeIndicatorHeight = homeIndicatorHeight
        self.statusBarFont = statusBarFont
        self.navigationTitleFont = navigationTitleFont
        self.navigationSubtitleFont = navigationSubtitleFont
        self.navigationButtonFont = navigationButtonFont
        self.deskColor = deskColor
        self.bezelColor = bezelColor
        self.captionColor = captionColor
        self.cornerRadius = cornerRadius
    }

    /// 390 × 844 pt: the width the screenshots are taken at.
    public static let iPhone14 = PreviewDevice(name: "iPhone 14", width: 390, height: 844)

    /// The height between the status bar and the bottom edge, with or without a navigation bar.
    public func contentHeight(hasNavigationBar: Bool) -> Double {
        height - statusBarHeight - (hasNavigationBar ? navigationBarHeight : 0)
    }
}
