import Facts
import Foundation
import ScreenKit
import SharedNetworking
import Synchronization

/// `FactsViewModel.state` on a 4,000-row list, the way a SwiftUI `body` calls it: again
/// and again, after each image that arrives. Ours reuses row layouts through `FactRowLayoutCache`
/// (the second call measures nothing; an arriving image re-measures its row); the peer is what
/// every call cost before: every row measured (`FactsViewState(…, engine:)`).
struct FactsLayoutBenchmark: Benchmark {
    let name = "facts-screen"
    let title = "4,000-row facts screen at 375 pt: second call and one arriving image (cached) vs every row measured"
    let runs = 9

    func prepare(in directory: URL, scale: Scale) async throws -> String {
        "\(Self.rowCount(scale)) rows (the bundled facts' texts, numbered), 1 in 3 with an image, AverageGlyphMeasurer"
    }

    static func rowCount(_ scale: Scale) -> Int { scale == .full ? 4_000 : 40 }

    static func state(_ scale: Scale) throws -> ScreenState<FactsFeed> {
        let data = try Data(contentsOf: try bundledFactsURL())
        let feed = try FeedLoader(client: OfflineHTTPClient(), options: FactsSource.decodingOptions).decode(
            FactsFeed.self, from: data, sourceName: "facts.json")
        let texts = feed.value.rows
        let rows = (0..<rowCount(scale)).map { index in
            let text = texts[index % texts.count]
            return FactRow(
                id: index, title: "\(text.title ?? "Fact") \(index)", description: text.description,
                imageURL: index % 3 == 0 ? URL(string: "https://img.example/\(index).png") : nil)
        }
        return ScreenState(phase: .loaded, content: FactsFeed(title: "About Canada", rows: rows))
    }

    private static func bundledFactsURL() throws -> URL {
        guard case .file(let url) = try FactsSource.bundled() else { throw BenchmarkError("the bundled facts feed is not a file") }
        return url
    }

    func contenders(in directory: URL, scale: Scale) throws -> [Contender] {
        let state = try Self.state(scale)
        let list = CachedList(state: state)
        let screen: @Sendable () throws -> Void = {
            guard list.screen().rows.count == (state.content?.rows.count ?? 0) else { throw BenchmarkError("rows lost") }
        }
        return [
            Contender.ours("ours, second call (layouts cached)", reset: { _ = list.screen() }, screen),
            Contender.ours(
                "ours, after one image arrives",
                reset: {
                    _ = list.screen()
                    list.imageArrives()
                }, screen),
            .peer("every row measured (each call before the cache)") {
                let screen = FactsViewState(state: state, images: { _ in .notLoaded }, width: 375, engine: FactRowLayoutEngine())
                guard screen.rows.count == (state.content?.rows.count ?? 0) else { throw BenchmarkError("rows lost") }
            },
        ]
    }
}

/// The list as the view-model keeps it between calls: the rows' image states and the layout cache.
private final class CachedList: Sendable {
    let state: ScreenState<FactsFeed>
    private let images = Mutex([Int: RowImageState]())
    private let cache = Mutex(FactRowLayoutCache())
    private let nextImage = Mutex(0)

    init(state: ScreenState<FactsFeed>) {
        self.state = state
    }

    /// The screen at 375 pt, through the cache.
    func screen() -> FactsViewState {
        let known = images.withLock { $0 }
        return cache.withLock { cache in
            FactsViewState(state: state, images: { known[$0] ?? .notLoaded }, width: 375, cache: &cache)
        }
    }

    /// The next row with an image (every third) gets its image.
    func imageArrives() {
        let row = nextImage.withLock { next in
            defer { next += 3 }
            return next % max(1, state.content?.rows.count ?? 0)
        }
        images.withLock { $0[row] = .loaded(pixelSize: PixelSize(width: 220, height: 165)) }
    }
}
