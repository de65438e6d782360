import Foundation
import ScreenPreviews
import SharedNetworking

/// A screen's output that can be drawn as HTML for `--html` and `exercises all`.
///
/// Each exercise's view state (the `state` of its ``ScreenOutput``) conforms in this folder,
/// so a command needs no change to gain `--html`: the runner asks the state for its screens.
protocol HTMLPreviewable {
    /// The phone screens this output shows (one for most exercises; several for trivia).
    func previewScreens(_ context: PreviewContext) -> [PreviewScreen]
}

/// What a renderer may use besides the view state: where cached images are, the language.
struct PreviewContext: Sendable {
    var images: PreviewImages
    /// The `lang` of the page (from `--locale`).
    var language: String

    init(environment: AppEnvironment) {
        let caches = environment.directories.caches
        self.images = PreviewImages(caches: PreviewContext.imageCacheFolders.map {
            DiskCache(directory: caches.appendingPathComponent($0, isDirectory: true), sizeLimit: Int.max, clock: environment.clock)
        })
        self.language = environment.locale.identifier
    }

    /// The resource pipeline's disk caches the exercise commands write, below `--cache-dir`.
    static let imageCacheFolders: [String] = []
}
