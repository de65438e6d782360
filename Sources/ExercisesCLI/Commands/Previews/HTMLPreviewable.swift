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

/// What a renderer may use besides the view state: where cached images are, the language, the
/// contrast (for a theme the view state does not carry, CarFit's).
struct PreviewContext: Sendable {
    var images: PreviewImages
    /// The `lang` of the page: the language of its words (`--locale`, or the user's `LC_MESSAGES`).
    var language: String
    /// `--contrast`.
    var contrast: ContrastPreference

    init(environment: AppEnvironment, contrast: ContrastPreference = .standard) {
        self.contrast = contrast
        // Only folders that exist: opening a DiskCache creates its directory.
        let folders = ImageCacheFolder.allCases.map { $0.directory(in: environment) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        self.images = PreviewImages(caches: folders.map { DiskCache(directory: $0, sizeLimit: Int.max, clock: environment.clock) })
        self.language = environment.messagesLocale.identifier
    }
}
