extension TriviaViewState {
    /// The screen without what only moves with time (countdowns), to tell real changes apart:
    /// a log of screens prints a screen when this changes, not every second.
    public var withoutTimers: TriviaViewState {
        var copy = self
        copy.question?.countdown = nil
        copy.question?.wildcardOffer?.secondsRemaining = 0
        return copy
    }
}
