import Foundation
import SharedNetworking

/// Loads every Hoo set from a directory holding `NN.zip` archives and/or already unzipped
/// `NN/` directories (the exercise says either may be the case).
///
/// Archives are extracted once into `cacheDirectory` and reused on later launches while they
/// are unchanged (see `ArchiveCache`). One bad set never hides the others: it is skipped and
/// reported in the diagnostics; only when nothing at all can be shown does loading throw.
///
/// ```swift
/// func setTitles(in environment: AppEnvironment) async throws -> [String] {
///     let source = try HooSetsSource.bundled(caches: environment.directories.caches)
///     let loaded = try await source.load()      // off the main actor
///     return loaded.value.sets.map(\.title)     // ["Red Set", "Yellow Set", …]
/// }
/// ```
public struct HooSetsSource: HooSetsFeedLoading {
    /// The directory with `NN.zip` files and/or `NN/` directories.
    public var directory: URL
    /// Where archives are extracted (the app's caches directory, never a fixed path).
    public var cacheDirectory: URL
    /// Extracts archives within the HooSets limits, atomically.
    public var extractor: ZipExtractor

    /// A source reading `directory` and extracting archives into `cacheDirectory`.
    public init(directory: URL, cacheDirectory: URL, extractor: ZipExtractor = ZipExtractor(limits: .hooSets)) {
        self.directory = directory
        self.cacheDirectory = cacheDirectory
        self.extractor = extractor
    }

    /// The sets bundled with the module, extracted into `<caches>/HooSets`.
    public static func bundled(caches: URL) throws(HooSetsError) -> HooSetsSource {
        HooSetsSource(
            directory: try HooSetsResources.setsDirectory(), cacheDirectory: caches.appendingPathComponent("HooSets", isDirectory: true))
    }

    /// Loads off the caller's actor: extraction and file reads never block the UI. A failure is
    /// the ``HooSetsError`` of ``loadSynchronously()`` as a ``/SharedNetworking/NetworkError``
    /// naming the same directory (``HooSetsError/networkError``), the one error type of every
    /// screen's loading.
    @concurrent
    public func load() async throws(NetworkError) -> Loaded<HooSetsFeed> {
        do throws(HooSetsError) {
            return try loadSynchronously()
        } catch {
            throw error.networkError
        }
    }

    /// Nothing is saved: the sets are a directory on the device, read again on every load.
    public func saved() async -> Saved<Loaded<HooSetsFeed>>? { nil }

    /// The synchronous core of ``load()``, with the module's own error.
    public func loadSynchronously() throws(HooSetsError) -> Loaded<HooSetsFeed> {
        let (candidates, scanDiagnostics) = try SetDirectoryScanner.scan(directory)
        guard !candidates.isEmpty else { throw .noSets(path: directory.path) }
        var diagnostics = scanDiagnostics
        if candidates.contains(where: { $0.kind == .archive }) {
            do {
                try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
            } catch {
                throw .cacheUnavailable(path: cacheDirectory.path, reason: (error as NSError).localizedDescription)
            }
        }
        let cache = ArchiveCache(directory: cacheDirectory, extractor: extractor)
        let reader = HooSetReader()
        var sets: [HooSet] = []
        var firstFailure: String?
        for candidate in candidates {
            if Task.isCancelled { throw .cancelled }
            let origin: HooSetOrigin
            switch candidate.kind {
            case .directory:
                origin = HooSetOrigin(kind: .directory, name: candidate.name, directory: candidate.url)
            case .archive:
                do throws(ZipError) {
                    let (extracted, outcome) = try cache.prepare(candidate.url)
                    guard let root = Self.setRoot(in: extracted, number: candidate.number) else {
                        let reason = "no hoo_set.json or NN/ folder inside; set skipped"
                        diagnostics.append(Diagnostic(.dropped, path: candidate.name, message: reason))
                        firstFailure = firstFailure ?? "\(candidate.name): \(reason)"
                        continue
                    }
                    let kind: HooSetOrigin.Kind
                    switch outcome {
                    case .extracted: kind = .extracted
                    case .reused: kind = .reused
                    case .stale(let error):
                        kind = .stale
                        diagnostics.append(
                            Diagnostic(.repaired, path: candidate.name, message: "\(error.description); showing the copy extracted earlier")
                        )
                    }
                    origin = HooSetOrigin(kind: kind, name: candidate.name, directory: root)
                } catch {
                    if error == .cancelled { throw .cancelled }
                    diagnostics.append(Diagnostic(.dropped, path: candidate.name, message: "\(error.description); set skipped"))
                    firstFailure = firstFailure ?? "\(candidate.name): \(error.description)"
                    continue
                }
            }
            let (set, setDiagnostics) = reader.read(origin.directory, number: candidate.number, origin: origin)
            diagnostics += setDiagnostics
            if let set {
                sets.append(set)
            } else {
                firstFailure = firstFailure ?? "\(candidate.name): no Hoos"
            }
        }
        guard !sets.isEmpty else {
            throw .allSetsFailed(path: directory.path, firstReason: firstFailure ?? "no Hoos")
        }
        return Loaded(value: HooSetsFeed(sets: sets), diagnostics: diagnostics, source: directory.lastPathComponent)
    }

    /// Inside an extraction: the directory itself if it holds `hoo_set.json`, else its
    /// numbered folder (`01/` in `01.zip`), else its only folder.
    static func setRoot(in extracted: URL, number: Int) -> URL? {
        if FileManager.default.fileExists(atPath: extracted.appendingPathComponent("hoo_set.json").path) { return extracted }
        let numbered = SetDirectoryScanner.numberedDirectories(in: extracted)
        if let match = numbered.first(where: { $0.number == number }) { return match.url }
        if numbered.count == 1 { return numbered[0].url }
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: extracted.path)) ?? []).filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: extracted.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
        return folders.count == 1 ? extracted.appendingPathComponent(folders[0], isDirectory: true) : nil
    }
}
