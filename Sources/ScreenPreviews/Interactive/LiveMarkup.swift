import SharedNetworking

/// Screens written for a live page: the same phone, bars and content as a preview page, with
/// every `style` attribute moved into a ``LiveStyleSheet`` so that the page needs no inline
/// style, and controls that say what they do (``HTMLAttribute/action(_:value:id:)``).
///
/// A server renders the screen again whenever its view-model changes and sends the markup with
/// the sheet's new rules; the page's script swaps the markup in. Nothing here runs script: the
/// builder still refuses `<script>` and `on…` attributes.
public enum LiveMarkup {
    /// The phone (status bar, navigation bar, content) for `screen`, its styles added to `sheet`.
    public static func html(_ screen: PreviewScreen, device: PreviewDevice = .iPhone14, sheet: inout LiveStyleSheet) -> String {
        sheet.add(PreviewChrome.styles(device))
        sheet.add(screen.styles)
        return html(PreviewChrome.figure(screen, device: device), sheet: &sheet)
    }

    /// Any node, its `style` attributes moved into `sheet` as classes.
    public static func html(_ node: HTMLNode, sheet: inout LiveStyleSheet) -> String {
        let collector = StyleCollector(sheet: sheet)
        var output = ""
        node.write(to: &output) { collector.sheet.className(for: $0) }
        sheet = collector.sheet
        return output
    }

    /// A bar button that asks the view-model to load again (`data-action="refresh"`).
    public static func refreshButton(label: String = "Refresh", size: Double = 22) -> HTMLNode {
        .element(
            "button", [.class("live-refresh"), .ariaLabel(label), .title(label)] + HTMLAttribute.action("refresh", id: "refresh"),
            [PreviewIcon.refresh.node(size: size)])
    }

    /// Holds the sheet while the non-escaping writer's closure adds to it.
    private final class StyleCollector {
        var sheet: LiveStyleSheet
        init(sheet: LiveStyleSheet) { self.sheet = sheet }
    }
}

extension HTMLAttribute {
    /// What a control does, for a live page's script to send: `data-action` (`select-day`,
    /// `answer`, `refresh`), `data-value` when the action needs one (`2020-09-13`, `1`) and a
    /// stable `id`, so tests and the page find the same control after every update.
    public static func action(_ name: String, value: String? = nil, id: String) -> [HTMLAttribute] {
        [.attribute("type", "button"), .attribute("data-action", name), .id(id)] + (value.map { [.attribute("data-value", $0)] } ?? [])
    }
}
