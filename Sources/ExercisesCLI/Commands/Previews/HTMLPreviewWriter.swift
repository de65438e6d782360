import Foundation
import ScreenPreviews
import SharedNetworking

/// Writes preview pages for `--html` and `exercises all --html-dir`.
enum HTMLPreviewWriter {
    /// The screens of a command's output, or a usage error when the screen has no preview.
    static func screens(of output: ScreenOutput, exercise: String, context: PreviewContext) throws(CLIError) -> [PreviewScreen] {
        guard let previewable = output.state as? any HTMLPreviewable else {
            throw .usage("--html: the \(exercise) screen has no HTML preview")
        }
        let screens = previewable.previewScreens(context)
        guard !screens.isEmpty else { throw .input("--html: the \(exercise) run produced no screen to draw") }
        return screens
    }

    /// `--html OUT.html`: every screen of the output on one page; returns a one-line summary.
    static func writePage(
        _ output: ScreenOutput, exercise: String, environment: AppEnvironment, contrast: ContrastPreference = .standard, to path: String
    ) throws(CLIError) -> String {
        let context = PreviewContext(environment: environment, contrast: contrast)
        let screens = try screens(of: output, exercise: exercise, context: context)
        let title = screens.count == 1 ? screens[0].title : exercise.capitalized
        let bytes = try write(PreviewDocument(title: title, screens: screens, language: context.language).html, to: path)
        return "wrote \(path) (\(screens.count) \(screens.count == 1 ? "screen" : "screens"), \(kilobytes(bytes)))"
    }

    /// Writes a page to `path` atomically; returns its size in bytes.
    @discardableResult
    static func write(_ html: String, to path: String) throws(CLIError) -> Int {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        let data = Data(html.utf8)
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            let directory = url.deletingLastPathComponent().path
            let reason =
                FileManager.default.fileExists(atPath: directory) ? error.localizedDescription : "there is no directory \(directory)"
            throw .input("cannot write \(path): \(reason)")
        }
        return data.count
    }

    static func kilobytes(_ bytes: Int) -> String {
        bytes < 1 << 20 ? "\(max(1, (bytes + 512) / 1024)) KB" : String(format: "%.1f MB", Double(bytes) / Double(1 << 20))
    }
}
