import CarFit
import Testing

extension CleanerListViewModel {
    /// The list as drawn now (the state's content), for assertions; fails the test while nothing
    /// is drawn.
    @MainActor
    var screen: CleanerListViewState {
        get throws { try #require(state.content) }
    }

    /// The drawn sections; none while nothing is drawn.
    @MainActor
    var sections: [VisitDaySection] { state.content?.sections ?? [] }
}
