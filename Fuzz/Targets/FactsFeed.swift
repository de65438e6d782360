// The facts feed through the shared loader with the feed's own options (Mac Roman fallback),
// then every row laid out at three widths and with each image state. Never crashes; errors and
// diagnostics are one line; layouts are finite and fit the width.
import Facts
import Foundation
import SharedNetworking

private let loader = FeedLoader(client: OfflineHTTPClient(), options: FactsSource.decodingOptions)
private let engine = FactRowLayoutEngine()
private let images: [RowImageState] = [
    .none, .notLoaded, .loading, .loaded(pixelSize: PixelSize(width: 220, height: 147)), .loaded(pixelSize: nil), .failed(reason: "x"),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let loaded: Loaded<FactsFeed>
    do {
        loaded = try loader.decode(FactsFeed.self, from: fuzzData(bytes, size), sourceName: "facts.json")
    } catch {
        require(isOneLine(error.description), "multi-line error \(error.description.debugDescription)")
        return 0
    }
    for diagnostic in loaded.diagnostics {
        require(isOneLine(diagnostic.description), "multi-line diagnostic \(diagnostic.description.debugDescription)")
    }
    for (index, row) in loaded.value.rows.prefix(8).enumerated() {
        for width in [1.0, 320.0, 1024.0] {
            let layout = engine.layout(row, image: images[index % images.count], width: width)
            require(layout.size.height.isFinite && layout.size.height >= 0, "row \(index) at \(width): height \(layout.size.height)")
            require(layout.size.width.isFinite, "row \(index) at \(width): width \(layout.size.width)")
        }
    }
    return 0
}
