import Foundation

/// The numbers of one load run.
struct LoadReport: Sendable, Codable {
    var clients: Int
    var questions: Int
    var questionSeconds: Double
    var connected: Int
    var joined: Int
    var connectFailures: Int
    var connectSeconds: Double
    /// Server resident memory before any connection, with every client joined, and at its peak.
    var serverBaselineBytes: Int
    var serverJoinedBytes: Int
    var serverPeakBytes: Int
    var bytesPerConnection: Int
    /// The load generator's own memory per client (client side of the same sockets).
    var clientBytesPerConnection: Int
    var questionFanOut: Percentiles
    var resultFanOut: Percentiles
    var answersSent: Int
    var answersAcknowledged: Int
    var acknowledgementsLost: Int
    var answersRejected: Int
    var wildcardsRequested: Int
    var wildcardsAccepted: Int
    var finished: Int
    var droppedBeforeFinish: Int
    var errors: [String: Int]
    var serverCPUSeconds: Double
    var wallSeconds: Double
    var timedOut: Bool
    /// From each lost connection to the `welcome` on the next one, over every bot that lost one
    /// (a node killed under it).
    var reconnectGaps: Percentiles
    /// Bots that kept their connection (their node survived): from an answer's first send to
    /// its acknowledgement, and from a question's deadline to its result. In a run with a
    /// killed owner, this is the pause players of the surviving nodes saw.
    var survivorAcknowledgementWaits: Percentiles
    var survivorResultDelays: Percentiles
    /// Per node, for a cluster run (`--cluster`); `nil` for one server.
    var nodes: [NodeReport]? = nil

    /// Whether the run meets the bar: everyone joined and finished, no acknowledgement lost.
    var passed: Bool {
        !timedOut && joined == clients && finished == clients && acknowledgementsLost == 0 && connectFailures == 0
    }

    /// The fail-over pause and the nodes' lines of a cluster run, each ended by a newline.
    var clusterLines: String {
        var lines = ""
        if reconnectGaps.count > 0 {
            lines += "reconnect: \(reconnectGaps.count) connections lost and resumed; pause p50 \(reconnectGaps.p50Text) "
            lines += "p99 \(reconnectGaps.p99Text) max \(reconnectGaps.maxText)\n"
        }
        if nodes != nil {
            lines += "survivors: bots that kept their connection waited for an acknowledgement p50 \(survivorAcknowledgementWaits.p50Text) "
            lines += "p99 \(survivorAcknowledgementWaits.p99Text) max \(survivorAcknowledgementWaits.maxText); "
            lines +=
                "results after the deadline p50 \(survivorResultDelays.p50Text) p99 \(survivorResultDelays.p99Text) max \(survivorResultDelays.maxText)\n"
        }
        if let nodes { lines += "nodes:\n" + nodes.map(\.text).joined(separator: "\n") + "\n" }
        return lines
    }

    var text: String {
        func mib(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
        return """
            clients \(clients), \(questions) questions of \(Int(questionSeconds)) s
            connect:   \(joined)/\(clients) joined in \(String(format: "%.2f", connectSeconds)) s (\(connectFailures) failed)
            memory:    server \(mib(serverBaselineBytes)) idle → \(mib(serverJoinedBytes)) joined (peak \(mib(serverPeakBytes))): \
            \(bytesPerConnection / 1024) KiB per connection; load generator \(clientBytesPerConnection / 1024) KiB per client
            questions: fan-out p50 \(questionFanOut.p50Text) p99 \(questionFanOut.p99Text) max \(questionFanOut.maxText) (\(questionFanOut.count) deliveries)
            results:   fan-out p50 \(resultFanOut.p50Text) p99 \(resultFanOut.p99Text) max \(resultFanOut.maxText) (\(resultFanOut.count) deliveries)
            answers:   \(answersSent) sent, \(answersAcknowledged) acknowledged, \(acknowledgementsLost) lost (\(answersRejected) rejected)
            wildcards: \(wildcardsRequested) requested, \(wildcardsAccepted) accepted
            finish:    \(finished)/\(clients)\(droppedBeforeFinish > 0 ? ", \(droppedBeforeFinish) dropped before finish" : "")
            errors:    \(errors.isEmpty ? "none" : errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            server CPU \(String(format: "%.1f", serverCPUSeconds)) s over \(String(format: "%.1f", wallSeconds)) s\(timedOut ? " (TIMED OUT)" : "")
            \(clusterLines)verdict:   \(passed ? "PASS" : "FAIL")
            """
    }
}

/// Latency percentiles, in seconds.
struct Percentiles: Sendable, Codable {
    var count: Int
    var p50: Double
    var p90: Double
    var p99: Double
    var max: Double

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        func rank(_ fraction: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
        }
        p50 = rank(0.5)
        p90 = rank(0.9)
        p99 = rank(0.99)
        max = sorted.last ?? 0
    }

    var p50Text: String { Self.milliseconds(p50) }
    var p99Text: String { Self.milliseconds(p99) }
    var maxText: String { Self.milliseconds(max) }

    static func milliseconds(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
}
