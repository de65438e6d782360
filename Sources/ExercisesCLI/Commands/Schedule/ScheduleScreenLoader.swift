import Foundation
import Schedule
import ScreenKit
import SharedNetworking

/// Runs the schedule's view-model once, the way the app's first appearance does; with logos,
/// every row asks for its two logos as if the whole list were on screen (the terminal prints
/// every row).
enum ScheduleScreenLoader {
    struct Result {
        var screen: ScheduleViewState
        var diagnostics: [Diagnostic]
        /// What the screen is when it is not a fresh answer (a saved copy, offline).
        var notice: NetworkNotice?
        /// Every distinct logo in row order, when logos were fetched.
        var logos: [ScheduleLogoLine]?
        /// What the view-model asked VoiceOver to say.
        var announcement: Announcement?
    }

    @MainActor
    static func load(
        feed: any ScheduleFeedLoading,
        logos: (any ResourceLoading)?,
        catalog: TeamLogoCatalog,
        environment: AppEnvironment,
        contrast: ContrastPreference = .standard
    ) async throws(CLIError) -> Result {
        let origins = ResourceOriginLog()
        let model = ScheduleViewModel(
            loader: feed,
            resources: OriginRecordingResources(base: logos ?? OfflineImages(), log: origins),
            locale: environment.locale,
            timeZone: environment.timeZone,
            calendar: environment.calendar,
            clock: environment.clock,
            logos: catalog,
            metrics: .resolved(for: contrast),
            language: environment.messagesLocale
        )
        await model.load()
        guard let screen = model.state.content else {
            if let error = model.state.error { throw .loading(error) }
            throw .input("the schedule could not be loaded")
        }
        var diagnostics = model.state.diagnostics
        let notice = model.state.notice
        if let notice, let error = model.state.error {
            diagnostics.append(SavedScreenNote.diagnostic(error: error.description, notice: notice))
        }
        guard logos != nil else {
            return Result(screen: screen, diagnostics: diagnostics, notice: notice, logos: nil, announcement: model.state.announcement)
        }
        let rows = screen.sections.flatMap(\.rows)
        await withTaskGroup(of: Void.self) { group in
            for row in rows {
                group.addTask { await model.loadLogos(for: row) }
            }
        }
        let lines = ScheduleLogoLine.lines(for: rows, logo: model.logo(for:), origins: await origins.origins)
        return Result(screen: screen, diagnostics: diagnostics, notice: notice, logos: lines, announcement: model.state.announcement)
    }

    /// The shared pipeline with its disk cache in `<cache-dir>/logos`.
    static func pipeline(_ environment: AppEnvironment) -> ResourcePipeline {
        ImageCacheFolder.logos.pipeline(environment)
    }
}

/// One distinct logo as the command reports it (text and `--json`).
struct ScheduleLogoLine: Sendable, Equatable, Encodable {
    enum State: String, Sendable, Encodable {
        case loaded, placeholder
    }

    /// What the slot shows until (or instead of) the image: the tricode.
    var placeholder: String
    /// `nil` when the team has no usable tricode, so no request is ever made.
    var url: URL?
    var state: State
    var pixelSize: PixelSize?
    var format: ImageFormat?
    /// Where the image came from this run: `network`, `disk` (a previous run) or `memory`.
    var origin: ResourceOrigin?
    /// Why the placeholder stays (the fetch's error), when it was fetched.
    var reason: String?

    /// The logos of `rows` in the order the list shows them, each once.
    static func lines(for rows: [ScheduleRow], logo: (TeamSideState) -> LogoState, origins: [URL: ResourceOrigin])
        -> [ScheduleLogoLine]
    {
        var seen: Set<String> = []
        var lines: [ScheduleLogoLine] = []
        for game in rows.compactMap(\.game) {
            for side in [game.left, game.right] {
                let key = side.logoURL?.absoluteString ?? "placeholder:\(side.logoPlaceholder)"
                guard seen.insert(key).inserted else { continue }
                var line = ScheduleLogoLine(placeholder: side.logoPlaceholder, url: side.logoURL, state: .placeholder)
                switch logo(side) {
                case .loaded(let image):
                    line.state = .loaded
                    line.pixelSize = image.info?.pixelSize
                    line.format = image.info?.format
                    line.origin = side.logoURL.flatMap { origins[$0] }
                case .placeholder(_, let failure):
                    line.reason = failure.map { $0.description } ?? "no usable tricode; nothing is requested"
                case .notRequested, .loading:
                    line.reason = "not settled"
                }
                lines.append(line)
            }
        }
        return lines
    }
}

/// Where each fetched resource came from, for the command's report.
actor ResourceOriginLog {
    private(set) var origins: [URL: ResourceOrigin] = [:]

    func record(_ url: URL, _ origin: ResourceOrigin) {
        origins[url] = origin
    }
}

/// Passes every request to `base` and notes where each answer came from.
struct OriginRecordingResources: ResourceLoading {
    let base: any ResourceLoading
    let log: ResourceOriginLog

    func image(for url: URL, priority: ResourcePriority, fitting target: PixelSize?) async throws(ResourceError) -> FetchedResource {
        let fetched = try await base.image(for: url, priority: priority, fitting: target)
        await log.record(url, fetched.origin)
        return fetched
    }

    func cachedImage(for url: URL) -> FetchedResource? { base.cachedImage(for: url) }
    func prefetch(_ urls: [URL]) async { await base.prefetch(urls) }
    func cancelPrefetch(_ urls: [URL]) async { await base.cancelPrefetch(urls) }
    func clearFailures() async { await base.clearFailures() }
}
