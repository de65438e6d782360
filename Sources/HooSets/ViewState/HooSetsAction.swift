/// The Hoo sets screen's actions, by the names its ``/ScreenKit/AccessibilityAction``s and the HTML
/// previews' `data-action` give them, each with the view-model method it stands for.
public enum HooSetsAction: String, Sendable, CaseIterable {
    /// ``HooSetsViewModel/select(_:)`` of the Hoo given as the value (`01/03`, as ``HooID``
    /// prints it), or ``HooSetsViewModel/dismissSelection()`` when it is the selected one: what
    /// a tap on a cell does.
    case selectHoo = "select-hoo"
    /// ``HooSetsViewModel/selectNext()``: the next Hoo, in the grid's order, without scrubbing.
    case selectNextHoo = "select-next-hoo"
    /// ``HooSetsViewModel/selectPrevious()``: the previous Hoo.
    case selectPreviousHoo = "select-previous-hoo"
    /// ``HooSetsViewModel/dismissSelection()``: closes the disc.
    case dismissSelection = "dismiss-selection"
    /// ``HooSetsViewModel/refresh()``: reads the sets again; the placeholder's `Try again` after a
    /// failed first read.
    case refresh
}
