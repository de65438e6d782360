import Foundation
import SharedNetworking

/// The resource pipeline's disk caches that commands fill below `--cache-dir`, one folder per
/// kind of image, and that the HTML previews read back: one list, so a new cache cannot be
/// written by a command and missed by the previews.
enum ImageCacheFolder: String, CaseIterable {
    /// Row images of `exercises facts --images`.
    case images
    /// Team logos of `exercises schedule --logos`.
    case logos

    func directory(in environment: AppEnvironment) -> URL {
        environment.directories.caches.appendingPathComponent(rawValue, isDirectory: true)
    }

    /// A pipeline on the environment's HTTP client and clock with its disk cache in this folder;
    /// the pipeline's own request limit unless one is given.
    func pipeline(_ environment: AppEnvironment, maxConcurrentRequests: Int? = nil) -> ResourcePipeline {
        var configuration = ResourcePipeline.Configuration(
            httpClient: environment.httpClient, clock: environment.clock, diskCacheDirectory: directory(in: environment))
        if let maxConcurrentRequests { configuration.maxConcurrentRequests = maxConcurrentRequests }
        return ResourcePipeline(configuration: configuration)
    }
}
