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
    func screenshot(_ page: URL, width: Int, height: Int) throws -> Data {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("screenshot.png")
        _ = try run(
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
    func dumpDOM(_ page: URL) throws -> String {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        return try run(["--dump-dom", page.absoluteString], profile: directory)
    }

    private func run(_ arguments: [String], profile: URL) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments =
            ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "chromium exited with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func scratchDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "previews-chromium-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
