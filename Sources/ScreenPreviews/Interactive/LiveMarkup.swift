import ScreenKit
import SharedNetworking

/// Screens written for a live page: the same phone, bars and content as a preview page, with
/// every `style` attribute moved into a ``LiveStyleSheet`` so that the page needs no inline
/// style, and the controls the preview pages draw from each view state's accessibility (their
/// `data-action` and `data-value` are what the page sends).
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

    /// A control the live page adds to a screen, drawn as the preview pages draw every control
    /// from its ``/ScreenKit/AccessibilityElement`` (a `<button>` named by the element, with
    /// its `id`, `data-action` and `data-value`), so the page has one vocabulary of actions.
    public static func button(_ element: AccessibilityElement, classes: String, _ children: [HTMLNode]) -> HTMLNode {
        AccessibleMarkup.button(element, classes: classes, children)
    }

    /// A visible bar button for a view state's `refresh` action (Schedule's and CarFit's named
    /// action, offered to VoiceOver in the Actions rotor): the same action and its spoken name,
    /// for a mouse or a finger on a page that has no pull gesture.
    public static func refreshButton(_ action: AccessibilityAction, size: Double = 22) -> HTMLNode {
        let element = AccessibilityElement(
            label: action.name ?? action.action, traits: .button,
            actions: [AccessibilityAction(action: action.action, value: action.value)], identifier: "refresh")
        return button(element, classes: "live-refresh", [PreviewIcon.refresh.node(size: size)])
    }

    /// Holds the sheet while the non-escaping writer's closure adds to it.
    private final class StyleCollector {
        var sheet: LiveStyleSheet
        init(sheet: LiveStyleSheet) { self.sheet = sheet }
    }
}
