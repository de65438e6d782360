import Foundation
import SharedNetworking
import TriviaServer

/// One cluster node of a `trivia-load --cluster` run: its clients, memory and CPU, and what
/// went through PostgreSQL on its bus (from its `GET /health`), in total and per question.
struct NodeReport: Sendable, Codable {
    var node: String
    var clients: Int
    var owner: Bool
    var peakBytes: Int
    var cpuSeconds: Double
    /// The node's bus counters at the end of the run; `nil` if `/health` did not answer.
    var bus: TriviaBusTraffic?
    var questions: Int
    /// Killed by `--kill-owner-at` (its numbers end at the kill).
    var killed = false

    /// Reads node `index` (`load-<index + 1>`) of a run that gave it `clients` clients.
    init(server: ServerProcess, index: Int, clients: Int, questions: Int, killed: Bool) async {
        self.killed = killed
        node = "load-\(index + 1)"
        self.clients = clients
        self.questions = questions
        peakBytes = server.memory().peak
        cpuSeconds = server.cpuSeconds()
        let status = await Self.clusterStatus(port: server.port)
        owner = status?.owner ?? false
        bus = status?.bus
    }

    private struct Health: Decodable {
        var cluster: TriviaClusterStatus?
    }

    /// What node `port`'s `/health` says of its place in the cluster, or `nil` if it did not answer.
    static func clusterStatus(port: Int) async -> TriviaClusterStatus? {
        guard let url = URL(string: "http://127.0.0.1:\(port)/health") else { return nil }
        let client = URLSessionHTTPClient(configuration: .ephemeral)
        guard let response = try? await client.send(HTTPRequest(url: url, timeout: .seconds(10))) else { return nil }
        return (try? JSONDecoder().decode(Health.self, from: response.body))?.cluster
    }

    /// One line: clients, role, memory, CPU, bus messages and bytes per question (out and in).
    var text: String {
        let perQuestion = Double(max(1, questions))
        let traffic =
            bus.map { bus in
                String(
                    format: "bus out %d msgs %.1f KiB (%.1f msgs, %.1f KiB per question), in %d msgs %.1f KiB; %d log entries",
                    bus.messagesOut, Double(bus.bytesOut) / 1024, Double(bus.messagesOut) / perQuestion,
                    Double(bus.bytesOut) / 1024 / perQuestion, bus.messagesIn, Double(bus.bytesIn) / 1024, bus.logEntries)
            } ?? "bus: /health did not answer"
        if killed { return "  \(node) (owner, killed): \(clients) clients; its memory, CPU and bus died with it" }
        return String(
            format: "  %@%@: %d clients, peak %.1f MiB, CPU %.1f s; %@", node, owner ? " (owner)" : "", clients,
            Double(peakBytes) / 1_048_576, cpuSeconds, traffic)
    }
}
