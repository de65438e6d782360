import Foundation
import ScreenPreviews

/// A page written to a temporary file, screenshotted at the phone's size and decoded.
struct BrowserPage {
    let document: PreviewDocument
    let device: PreviewDevice

    init(_ screens: [PreviewScreen], device: PreviewDevice = .iPhone14) {
        self.document = PreviewDocument(title: screens.first?.title ?? "Preview", screens: screens, device: device)
        self.device = device
    }

    /// Writes the page, runs `body` with its file URL, removes it.
    func withFile<T>(_ body: (URL) async throws -> T) async throws -> T {
        let directory = try Fixtures.temporaryDirectory("page")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("page.html")
        try Data(document.html.utf8).write(to: file)
        return try await body(file)
    }

    /// The page at the device's size; with `fragment`, opened at `page.html#fragment` (the
    /// browser scrolls the element with that id into view).
    func screenshot(_ chromium: Chromium, fragment: String? = nil) async throws -> PNGImage {
        try await withFile { file in
            let url = fragment.flatMap { URL(string: file.absoluteString + "#" + $0) } ?? file
            return try PNGImage(data: try await chromium.screenshot(url, width: Int(device.width), height: Int(device.height)))
        }
    }

    func dom(_ chromium: Chromium) async throws -> String {
        try await withFile { try await chromium.dumpDOM($0) }
    }
}
