import Foundation

/// Headless Chromium, when installed (`apt-get install chromium`): screenshots and the DOM
/// after load. Every run gets its own profile directory, so runs never share state.
struct Chromium {
    let executable: URL

    /// `chromium` (or `chromium-browser`) on `PATH`, else `nil`.
    static let installed: Chromium? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser"] {
                let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return Chromium(executable: candidate) }
            }
        }
        return nil
    }()

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A PNG of `page` in a `width` × `height` window at device scale 1.
    func screenshot(_ page: URL, width: Int, height: Int) async throws -> Data {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("screenshot.png")
        _ = try await run(
            [
                "--hide-scrollbars", "--force-device-scale-factor=1", "--window-size=\(width),\(height)", "--screenshot=\(output.path)",
                page.absoluteString,
            ], profile: directory)
        guard let data = try? Data(contentsOf: output) else {
            throw Failure(description: "chromium wrote no screenshot for \(page.lastPathComponent)")
        }
        return data
    }

    /// The page's DOM after loading, serialized (`--dump-dom`).
    func dumpDOM(_ page: URL) async throws -> String {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await run(["--dump-dom", page.absoluteString], profile: directory)
    }

    /// Runs Chromium as a ``ChildProcess``: no thread of the cooperative pool waits for it, and
    /// it inherits no descriptor of the test process.
    private func run(_ arguments: [String], profile: URL) async throws -> String {
        let outputURL = profile.appendingPathComponent("stdout.txt")
        let status = try await ChildProcess.run(
            executable, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)"] + arguments,
            output: outputURL)
        guard status == 0 else {
            throw Failure(description: "chromium exited with status \(status)")
        }
        return String(decoding: try Data(contentsOf: outputURL), as: UTF8.self)
    }

    static func scratchDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "previews-chromium-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
