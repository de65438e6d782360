import Foundation
import Trivia
import TriviaHost

/// What a ``CompetitionOwner`` did, for tests, logs and measurements.
public enum OwnerEvent: Sendable {
    /// The node became owner with lease `epoch` after replaying `replayedEntries` log entries
    /// (`replayedInputs` inputs) up to `position`, in `replaySeconds`.
    case tookOver(epoch: Int64, position: Int64, replayedEntries: Int, replayedInputs: Int, replaySeconds: Double)
    /// Entry `position` was committed with these inputs; `outputs` were published with it.
    case committed(position: Int64, inputs: [LoggedInput], outputs: [HostOutput])
    /// The owner declared these node incarnations gone (stopped, or silent too long): the next
    /// commit disconnects and closes their connections.
    case nodesGone(incarnations: [Int64])
    /// The node stopped acting as owner.
    case steppedDown(epoch: Int64, reason: StepDownReason)
}
