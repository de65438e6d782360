import Foundation

/// The body of one coalesced load, run in its own task off the callers' executors.
extension ResourcePipeline {
    func startFlight(_ key: FlightKey, url: URL, id: UInt64, priority: ResourcePriority) -> Task<Void, Never> {
        Task(priority: priority.taskPriority) {
            await self.runFlight(key, url: url, id: id)
        }
    }

    @concurrent
    private func runFlight(_ key: FlightKey, url: URL, id: UInt64) async {
        let result = await produce(key, url: url, id: id)
        var rememberUntil: Date?
        if case .failure(let error) = result, let duration = configuration.rememberDuration(for: error) {
            rememberUntil = configuration.clock.now.addingTimeInterval(duration.timeInterval)
        }
        coordinator.withLock { $0.finish(key, id: id, result: result, rememberUntil: rememberUntil) }.perform()
    }

    /// Disk first (a fresh entry is used as it is), then the network through a slot (a stale
    /// entry is revalidated; a 304 uses it); the result is validated and, if some caller still
    /// wants it, cached on disk (unless the server said `no-store`) and in memory before it is
    /// delivered. When the network fails for a reason that may pass (no connection, a timeout,
    /// a 5xx), a stale entry stands in (RFC 5861's `stale-if-error`, as a browser offline
    /// does): a logo seen yesterday beats a placeholder on the train.
    private func produce(_ key: FlightKey, url: URL, id: UInt64) async -> FlightResult {
        var stale: HTTPCacheEntry?
        if let disk {
            switch disk.lookup(url) {
            case .fresh(let entry):
                if let delivery = try? deliver(entry.body, kind: key.kind, url: url, cacheKey: key.cacheKey, origin: .disk) {
                    return .success(delivery)
                }
                disk.remove(url)  // stored bytes that no longer validate: fetch them again
            case .stale(let entry):
                stale = entry
            case .miss:
                break
            }
        }
        guard !Task.isCancelled, await acquireSlot(key, id: id) else { return .failure(.cancelled) }
        let exchange: HTTPCache.Exchange
        do {
            if let disk {
                exchange = try await disk.send(request(for: url, kind: key.kind), revalidating: stale, through: configuration.httpClient)
            } else {
                let requestedAt = configuration.clock.now
                exchange = .fetched(try await configuration.httpClient.send(request(for: url, kind: key.kind)), requestedAt: requestedAt)
            }
        } catch {
            releaseSlot()
            if error == .cancelled { return .failure(.cancelled) }
            if let stale {
                if error.isTransient,
                    let delivery = try? deliver(stale.body, kind: key.kind, url: url, cacheKey: key.cacheKey, origin: .disk)
                {
                    return .success(delivery)
                }
                if !error.isTransient { disk?.remove(url) }  // gone (404, 410…): forget the copy
            }
            return .failure(.network(error))
        }
        releaseSlot()
        return Result { () throws(ResourceError) -> Delivery in
            switch exchange {
            case .notModified(let entry):
                return try deliver(entry.body, kind: key.kind, url: url, cacheKey: key.cacheKey, origin: .revalidated)
            case .fetched(let response, let requestedAt):
                let resource = try validated(CachedResource(data: response.body, image: nil), kind: key.kind, url: url, cacheKey: nil)
                // Everyone cancelled while the body arrived: deliver nothing, cache nothing.
                guard !Task.isCancelled, coordinator.withLock({ $0.isCurrent(key, id: id) }) else { throw .cancelled }
                disk?.store(
                    HTTPResponse(url: url, status: response.status, headers: response.headers, body: resource.data),
                    requestedAt: requestedAt)
                memory.insert(resource, forKey: key.cacheKey, cost: resource.data.count)
                return Delivery(resource: resource, origin: .network)
            }
        }
    }

    /// Validates stored bytes, keeps them in memory, and wraps them for delivery.
    private func deliver(_ body: Data, kind: ResourceKind, url: URL, cacheKey: String, origin: ResourceOrigin) throws(ResourceError)
        -> Delivery
    {
        let resource = try validated(CachedResource(data: body, image: nil), kind: kind, url: url, cacheKey: nil)
        memory.insert(resource, forKey: cacheKey, cost: resource.data.count)
        return Delivery(resource: resource, origin: origin)
    }

    func request(for url: URL, kind: ResourceKind) -> HTTPRequest {
        HTTPRequest(
            url: url,
            headers: ["Accept": kind == .image ? "image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.5" : "*/*"],
            timeout: configuration.requestTimeout,
            maxResponseBytes: configuration.maxResponseBytes,
            deadline: configuration.deadline
        )
    }

    /// Checks `entry` as `kind`: images must have a known signature, a sane header and a
    /// complete body. Header facts found on a cache hit are written back to memory
    /// (`cacheKey`), so the parse happens once per entry.
    func validated(_ entry: CachedResource, kind: ResourceKind, url: URL, cacheKey: String?) throws(ResourceError) -> CachedResource {
        guard kind == .image, entry.image == nil else { return entry }
        do {
            let info = try ImageHeaderParser.parse(entry.data, requireComplete: true)
            let checked = CachedResource(data: entry.data, image: info)
            if let cacheKey { memory.insert(checked, forKey: cacheKey, cost: checked.data.count) }
            return checked
        } catch {
            switch error {
            case .notAnImage(let detected): throw .notAnImage(url: url, detected: detected)
            case .malformed, .truncated: throw .malformedImage(url: url, reason: error.description)
            }
        }
    }

    private func acquireSlot(_ key: FlightKey, id: UInt64) async -> Bool {
        await withCheckedContinuation { (continuation: SlotContinuation) in
            if let answer = coordinator.withLock({ $0.requestSlot(for: key, id: id, continuation: continuation) }) {
                continuation.resume(returning: answer)
            }
        }
    }

    private func releaseSlot() {
        coordinator.withLock { $0.releaseSlot() }.perform()
    }
}

extension ResourcePriority {
    var taskPriority: TaskPriority {
        switch self {
        case .low: .utility
        case .normal: .medium
        case .high: .high
        }
    }
}
