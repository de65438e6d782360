import Foundation
import Trivia
import TriviaHost

/// `TriviaHostCore` driven by ``HostInput`` values, so that what the owner did live can be
/// done again, identically, by another node from the log.
///
/// Live, ``accept(_:at:)`` applies an input and returns it as a ``LoggedInput`` (with the
/// token answers it needed) next to the outputs; the owner appends the logged input before it
/// sends the outputs. ``replay(_:)`` applies a logged input and returns the same outputs the
/// original run produced: the core is a pure state machine, every input carries its host
/// time, and the token check answers from the log.
///
/// Not to be copied and used twice: the copies would share one journal.
public struct ReplayableHost: Sendable {
    /// The host's state after every input applied so far.
    public private(set) var core: TriviaHostCore
    private let journal: JournaledAuthenticator
    /// The latest host time applied; the owner never reads an input at an earlier time, so
    /// host time only moves forward even when a new owner's clock is a little behind.
    public private(set) var lastTime: Date

    /// A host for `genesis`, checking tokens with `authenticator` when live.
    public init(genesis: CompetitionGenesis, authenticator: any TriviaAuthenticator) {
        let journal = JournaledAuthenticator(live: authenticator)
        self.journal = journal
        core = genesis.makeCore(authenticator: journal)
        lastTime = .distantPast
    }

    /// The time at which the owner reads an input when its clock says `now`.
    public func readTime(_ now: Date) -> Date { max(now, lastTime) }

    /// Applies `input` read at `time` (see ``readTime(_:)``); returns it as the log will hold
    /// it, and what the host sends.
    public mutating func accept(_ input: HostInput, at time: Date) -> (LoggedInput, [HostOutput]) {
        let at = readTime(time)
        let journal = self.journal
        let (outputs, answers) = journal.record { apply(input, at: at) }
        return (LoggedInput(input: input, at: at, tokenAnswers: answers), outputs)
    }

    /// Applies an input from the log.
    public mutating func replay(_ logged: LoggedInput) -> [HostOutput] {
        let journal = self.journal
        return journal.replay(logged.tokenAnswers) { apply(logged.input, at: logged.at) }
    }

    private mutating func apply(_ input: HostInput, at time: Date) -> [HostOutput] {
        lastTime = max(lastTime, time)
        switch input {
        case .connect(let connection): return core.connect(connection, at: time)
        case .disconnect(let connection): return core.disconnect(connection, at: time)
        case .frame(let connection, let frame): return core.receive(frame: frame, from: connection, at: time)
        case .advance: return core.advance(to: time)
        case .extendWindow(let until):
            // Before anything advances the schedule past the old deadline.
            core.extendCurrentWindow(to: until)
            return []
        }
    }
}
