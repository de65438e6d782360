/// Small line icons drawn in SVG with the current text colour, standing in for SF Symbols
/// (`clock`, `stopwatch`, `mappin`, `calendar`, …), which a browser does not have. Emoji would
/// depend on the fonts of the machine taking the screenshot.
///
/// Each icon is drawn once per document, as a `<symbol>` of the page's ``sprite(_:)``, and every
/// use of it is a `<use>` of that symbol: a CarFit card has three icons, and a live page's patch
/// carries the few bytes of a reference instead of every shape again.
public enum PreviewIcon: String, Sendable, CaseIterable {
    /// The icons the screens use, named after the SF Symbols they stand for.
    case clock, stopwatch, pin, route, calendar, refresh, chevronLeft, chevronRight, photo

    /// The icon at `size` points, hidden from assistive technology (the text beside it speaks):
    /// a reference to its symbol, which the document holding it must define (``sprite(_:)``).
    public func node(size: Double) -> HTMLNode {
        let side = CSSNumber.format(size)
        return .element(
            "svg",
            [.class("icon icon-\(rawValue)"), .attribute("width", side), .attribute("height", side), .attribute("aria-hidden", "true")],
            reference.map { [.element("use", [.href($0)])] } ?? [])
    }

    /// The `id` of the icon's `<symbol>` in a document's sprite.
    public var symbolID: String { "icon-\(rawValue)" }

    /// `#icon-clock`: the same-document link a `<use>` follows to the symbol.
    var reference: SafeURL? { SafeURL(fragment: symbolID) }

    /// The lines of the icon on a 24 × 24 grid, stroked with the text's colour by its symbol.
    var shapes: [HTMLNode] {
        func path(_ d: String) -> HTMLNode { .element("path", [.attribute("d", d)]) }
        func circle(_ cx: Int, _ cy: Int, _ r: Int) -> HTMLNode {
            .element("circle", [.attribute("cx", String(cx)), .attribute("cy", String(cy)), .attribute("r", String(r))])
        }
        switch self {
        case .clock: return [circle(12, 12, 9), path("M12 7v5l3 2")]
        case .stopwatch: return [circle(12, 13, 8), path("M12 9v4l2 2"), path("M9 2h6"), path("M12 2v3")]
        case .pin: return [path("M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z"), circle(12, 10, 2)]
        case .route: return [circle(6, 18, 2), circle(18, 6, 2), path("M8 18h7a3 3 0 0 0 0-6H9a3 3 0 0 1 0-6h7")]
        case .calendar:
            return [
                .element(
                    "rect",
                    [
                        .attribute("x", "3"), .attribute("y", "5"), .attribute("width", "18"), .attribute("height", "16"),
                        .attribute("rx", "2"),
                    ]), path("M3 10h18M8 3v4M16 3v4"),
            ]
        case .refresh: return [path("M20 11a8 8 0 1 0-2.3 5.7"), path("M20 4v7h-7")]
        case .chevronLeft: return [path("M15 5l-7 7 7 7")]
        case .chevronRight: return [path("M9 5l7 7-7 7")]
        case .photo:
            return [
                .element(
                    "rect",
                    [
                        .attribute("x", "3"), .attribute("y", "5"), .attribute("width", "18"), .attribute("height", "14"),
                        .attribute("rx", "2"),
                    ]), circle(9, 10, 2), path("M21 16l-5-5-9 8"),
            ]
        }
    }
}
