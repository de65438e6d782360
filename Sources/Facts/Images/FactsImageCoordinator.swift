import Foundation
import Observation
import SharedNetworking

/// Loads row images lazily: only for the rows on screen plus a small prefetch window.
///
/// The view reports which rows are visible (``visibleRowsChanged(_:)-(Range<Int>)``); the coordinator
/// computes an ``ImageWindow``, requests the window's images through ``/SharedNetworking/ResourceLoading`` (the
/// shared pipeline with its memory and disk caches, coalescing and negative cache), most wanted
/// first, never more than ``ImageLoadingPolicy/maxConcurrentLoads`` at once, and cancels loads
/// for rows that left the window before they finished.
///
/// Rows that share a URL share one load. Image bytes are kept only for rows in the window; a row
/// scrolled back into view asks the pipeline again and is served from its cache, while its
/// ``RowImageState/loaded(pixelSize:)`` state (and so its height) never changes back.
@Observable @MainActor
public final class FactsImageCoordinator {
    /// How far ahead and behind to load, and how many loads at once.
    public let policy: ImageLoadingPolicy
    /// The current window (visible rows and prefetch rows).
    public private(set) var window: ImageWindow
    /// Image requests in flight, cancelled ones included until they end.
    public private(set) var inFlightCount = 0

    /// Known states by URL; a URL without an entry is ``RowImageState/notLoaded``.
    private var states: [URL: RowImageState] = [:]
    /// Image bytes, only for URLs in the window.
    private var bytes: [URL: Data] = [:]
    private var rowURLs: [URL?] = []

    @ObservationIgnored private let loader: any ResourceLoading
    @ObservationIgnored private var running: [Int: Load] = [:]
    /// The load whose result counts for a URL (a cancelled load's failure does not).
    @ObservationIgnored private var current: [URL: Int] = [:]
    @ObservationIgnored private var nextToken = 0
    @ObservationIgnored private var reportedVisible: Range<Int>?

    private struct Load {
        let url: URL
        let task: Task<Void, Never>
    }

    /// A coordinator with no rows yet; `loader` is the shared resource pipeline (or a fake in tests).
    public init(loader: any ResourceLoading, policy: ImageLoadingPolicy = ImageLoadingPolicy()) {
        self.loader = loader
        self.policy = policy
        self.window = ImageWindow(visible: 0..<0, rowCount: 0, direction: .down, policy: policy)
    }

    // MARK: What the view reads

    /// The image state of the row at `index` (``RowImageState/none`` outside the list).
    public func state(forRow index: Int) -> RowImageState {
        guard rowURLs.indices.contains(index), let url = rowURLs[index] else { return .none }
        return states[url] ?? .notLoaded
    }

    /// The image bytes for the row at `index`, while it is in the window and loaded.
    public func imageData(forRow index: Int) -> Data? {
        guard rowURLs.indices.contains(index), let url = rowURLs[index] else { return nil }
        return bytes[url]
    }

    /// Every row's image state, in row order.
    public var rowStates: [RowImageState] {
        rowURLs.indices.map(state(forRow:))
    }

    // MARK: What the view reports

    /// Sets the list's image URLs (one per row, `nil` for rows without an image), e.g. after a
    /// refresh. States of URLs still present are kept; loads of URLs that left are cancelled.
    public func setRows(_ urls: [URL?]) {
        rowURLs = urls
        let present = Set(urls.compactMap { $0 })
        states = states.filter { present.contains($0.key) }
        updateWindow(reportedVisible ?? 0..<0)
    }

    /// The rows on screen changed (from `onAppear`/`onDisappear` of rows, or a table view's
    /// visible index paths). Starts, reorders and cancels loads accordingly.
    public func visibleRowsChanged(_ rows: Range<Int>) {
        updateWindow(rows)
    }

    /// The rows on screen changed, given as any collection of row indices.
    public func visibleRowsChanged(_ rows: some Sequence<Int>) {
        guard let first = rows.min(), let last = rows.max() else {
            updateWindow(0..<0)
            return
        }
        updateWindow(first..<(last + 1))
    }

    /// Forgets failures here and in the pipeline (pull-to-refresh), so dead links in the window
    /// are tried once more.
    public func retryFailures() async {
        await loader.clearFailures()
        states = states.filter {
            if case .failed = $0.value { return false }
            return true
        }
        pump()
    }

    /// Cancels every load (the screen went away).
    public func cancelAll() {
        for load in running.values { load.task.cancel() }
        for url in current.keys where states[url] == .loading { states[url] = nil }
        current = [:]
    }

    /// Waits until no load is in flight (tests, and the command line before printing).
    public func waitUntilIdle() async {
        while let load = running.values.first {
            await load.task.value
        }
    }

    // MARK: Scheduling

    private func updateWindow(_ requested: Range<Int>) {
        let direction = ImageWindow.direction(from: reportedVisible, to: requested)
        reportedVisible = requested
        window = ImageWindow(visible: requested, rowCount: rowURLs.count, direction: direction, policy: policy)
        let wanted = Set(window.ordered.compactMap { rowURLs[$0] })
        for (url, token) in current where !wanted.contains(url) {
            running[token]?.task.cancel()
            current[url] = nil
            if states[url] == .loading { states[url] = nil }
        }
        bytes = bytes.filter { wanted.contains($0.key) }
        pump()
    }

    /// Starts loads for the most wanted rows until the concurrency limit is reached.
    private func pump() {
        for row in window.ordered {
            guard running.count < policy.maxConcurrentLoads else { return }
            guard let url = rowURLs[row], current[url] == nil, !running.values.contains(where: { $0.url == url }) else { continue }
            switch states[url] {
            case nil, .notLoaded?:
                start(url, priority: window.visible.contains(row) ? .high : .low)
            case .loaded? where bytes[url] == nil:
                start(url, priority: window.visible.contains(row) ? .high : .low)
            default:
                continue
            }
        }
    }

    private func start(_ url: URL, priority: ResourcePriority) {
        let token = nextToken
        nextToken += 1
        current[url] = token
        if states[url] == nil { states[url] = .loading }
        let loader = self.loader
        let task = Task { [weak self] in
            let result: Result<FetchedResource, ResourceError>
            do throws(ResourceError) {
                result = .success(try await loader.image(for: url, priority: priority))
            } catch {
                result = .failure(error)
            }
            self?.finish(token: token, url: url, result: result)
        }
        running[token] = Load(url: url, task: task)
        inFlightCount = running.count
    }

    private func finish(token: Int, url: URL, result: Result<FetchedResource, ResourceError>) {
        running[token] = nil
        inFlightCount = running.count
        let isCurrent = current[url] == token
        if isCurrent { current[url] = nil }
        switch result {
        case .success(let resource):
            // Even a load cancelled at the last moment delivered the image: keep it.
            states[url] = .loaded(pixelSize: resource.image?.pixelSize)
            if window.ordered.contains(where: { rowURLs[$0] == url }) { bytes[url] = resource.data }
        case .failure(let error) where Self.isCancellation(error):
            if isCurrent, states[url] == .loading { states[url] = nil }
        case .failure(let error):
            if isCurrent { states[url] = .failed(reason: error.description) }
        }
        pump()
    }

    private static func isCancellation(_ error: ResourceError) -> Bool {
        switch error {
        case .cancelled, .network(.cancelled): true
        default: false
        }
    }
}
