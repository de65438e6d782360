import Foundation

/// What a load produces: bytes and, for image loads, the header facts.
struct CachedResource: Sendable {
    var data: Data
    var image: ImageInfo?
}

/// Whether a load validates its bytes as an image. Loads of the same URL with different kinds
/// are separate (an HTML page is a fine `data` result and an error as an image).
enum ResourceKind: Sendable, Hashable {
    case image, data
}

/// One coalesced load: the cache key (the policy-resolved URL) and the kind.
struct FlightKey: Sendable, Hashable {
    var cacheKey: String
    var kind: ResourceKind
}

struct Delivery: Sendable {
    var resource: CachedResource
    var origin: ResourceOrigin
}

typealias FlightResult = Result<Delivery, ResourceError>
typealias SubscriberContinuation = CheckedContinuation<FlightResult, Never>
typealias SlotContinuation = CheckedContinuation<Bool, Never>

/// Continuations to resume and tasks to cancel, collected under the lock and performed after
/// it is released (cancelling a task runs its cancellation handlers synchronously).
struct CoordinatorEffects: Sendable {
    var deliveries: [(SubscriberContinuation, FlightResult)] = []
    var slotAnswers: [(SlotContinuation, Bool)] = []
    var cancellations: [Task<Void, Never>] = []

    func perform() {
        for task in cancellations { task.cancel() }
        for (continuation, granted) in slotAnswers { continuation.resume(returning: granted) }
        for (continuation, result) in deliveries { continuation.resume(returning: result) }
    }
}

/// The pipeline's coordination state: loads in flight and their subscribers, the K network
/// slots and the queue waiting for them, and remembered failures.
///
/// A plain value mutated only under the pipeline's `Mutex`, synchronously: subscribing,
/// cancelling and completing are each one short critical section with no suspension, so a
/// caller's cancellation takes effect immediately (no hop to an actor) and the rules are easy
/// to read in one place:
///
/// - one flight per ``FlightKey``; a caller joining an existing flight adds a subscriber;
/// - a flight's priority is the highest of its subscribers' (prefetch is `.low`);
/// - when its last subscriber leaves, a flight is removed and its task cancelled, which
///   cancels the HTTP request or gives up its place in the slot queue;
/// - a free slot goes to the waiting flight with the highest priority, first come first served
///   within a priority;
/// - a failure (not a cancellation) is remembered until its expiry date.
struct LoadCoordinator {
    struct Subscription {
        var priority: ResourcePriority
        /// `nil` for the prefetch subscriber, which waits for nothing.
        var continuation: SubscriberContinuation?
    }

    struct Flight {
        let id: UInt64
        var subscribers: [UInt64: Subscription] = [:]
        var task: Task<Void, Never>?

        var priority: ResourcePriority {
            subscribers.values.lazy.map(\.priority).max() ?? .low
        }
    }

    struct SlotRequest {
        let key: FlightKey
        let sequence: UInt64
        let continuation: SlotContinuation
    }

    struct RememberedFailure {
        let reason: String
        let until: Date
    }

    /// The subscriber identity used by ``ResourcePipeline/prefetch(_:)`` for every URL.
    static let prefetchSubscriber: UInt64 = 0

    let slotLimit: Int
    private(set) var flights: [FlightKey: Flight] = [:]
    private(set) var slotQueue: [UInt64: SlotRequest] = [:]
    private(set) var activeRequests = 0
    private(set) var failures: [FlightKey: RememberedFailure] = [:]
    private var lastID: UInt64 = 0

    /// Callers (not prefetches) waiting for some flight.
    var waitingCallers: Int {
        flights.values.reduce(0) { $0 + $1.subscribers.values.count { $0.continuation != nil } }
    }

    init(slotLimit: Int) {
        self.slotLimit = max(1, slotLimit)
    }

    mutating func makeID() -> UInt64 {
        lastID += 1
        return lastID
    }

    // MARK: Failures

    /// The remembered failure of `key` at `now`, forgetting it if it has expired.
    mutating func failure(for key: FlightKey, url: URL, now: Date) -> ResourceError? {
        guard let failure = failures[key] else { return nil }
        guard failure.until > now else {
            failures[key] = nil
            return nil
        }
        return .recentlyFailed(url: url, reason: failure.reason, until: failure.until)
    }

    mutating func clearFailures() {
        failures.removeAll()
    }

    // MARK: Subscribing

