import SharedNetworking

/// A complete, self-contained HTML page showing one or more phone screens.
///
/// At the phone's width (the screenshot size, 390 × 844) the first screen fills the window
/// exactly, without bezel or caption; in a wider window the phones stand side by side on a desk
/// colour with a caption under each. The page runs no script: its Content-Security-Policy
/// allows none, and the builder cannot write a `<script>` element or an `on…` attribute. The
/// icons the screens draw are defined once, in a sprite at the top of the body.
public struct PreviewDocument: Sendable {
    /// The page's `<title>`.
    public var title: String
    /// The screens, one phone each.
    public var screens: [PreviewScreen]
    /// The phone drawn around each screen.
    public var device: PreviewDevice
    /// The `lang` attribute (a BCP 47 tag such as `en-US`); anything else falls back to `en`.
    public var language: String

    /// A page of `screens` on `device`.
    public init(title: String, screens: [PreviewScreen], device: PreviewDevice = .iPhone14, language: String = "en") {
        self.title = title
        self.screens = screens
        self.device = device
        self.language = language
    }

    /// The page as a string, ready to write to a `.html` file.
    public var html: String {
        var seen = Set<String>()
        let screenRules = screens.flatMap(\.styles).filter { seen.insert($0.css).inserted }
        let head = HTMLNode.element(
            "head", [],
            [
                .element("meta", [.attribute("charset", "utf-8")]),
                .element("meta", [.attribute("name", "viewport"), .attribute("content", "width=device-width, initial-scale=1")]),
                .element("meta", [.attribute("http-equiv", "Content-Security-Policy"), .attribute("content", Self.contentSecurityPolicy)]),
                .element("meta", [.attribute("name", "generator"), .attribute("content", "MobileExercises ScreenPreviews")]),
                .element("title", [], [.text(title)]),
                .styleSheet(PreviewChrome.styles(device)),
                .styleSheet(screenRules),
            ])
        let figures = HTMLNode.group(screens.map { PreviewChrome.figure($0, device: device) })
        // Each icon drawn once, before the screens that reference it.
        let body = HTMLNode.element("body", [], [PreviewIcon.sprite(PreviewIcon.used(in: figures)), figures])
        let page = HTMLNode.element("html", [.attribute("lang", Self.languageTag(language))], [head, body])
        return "<!DOCTYPE html>\n" + page.html + "\n"
    }

    /// No script of any kind; images only from embedded data or http(s); inline styles.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    /// `identifier` (`en_US`) as a BCP 47 tag for `lang` (`en-US`); anything that is not one becomes `en`.
    public static func languageTag(_ identifier: String) -> String {
        let tag = identifier.replacingOccurrences(of: "_", with: "-")
        let valid =
            !tag.isEmpty && tag.count <= 35
            && tag.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        return valid ? tag : "en"
    }
}
