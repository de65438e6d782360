import Foundation
import TestSupport
import Trivia

/// A transport that keeps the last things that happened on its connections: each attempt and
/// its outcome, each frame sent and received (shortened), each close. For a
/// ``FailureReport``: what a player's app saw on the wire before a wait failed.
public final class RecordingTransport: TriviaTransport {
    private let base: any TriviaTransport
    private let name: String
    private let events = Locked<[String]>([])
    private let started = ContinuousClock.now

    /// Records what `base`'s connections carry, under `name`.
    public init(_ base: any TriviaTransport, name: String) {
        self.base = base
        self.name = name
    }

    /// The last events, oldest first.
    public var log: String { events.withLock { $0.joined(separator: "\n") } }

    func record(_ event: String) {
        let elapsed = (ContinuousClock.now - started).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        events.withLock { events in
            events.append(String(format: "+%.2f s ", seconds) + event)
            if events.count > 200 { events.removeFirst(events.count - 200) }
        }
    }

    public func connect() async throws(TriviaTransportError) -> any TriviaConnection {
        record("\(name): connecting")
        do {
            let connection = try await base.connect()
            record("\(name): connected")
            return RecordingConnection(connection, recorder: self)
        } catch {
            record("\(name): connect failed: \(error)")
            throw error
        }
    }

    /// The first bytes of a frame, on one line.
    static func excerpt(_ frame: Data) -> String {
        let text = String(decoding: frame.prefix(160), as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
        return frame.count > 160 ? text + "…" : text
    }
}

/// A connection whose frames and close go to a ``RecordingTransport``'s log.
final class RecordingConnection: TriviaConnection {
    let incoming: AsyncStream<TriviaConnectionEvent>
    private let base: any TriviaConnection
    private let recorder: RecordingTransport
    private let forwarding: Task<Void, Never>

    init(_ base: any TriviaConnection, recorder: RecordingTransport) {
        self.base = base
        self.recorder = recorder
        let (stream, continuation) = AsyncStream.makeStream(of: TriviaConnectionEvent.self)
        incoming = stream
        forwarding = Task {
            for await event in base.incoming {
                switch event {
                case .frame(let frame): recorder.record("← \(RecordingTransport.excerpt(frame))")
                case .closed(let error): recorder.record("closed: \(error.map(String.init(describing:)) ?? "by this side")")
                }
                continuation.yield(event)
            }
            continuation.finish()
        }
        // The app stopped reading (a new connection replaced this one): stop forwarding.
        continuation.onTermination = { [forwarding = self.forwarding] _ in forwarding.cancel() }
    }

    func send(_ frame: Data) async throws(TriviaTransportError) {
        recorder.record("→ \(RecordingTransport.excerpt(frame))")
        try await base.send(frame)
    }

    func close() async {
        recorder.record("close() by the app")
        await base.close()
    }
}
