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

    /// Disk first, then the network through a slot; the result is validated and, if some
    /// caller still wants it, cached on disk and in memory before it is delivered.
    private func produce(_ key: FlightKey, url: URL, id: UInt64) async -> FlightResult {
        if let disk, let body = disk.data(forKey: key.cacheKey) {
            return Result { () throws(ResourceError) -> Delivery in
                let resource = try validated(CachedResource(data: body, image: nil), kind: key.kind, url: url, cacheKey: nil)
                memory.insert(resource, forKey: key.cacheKey, cost: resource.data.count)
                return Delivery(resource: resource, origin: .disk)
            }
        }
        guard !Task.isCancelled, await acquireSlot(key, id: id) else { return .failure(.cancelled) }
        let response: HTTPResponse
        do {
            response = try await configuration.httpClient.send(request(for: url, kind: key.kind))
        } catch {
            releaseSlot()
            return .failure(error == .cancelled ? .cancelled : .network(error))
        }
        releaseSlot()
        return Result { () throws(ResourceError) -> Delivery in
            let resource = try validated(CachedResource(data: response.body, image: nil), kind: key.kind, url: url, cacheKey: nil)
            // Everyone cancelled while the body arrived: deliver nothing, cache nothing.
            guard !Task.isCancelled, coordinator.withLock({ $0.isCurrent(key, id: id) }) else { throw .cancelled }
            disk?.store(resource.data, forKey: key.cacheKey)
            memory.insert(resource, forKey: key.cacheKey, cost: resource.data.count)
            return Delivery(resource: resource, origin: .network)
        }
    }

    func request(for url: URL, kind: ResourceKind) -> HTTPRequest {
        HTTPRequest(
            url: url,
            headers: ["Accept": kind == .image ? "image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.5" : "*/*"],
            timeout: configuration.requestTimeout,
            maxResponseBytes: configuration.maxResponseBytes
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
