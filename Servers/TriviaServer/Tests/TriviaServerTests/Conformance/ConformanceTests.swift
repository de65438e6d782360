import Foundation
import Testing
import Trivia
import TriviaServer
import TriviaServerTestSupport

/// The server against `Docs/Trivia/Protocol.md`, from the outside: a client that reads nothing
/// but the wire (``WireClient``: raw text, Foundation's JSON, no codec of this repository),
/// driven by the document's tables. Every row of the `error` table and of the close-code table is
/// produced by the real server and checked as the row says (its `ref`, whether the connection
/// stays, the close code and reason, what precedes the close); a row without a scenario here, or
/// a scenario without a row, fails.
@Suite("Server: conformance to the protocol document, from the wire", .timeLimit(.minutes(3)))
struct ConformanceTests {
    /// The repository's root, from this file's path.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func document() throws -> String {
        try String(contentsOf: repository.appendingPathComponent("Docs/Trivia/Protocol.md"), encoding: .utf8)
    }

    /// The cells of each row of the table whose header row is `header`.
    static func table(_ header: String) throws -> [[String]] {
        let lines = try document().components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: header) else { throw WireError("no table \(header) in Protocol.md") }
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// The first backticked word of a cell.
    static func code(_ cell: String) -> String {
        cell.split(separator: "`", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? cell
    }

    /// The codes named as `` `error`/`code` `` in a cell, in order.
    static func errorCodes(in cell: String) -> [String] {
        cell.components(separatedBy: "`error`/`").dropFirst().compactMap { $0.split(separator: "`").first.map(String.init) }
    }

    /// One row of the `error` table.
    struct ErrorRow {
        let code: String
        /// The `ref` cell starts with `null`: the error answers no message.
        let refIsNull: Bool
        /// The connection cell's close code, `nil` for "stays open".
        let closes: UInt16?
    }

    static func errorRows() throws -> [ErrorRow] {
        try table("| `code` | Sent when | `ref` | Connection |").map { cells in
            let closes = cells[3].components(separatedBy: "closed with ").dropFirst().first.flatMap { UInt16($0.prefix(4)) }
            return ErrorRow(
                code: code(cells[0]), refIsNull: cells[2].hasPrefix("`null`"), closes: cells[3].hasPrefix("closed") ? closes : nil)
        }
    }

    /// One row of the close-code table.
    struct CloseRow {
        let code: UInt16
        let reason: String
        /// The `error` messages the close follows, in order; empty for "nothing".
        let precededBy: [String]
    }

    static func closeRows() throws -> [CloseRow] {
        try table("| Close | Reason | Preceded by | Client |").map { cells in
            CloseRow(code: UInt16(cells[0]) ?? 0, reason: cells[1] == "none" ? "" : code(cells[1]), precededBy: errorCodes(in: cells[2]))
        }
    }

    // MARK: Scenarios

    /// What a scenario leaves for the checks: the client that got the error (or the close), and
    /// the `id` of the message the error answers, if any.
    struct Outcome {
        let client: WireClient
        let answered: String?
        /// The server's stop, when the scenario stops it.
        var stopping: Task<Void, any Error>?
    }

    static func join(_ user: String, id: String, token: String? = nil, competition: String = "test-cup", resumeFrom: Int? = nil) -> String {
        let resume = resumeFrom.map(String.init) ?? "null"
        return
            #"{"id":"\#(id)","payload":{"competition":"\#(competition)","resumeFrom":\#(resume),"token":"\#(token ?? "t-" + user)","user":"\#(user)"},"seq":1,"type":"join","version":1}"#
    }

    static func ping(_ id: String) -> String { #"{"id":"\#(id)","payload":{"nonce":"\#(id)"},"seq":2,"type":"ping","version":1}"# }

    static func open(_ harness: ServerHarness, path: String? = nil) async throws -> WireClient {
        let url = path.map { URL(string: "ws://127.0.0.1:\(harness.port)\($0)")! } ?? harness.socketURL
        return try await WireClient.open(url)
    }

    static func joined(_ harness: ServerHarness, as user: String) async throws -> WireClient {
        let client = try await open(harness)
        try await client.send(join(user, id: "join-\(user)"))
        _ = try await client.next("welcome")
        return client
    }

    /// The server's default limits but no idle closing: the rate and join limits are the real ones.
    static let limits = TriviaServerLimits(idleTimeout: .seconds(3600))

    /// A scenario per `error` code and per close reason: it makes the server send that code (or
    /// close with that reason) to the client it returns.
    static let scenarios: [String: @Sendable (ServerHarness) async throws -> Outcome] = [
        "malformed": { harness in
            let client = try await joined(harness, as: "ada")
            try await client.send(
                #"{"id":"m-bad","payload":{"choice":"B","questionId":"q1","requestId":"r1"},"seq":3,"type":"answer","version":1}"#)
            return Outcome(client: client, answered: "m-bad")
        },
        "unsupportedVersion": { harness in
            let client = try await joined(harness, as: "ada")
            try await client.send(#"{"id":"v-2","payload":{},"seq":2,"type":"ping","version":2}"#)
            return Outcome(client: client, answered: "v-2")
        },
        "notJoined": { harness in
            let client = try await open(harness)
            try await client.send(
                #"{"id":"n-1","payload":{"choice":0,"questionId":"q1","requestId":"r"},"seq":1,"type":"answer","version":1}"#)
            return Outcome(client: client, answered: "n-1")
        },
        "alreadyJoined": { harness in
            let client = try await joined(harness, as: "ada")
            try await client.send(join("ada", id: "j-again"))
            return Outcome(client: client, answered: "j-again")
        },
        "requestIdReused": { harness in
            let client = try await joined(harness, as: "ada")
            harness.advance(to: 10)
            _ = try await client.next("question")
            try await client.send(
                #"{"id":"a-1","payload":{"choice":1,"questionId":"q1","requestId":"r1"},"seq":2,"type":"answer","version":1}"#)
            _ = try await client.next("answerAck")
            try await client.send(
                #"{"id":"a-2","payload":{"choice":2,"questionId":"q1","requestId":"r1"},"seq":3,"type":"answer","version":1}"#)
            return Outcome(client: client, answered: "a-2")
        },
        "unauthorized": { harness in
            let client = try await open(harness)
            try await client.send(join("ada", id: "j-bad", token: "wrong"))
            return Outcome(client: client, answered: "j-bad")
        },
        "unknownCompetition": { harness in
            let client = try await open(harness)
            try await client.send(join("grace", id: "j-other", competition: "other-cup"))
            return Outcome(client: client, answered: "j-other")
        },
        "replaced": { harness in
            let first = try await joined(harness, as: "ada")
            _ = try await joined(harness, as: "ada")
            return Outcome(client: first, answered: nil)
        },
        "tooManyErrors": { harness in
            let client = try await joined(harness, as: "ada")
            for index in 1...10 { try await client.send("{broken \(index)") }
            return Outcome(client: client, answered: nil)
        },
        "competitionReset": { harness in
            let client = try await open(harness)
            try await client.send(join("grace", id: "j-reset", resumeFrom: 99))
            return Outcome(client: client, answered: "j-reset")
        },
        "rateLimited": { harness in
            let client = try await joined(harness, as: "linus")
            // The bucket never refills on the manual clock: the burst, then one over it.
            for index in 0...limits.messageBurst { try await client.send(ping("burst-\(index)")) }
            return Outcome(client: client, answered: nil)
        },
        "idleTimeout": { harness in
            // Pings every 3 s and no join: the join timeout still applies.
            let client = try await open(harness)
            #expect(await eventually { harness.server.connectionCount == 1 }, "the server registered it before the clock moves")
            for second in stride(from: 3, through: 12, by: 3) {
                try await client.send(ping("keepalive-\(second)"))
                _ = try await client.next("pong")
                harness.advance(by: 3)
            }
            return Outcome(client: client, answered: nil)
        },
        "shuttingDown": { harness in
            let client = try await joined(harness, as: "edsger")
            return Outcome(client: client, answered: nil, stopping: Task { try await harness.stop() })
        },
        "tooManyAttempts": { harness in
            // Wrong tokens from this address until the throttle refuses, then a right one.
            for guess in 0..<unslowedThrottle.refuseAfter {
                let guessing = try await open(harness)
                try await guessing.send(join("ada", id: "guess-\(guess)", token: "wrong-\(guess)"))
                _ = await guessing.closed()
            }
            let client = try await open(harness)
            try await client.send(join("ada", id: "j-throttled"))
            return Outcome(client: client, answered: "j-throttled")
        },
        // The close-code table's reasons that are no `error` code.
        "messageTooLarge": { harness in
            let client = try await joined(harness, as: "barbara")
            try await client.send(String(repeating: "x", count: limits.maxMessageBytes + 1))
            return Outcome(client: client, answered: nil)
        },
        // The close of `rateLimited` comes after the drops it allows.
        "rateLimited close": { harness in
            let client = try await joined(harness, as: "linus")
            for index in 0..<(limits.messageBurst + limits.maxRateViolations) { try await client.send(ping("flood-\(index)")) }
            return Outcome(client: client, answered: nil)
        },
    ]

    static func run(_ scenario: String) async throws -> (ServerHarness, Outcome) {
        guard let run = scenarios[scenario] else { throw WireError("no scenario for \(scenario)") }
        let harness = try await ServerHarness.start(limits: limits)
        return (harness, try await run(harness))
    }

    // MARK: The tables

    @Test("every row of the error table: the server sends that code, with the row's ref, and keeps or closes the socket as it says")
    func errorTable() async throws {
        let rows = try Self.errorRows()
        #expect(rows.count >= 13)
        for row in rows {
            let (harness, outcome) = try await Self.run(row.code)
            let client = outcome.client
            var error: WireClient.Received?
            while error == nil {
                let message = try await client.next()
                if message.errorCode == row.code { error = message }
            }
            let received = try #require(error)
            let expectedRef: String? = row.refIsNull ? nil : outcome.answered
            #expect(received.ref == .some(expectedRef), "\(row.code): \(received)")
            #expect(received.object?["seq"] as? Int == 0, "\(row.code): a connection message")
            if let closes = row.closes {
                let close = await client.closed()
                #expect(close?.code == closes, "\(row.code): closed with \(String(describing: close))")
                #expect(close?.reason == row.code, "\(row.code): the close's reason")
            } else {
                // Stays open: the next message is read as usual (once the rate limit's bucket refilled).
                if row.code == "rateLimited" { harness.advance(by: 2) }
                try await client.send(Self.ping("alive"))
                var pong = try await client.next("pong")
                while pong.payload?["nonce"] as? String != "alive" { pong = try await client.next("pong") }
                #expect(!client.isClosed, "\(row.code): the connection stays open")
            }
            await client.close()
            if let stopping = outcome.stopping { try await stopping.value } else { try await harness.stop() }
        }
    }

    @Test("every row of the close-code table: that code and reason, after exactly the errors the row names")
    func closeTable() async throws {
        let rows = try Self.closeRows()
        #expect(rows.map(\.code) == [1001, 1009, 4400, 4401, 4404, 4408, 4409, 4410, 4429, 4429])
        for row in rows {
            let scenario = row.reason == "rateLimited" ? "rateLimited close" : row.reason.isEmpty ? "messageTooLarge" : row.reason
            let (harness, outcome) = try await Self.run(scenario)
            let client = outcome.client
            let close = await client.closed()
            #expect(close?.code == row.code && (close?.reason ?? "") == row.reason, "\(row.code): \(String(describing: close))")
            let errors = client.received.compactMap(\.errorCode)
            #expect(Array(errors.suffix(row.precededBy.count)) == row.precededBy, "\(row.code): \(errors)")
            if row.precededBy.isEmpty {
                #expect(client.received.allSatisfy { $0.type == "welcome" }, "\(row.code): nothing but the welcome: \(client.received)")
            } else if let last = row.precededBy.last {
                #expect(client.received.last?.errorCode == last, "\(row.code): the close comes right after")
            }
            await client.close()
            if let stopping = outcome.stopping { try await stopping.value } else { try await harness.stop() }
        }
    }

    @Test("the tables name every error code and close code the server has, and no other")
    func tablesAreComplete() throws {
        #expect(Set(try Self.errorRows().map(\.code)) == Set(TriviaErrorCode.all.map(\.rawValue)))
        #expect(Set(try Self.closeRows().map(\.code)) == Set(TriviaCloseCode.all.map(\.code)))
        for close in TriviaCloseCode.all {
            #expect(try Self.closeRows().contains { $0.code == close.code && $0.reason == close.reason }, "\(close)")
        }
        #expect(Set(Self.scenarios.keys).subtracting(["messageTooLarge", "rateLimited close"]) == Set(try Self.errorRows().map(\.code)))
    }
}