    /// Adds a subscriber to the flight for `key`, starting the flight (with `start`, given its
    /// id) if there is none. A cancelled caller or a remembered failure is answered at once.
    mutating func subscribe(
        _ subscriber: UInt64,
        to key: FlightKey,
        url: URL,
        priority: ResourcePriority,
        continuation: SubscriberContinuation?,
        isCancelled: Bool,
        now: Date,
        start: (UInt64) -> Task<Void, Never>
    ) -> CoordinatorEffects {
        var effects = CoordinatorEffects()
        if isCancelled {
            if let continuation { effects.deliveries.append((continuation, .failure(.cancelled))) }
            return effects
        }
        if let failure = failure(for: key, url: url, now: now) {
            if let continuation { effects.deliveries.append((continuation, .failure(failure))) }
            return effects
        }
        if var flight = flights[key] {
            let previous = flight.subscribers[subscriber]?.priority ?? priority
            flight.subscribers[subscriber] = Subscription(priority: max(previous, priority), continuation: continuation)
            flights[key] = flight
            return effects
        }
        var flight = Flight(id: makeID())
        flight.subscribers[subscriber] = Subscription(priority: priority, continuation: continuation)
        flights[key] = flight
        flights[key]?.task = start(flight.id)
        return effects
    }

    /// Removes a subscriber (answering it with `.cancelled`). The last one out cancels the
    /// flight: its task is cancelled and its place in the slot queue given up.
    mutating func unsubscribe(_ subscriber: UInt64, from key: FlightKey) -> CoordinatorEffects {
        var effects = CoordinatorEffects()
        guard var flight = flights[key], let removed = flight.subscribers.removeValue(forKey: subscriber) else {
            return effects
        }
        if let continuation = removed.continuation { effects.deliveries.append((continuation, .failure(.cancelled))) }
        guard flight.subscribers.isEmpty else {
            flights[key] = flight
            return effects
        }
        flights[key] = nil
        if let task = flight.task { effects.cancellations.append(task) }
        if let request = slotQueue.removeValue(forKey: flight.id) {
            effects.slotAnswers.append((request.continuation, false))
        }
        return effects
    }

    /// Whether the flight `id` still has someone waiting for it.
    func isCurrent(_ key: FlightKey, id: UInt64) -> Bool {
        flights[key]?.id == id
    }

    /// Ends flight `id`: every subscriber gets `result`, and a failure is remembered for
    /// `remember` (if not `nil`). A flight already cancelled is ignored.
    mutating func finish(_ key: FlightKey, id: UInt64, result: FlightResult, rememberUntil: Date?) -> CoordinatorEffects {
        var effects = CoordinatorEffects()
        guard let flight = flights[key], flight.id == id else { return effects }
        flights[key] = nil
        if case .failure(let error) = result, let rememberUntil {
            failures[key] = RememberedFailure(reason: error.description, until: rememberUntil)
        }
        for subscription in flight.subscribers.values {
            if let continuation = subscription.continuation { effects.deliveries.append((continuation, result)) }
        }
        return effects
    }

    // MARK: Network slots

    /// Asks for a network slot for flight `id`: `true` granted now, `false` refused (the flight
    /// was cancelled), `nil` queued (the continuation is answered later).
    mutating func requestSlot(for key: FlightKey, id: UInt64, continuation: SlotContinuation) -> Bool? {
        guard isCurrent(key, id: id) else { return false }
        // Invariant: requests queue only while every slot is taken (a release grants at once),
        // so a free slot means nobody is waiting ahead of this flight.
        if activeRequests < slotLimit {
            activeRequests += 1
            return true
        }
        slotQueue[id] = SlotRequest(key: key, sequence: makeID(), continuation: continuation)
        return nil
    }

    /// Returns a slot and hands free slots to the most urgent waiting flights.
    mutating func releaseSlot() -> CoordinatorEffects {
        activeRequests = max(0, activeRequests - 1)
        var effects = CoordinatorEffects()
        grantSlots(into: &effects)
        return effects
    }

    private mutating func grantSlots(into effects: inout CoordinatorEffects) {
        while activeRequests < slotLimit, let next = mostUrgentRequest() {
            slotQueue[next.id] = nil
            activeRequests += 1
            effects.slotAnswers.append((next.request.continuation, true))
        }
    }

    private func mostUrgentRequest() -> (id: UInt64, request: SlotRequest)? {
        var best: (id: UInt64, request: SlotRequest, priority: ResourcePriority)?
        for (id, request) in slotQueue {
            let priority = flights[request.key]?.priority ?? .low
            if let current = best,
                priority < current.priority || priority == current.priority && request.sequence > current.request.sequence
            {
                continue
            }
            best = (id, request, priority)
        }
        return best.map { ($0.id, $0.request) }
    }
}
