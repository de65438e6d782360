import HooSets
import ScreenKit

extension HooSetsViewModel {
    /// The grid as drawn now: the state's content, or the empty grid while the sets are not read.
    @MainActor
    var grid: HooSetsViewState { state.content ?? .empty() }
}
