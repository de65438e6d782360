import CarFit
import ScreenKit
import SharedNetworking
import Trivia

/// The ``LiveScreenMemo`` of each exercise whose screen is a pure function of what its key
/// holds: CarFit (the view state and the contrast) and Trivia (the view state, the caption, the
/// final screen's button and its language).
@MainActor
final class LiveScreenMemos {
    /// What CarFit's screen is made from: the state as the screen shows it. The instant of the
    /// last update is left out; the screen shows it only as the content's words (`Updated 8:00
    /// AM`), and tabs that loaded a few milliseconds apart have the same screen.
    struct CarFitKey: Equatable {
        var state: ScreenState<CleanerListViewState>
        var contrast: ContrastPreference

        init(state: ScreenState<CleanerListViewState>, contrast: ContrastPreference) {
            var shown = state
            shown.lastUpdated = nil
            self.state = shown
            self.contrast = contrast
        }

        /// The parts that tell most kept states apart first (each event's announcement has its
        /// own number), the whole state only for a likely match.
        static func == (lhs: CarFitKey, rhs: CarFitKey) -> Bool {
            lhs.state.announcement == rhs.state.announcement && lhs.state.phase == rhs.state.phase && lhs.contrast == rhs.contrast
                && lhs.state == rhs.state
        }
    }

    /// What Trivia's screen is made from.
    struct TriviaKey: Equatable {
        var state: ScreenState<TriviaViewState>
        var caption: String
        var isFinal: Bool
        var language: String

        /// The caption (the question's number, the countdown's second) and the announcement
        /// first, the whole state only for a likely match.
        static func == (lhs: TriviaKey, rhs: TriviaKey) -> Bool {
            lhs.caption == rhs.caption && lhs.state.announcement == rhs.state.announcement && lhs.isFinal == rhs.isFinal
                && lhs.language == rhs.language && lhs.state == rhs.state
        }
    }

    let carFit = LiveScreenMemo<CarFitKey>(capacity: 32)
    let trivia = LiveScreenMemo<TriviaKey>(capacity: 32)

    nonisolated init() {}
}
