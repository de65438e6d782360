import Foundation
import Logging
import TestSupport

/// A log handler that keeps the last lines logged, for a ``FailureReport``: an in-process
/// node's or server's log, printed only when a test fails.
public struct RecordingLogHandler: LogHandler {
    /// The lines, shared by every copy of the handler.
    public final class Lines: Sendable {
        private let kept = Locked<[String]>([])
        private let limit: Int

        /// Keeps the last `limit` lines.
        public init(limit: Int = 400) {
            self.limit = limit
        }

        func append(_ line: String) {
            kept.withLock { lines in
                lines.append(line)
                if lines.count > limit { lines.removeFirst(lines.count - limit) }
            }
        }

        /// The lines kept, oldest first.
        public var text: String { kept.withLock { $0.joined(separator: "\n") } }
    }

    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    private let label: String
    private let lines: Lines

    /// A handler for `label` that keeps `level` and above in `lines`.
    public init(label: String, lines: Lines, level: Logger.Level = .info) {
        self.label = label
        self.lines = lines
        self.logLevel = level
    }

    /// A logger writing to `lines`.
    public static func logger(_ label: String, into lines: Lines, level: Logger.Level = .info) -> Logger {
        Logger(label: label) { RecordingLogHandler(label: $0, lines: lines, level: level) }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let details = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let time = String(format: "%.3f", ProcessInfo.processInfo.systemUptime)
        lines.append("\(time) \(event.level) \(label): \(event.message)\(details)")
    }
}
