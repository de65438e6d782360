/// What a key asks the game to do.
///
/// `1`–`9` and `a`–`i` (either case) pick the choice with that number or letter; `w` uses the
/// wild-card, `n` declines it; `q` and Ctrl-D leave; Ctrl-C interrupts. The state machine
/// decides whether the action is allowed now: a choice after answering, after the deadline or
/// as a viewer, and a `w` with no offer open, change nothing.
public enum PlayAction: Sendable, Hashable {
    /// Answer with the choice at this 0-based index.
    case choose(Int)
    /// Use the wild-card on offer.
    case useWildcard
    /// Decline the wild-card and watch.
    case declineWildcard
    /// Leave the game (closing the connection properly).
    case leave
    /// Ctrl-C: leave at once (still closing properly).
    case interrupt
    /// A key with no meaning in the game.
    case none

    /// The action `key` stands for.
    public init(_ key: Key) {
        switch key {
        case .interrupt: self = .interrupt
        case .endOfTransmission: self = .leave
        case .character(let character):
            switch character.asciiValue {
            case let ascii? where (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(ascii): self = .choose(Int(ascii - UInt8(ascii: "1")))
            case let ascii? where (UInt8(ascii: "a")...UInt8(ascii: "i")).contains(ascii): self = .choose(Int(ascii - UInt8(ascii: "a")))
            case let ascii? where (UInt8(ascii: "A")...UInt8(ascii: "I")).contains(ascii): self = .choose(Int(ascii - UInt8(ascii: "A")))
            case UInt8(ascii: "w"), UInt8(ascii: "W"): self = .useWildcard
            case UInt8(ascii: "n"), UInt8(ascii: "N"): self = .declineWildcard
            case UInt8(ascii: "q"), UInt8(ascii: "Q"): self = .leave
            default: self = .none
            }
        case .control, .escape, .escapeSequence: self = .none
        }
    }
}
