import Foundation

/// The human report: one column per server configuration, one row per measurement, so that
/// two renderers measured in one invocation read side by side. Problems follow the table.
enum LoadReportTable {
    /// The table of the report's runs (one column each) and, for a configuration that could not
    /// run, its reason instead of a column.
    static func render(_ report: LoadReport) -> String {
        let results = report.runs
        var rows: [(String, [String])] = []
        func row(_ label: String, _ value: (LoadResult) -> String) {
            rows.append((label, results.map(value)))
        }
        let trivia = results.contains { $0.trivia != nil }
        row("configuration") { result in
            result.configuration.isEmpty ? (result.serverCommand == nil ? "(the server at --url)" : "(as started)") : result.configuration
        }
        row("scenario") { result in
            let load = result.scenario.sendsEvents ? ", \(result.active) active at \(number(result.rate))/s" : ""
            let time = result.trivia == nil ? ", \(number(result.seconds)) s (+\(number(result.warmup)) s warm-up)" : ""
            return "\(result.scenario.rawValue): \(result.sessions) sessions\(load)\(time)"
        }
        row("source addresses") { $0.sources == 0 ? "system's" : String($0.sources) }
        row("sessions opened / attached") { "\($0.sessionsOpened) / \($0.socketsAttached)" }
        if trivia {
            row("competition, questions") { $0.trivia.map { "\($0.competition), \($0.questions)" } ?? "" }
        }
        row(trivia ? "deliveries due" : "events sent") { String($0.events.sent) }
        row(trivia ? "shown" : "acknowledged") { String($0.events.acknowledged) }
        if !trivia { row("refused (error)") { String($0.events.refused) } }
        row(trivia ? "missed" : "lost (never acknowledged)") { String($0.events.lost) }
        row("latency p50") { milliseconds($0.latency.p50) }
        row("latency p90") { milliseconds($0.latency.p90) }
        row("latency p99") { milliseconds($0.latency.p99) }
        row("latency max") { milliseconds($0.latency.max) }
        row(trivia ? "bytes per question shown" : "bytes per acknowledged event") { bytes($0.bytesPerAcknowledgedEvent) }
        row(trivia ? "messages per question shown" : "messages per acknowledged event") {
            $0.messagesPerAcknowledgedEvent.map { String(format: "%.2f", $0) } ?? "–"
        }
        let steps = results.map(\.bytesPerStep.count).max() ?? 0
        for step in 0..<steps {
            let name = results.lazy.compactMap { $0.bytesPerStep.indices.contains(step) ? $0.bytesPerStep[step].step : nil }.first ?? ""
            row("  acknowledging \(name)") { $0.bytesPerStep.indices.contains(step) ? bytes($0.bytesPerStep[step].bytes) : "–" }
        }
        row("received, all sessions") { mebibytes($0.bytesReceived) }
        row("first screen (mean)") { bytes($0.firstScreenBytes) }
        row("server RSS before sessions") { mebibytes($0.memory.beforeSessions) }
        row("  after sessions loaded") { mebibytes($0.memory.afterSessionsLoaded) }
        row("  after sockets attached") { mebibytes($0.memory.afterSocketsAttached) }
        row("  after the run") { mebibytes($0.memory.afterRun) }
        row("per session: loaded / attached") { result in
            "\(kibibytes(result.memory.perSessionLoaded)) / \(kibibytes(result.memory.perSessionAttached))"
        }
        row("server CPU while running") { $0.serverCPUSeconds.map { String(format: "%.1f s", $0) } ?? "–" }
        row("client CPU while running") { result in
            let client = result.client
            let share = client.driveSeconds > 0 ? client.driveCPUSeconds / client.driveSeconds * 100 : 0
            return String(
                format: "%.1f s of %.1f s (%.0f %%, %d thread%@)", client.driveCPUSeconds, client.driveSeconds, share,
                client.threads, client.threads == 1 ? "" : "s")
        }
        row("client send lag max") { milliseconds($0.client.sendLagMaxMilliseconds) }
        row("sockets closed early / expired") { "\($0.socketsClosedEarly) / \($0.sessionsExpired)" }
        if trivia { row("shown before the broadcast") { String($0.trivia?.early ?? 0) } }

        let labelWidth = rows.map(\.0.count).max() ?? 0
        let widths = results.indices.map { column in rows.map { $0.1[column].count }.max() ?? 0 }
        var lines = rows.map { label, values in
            ([pad(label, labelWidth)] + values.enumerated().map { pad($0.element, widths[$0.offset]) })
                .joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        for (index, result) in results.enumerated() where !result.problems.isEmpty {
            let name = results.count > 1 ? " (\(result.configuration.isEmpty ? "column \(index + 1)" : result.configuration))" : ""
            lines.append("")
            lines.append("problems\(name):")
            lines += result.problems.map { "  - \($0)" }
        }
        for failure in report.notRun {
            lines.append("")
            lines.append("not run (\(failure.configuration.isEmpty ? "as started" : failure.configuration)): \(failure.reason)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }

    static func milliseconds(_ value: Double?) -> String {
        guard let value else { return "–" }
        return value < 10 ? String(format: "%.2f ms", value) : String(format: "%.1f ms", value)
    }

    static func bytes(_ value: Double?) -> String {
        guard let value else { return "–" }
        return String(format: "%.0f B", value)
    }

    static func mebibytes(_ value: Int?) -> String {
        guard let value else { return "–" }
        return String(format: "%.1f MiB", Double(value) / 1_048_576)
    }

    static func kibibytes(_ value: Double?) -> String {
        guard let value else { return "–" }
        return String(format: "%.0f KiB", value / 1024)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
