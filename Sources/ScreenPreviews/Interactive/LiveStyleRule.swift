/// One rule of a live page's stylesheet, numbered by the ``LiveStyleCache`` that wrote it: a
/// screen's own rule, or the class an element's `style` became.
///
/// A page is sent each rule once; its ``LiveStyleSheet`` remembers which by number, so a screen
/// rendered once for many sessions (``LiveRendering``) carries its rules, and each session's
/// sheet sends the ones its page does not have yet.
public struct LiveStyleRule: Sendable, Hashable {
    /// The number the cache gave the rule; equal rules seen by one cache have one number.
    public let id: Int
    /// The rule's CSS text.
    public let css: String

    /// A rule of the given number and text.
    public init(id: Int, css: String) {
        self.id = id
        self.css = css
    }
}
