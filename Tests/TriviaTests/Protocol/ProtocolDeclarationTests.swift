import Foundation
import Testing

@testable import Trivia

/// Each message is declared once (``TriviaProtocolDeclaration``); the document's field tables,
/// the codec's reader and its writer are held to that declaration.
@Suite("Each message declared once: the document, the reader and the writer against TriviaProtocolDeclaration")
struct ProtocolDeclarationTests {
    typealias Declaration = TriviaProtocolDeclaration

    let codec = TriviaCodec()
    let reference = TriviaReferenceCodec()

    /// A payload's fields with their JSON values, nested objects built from their own fields.
    struct Member {
        let field: Declaration.Field
        /// The path a reader names (`payload.competition.id`).
        let path: String
    }

    /// The declaration's rows as the document writes them: `competition.id`, `winners[].user`.
    static func documentedRows(_ fields: [Declaration.Field], prefix: String = "") -> [String] {
        fields.flatMap { field -> [String] in
            let row = "| `\(prefix)\(field.name)` | \(field.type.documented)\(field.nullable ? " or `null`" : "") |"
            switch field.type {
            case .object(let name): return [row] + documentedRows(Declaration.objects[name] ?? [], prefix: prefix + field.name + ".")
            case .objects(let name): return [row] + documentedRows(Declaration.objects[name] ?? [], prefix: prefix + field.name + "[].")
            default: return [row]
            }
        }
    }

    /// The rows of the `| Field | Type |` table under `### \`type\``.
    static func documentTable(for type: String) throws -> [String] {
        let lines = try ProtocolDocTests.document().components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex(of: "### `\(type)`"), "no heading for \(type)")
        var rows: [String] = []
        var inTable = false
        for line in lines[(heading + 1)...] {
            if line.hasPrefix("#") { break }
            if line == "| Field | Type |" {
                inTable = true
                continue
            }
            guard inTable else { continue }
            guard line.hasPrefix("|") else { break }
            if line != "|---|---|" { rows.append(line) }
        }
        return rows
    }

    /// The payload as JSON text: the declared fields' examples, keys in the declared (sorted)
    /// order; `override` replaces (or, with `nil`, removes) the value at a top-level field.
    static func payloadText(_ fields: [Declaration.Field], override: (name: String, value: String?)? = nil) -> String {
        var members: [String] = []
        for field in fields {
            let value: String?
            if let override, override.name == field.name {
                value = override.value
            } else {
                value = exampleValue(field)
            }
            if let value { members.append("\"\(field.name)\":\(value)") }
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    static func exampleValue(_ field: Declaration.Field) -> String {
        switch field.type {
        case .object(let name): payloadText(Declaration.objects[name] ?? [])
        case .objects(let name): "[" + payloadText(Declaration.objects[name] ?? []) + "]"
        default: field.example
        }
    }

    /// A JSON value of another type than `type`.
    static func wrongValue(for type: Declaration.FieldType) -> String {
        switch type {
        case .string, .id, .instant, .oneOf: "7"
        case .integer: #""7""#
        case .boolean: "1"
        case .strings, .integers, .objects: "{}"
        case .object: "[]"
        }
    }

    static func frame(type: String, payload: String) -> Data {
        Data(#"{"id":"d-1","payload":\#(payload),"seq":1,"type":"\#(type)","version":1}"#.utf8)
    }

    /// Decodes `frame` as the message set `isClient` says, and encodes the message again.
    func roundTrip(_ frame: Data, isClient: Bool) throws(TriviaProtocolError) -> String {
        if isClient {
            guard let envelope = try codec.decodeClientMessage(frame).envelope else { return "ignored" }
            return String(decoding: codec.encode(envelope), as: UTF8.self)
        }
        guard let envelope = try codec.decodeServerMessage(frame).envelope else { return "ignored" }
        return String(decoding: codec.encode(envelope), as: UTF8.self)
    }

    static var all: [(payload: Declaration.Payload, isClient: Bool)] {
        Declaration.client.map { ($0, true) } + Declaration.server.map { ($0, false) }
    }

    @Test("the declared message types are the ones each side reads, in the document's order")
    func types() {
        #expect(Declaration.client.map(\.type) == ClientMessage.knownTypes)
        #expect(Declaration.server.map(\.type) == ServerMessage.knownTypes)
    }

    @Test("every message's field table in the document is its declaration, row by row")
    func documentTables() throws {
        for (payload, _) in Self.all {
            #expect(try Self.documentTable(for: payload.type) == Self.documentedRows(payload.fields), "### `\(payload.type)`")
        }
    }

    @Test("fields are declared in the order the writer writes them (sorted)")
    func sortedFields() {
        for (payload, _) in Self.all {
            #expect(payload.fields.map(\.name) == payload.fields.map(\.name).sorted(), "\(payload.type)")
        }
        for (name, fields) in Declaration.objects {
            #expect(fields.map(\.name) == fields.map(\.name).sorted(), "\(name)")
        }
    }

    @Test("a payload built from the declaration is read and written back byte for byte, by both codecs")
    func declaredPayloadsRoundTrip() throws {
        for (payload, isClient) in Self.all {
            let frame = Self.frame(type: payload.type, payload: Self.payloadText(payload.fields))
            let text = String(decoding: frame, as: UTF8.self)
            #expect(try roundTrip(frame, isClient: isClient) == text, "\(payload.type)")
            let again: Data? =
                isClient
                ? try reference.decodeClientMessage(frame).envelope.map { try reference.encode($0) }
                : try reference.decodeServerMessage(frame).envelope.map { try reference.encode($0) }
            #expect(again.map { String(decoding: $0, as: UTF8.self) } == text, "\(payload.type), reference codec")
        }
    }

    @Test("a nullable field is written as null, and read as null when it is missing")
    func nullableFields() throws {
        for (payload, isClient) in Self.all {
            for field in payload.fields where field.nullable {
                let null = Self.frame(type: payload.type, payload: Self.payloadText(payload.fields, override: (field.name, "null")))
                let missing = Self.frame(type: payload.type, payload: Self.payloadText(payload.fields, override: (field.name, nil)))
                let nullText = String(decoding: null, as: UTF8.self)
                #expect(try roundTrip(null, isClient: isClient) == nullText, "\(payload.type).\(field.name) null")
                #expect(try roundTrip(missing, isClient: isClient) == nullText, "\(payload.type).\(field.name) missing")
            }
        }
        for (name, fields) in Declaration.objects {
            for field in fields where field.nullable {
                // Only `you.balance` today: checked inside a `finish`.
                #expect(name == "you" && field.name == "balance")
                let you = Self.payloadText(fields, override: (field.name, "null"))
                let finish = try #require(Declaration.server.first { $0.type == "finish" })
                let frame = Self.frame(type: "finish", payload: Self.payloadText(finish.fields, override: ("you", you)))
                #expect(try roundTrip(frame, isClient: false) == String(decoding: frame, as: UTF8.self))
            }
        }
    }

    @Test("a required field that is missing, or any field of another type, is malformed naming its path")
    func requiredAndTypedFields() {
        for (payload, isClient) in Self.all {
            for field in payload.fields {
                let path = "payload.\(field.name)"
                if !field.nullable {
                    let missing = Self.frame(type: payload.type, payload: Self.payloadText(payload.fields, override: (field.name, nil)))
                    let error = #expect(throws: TriviaProtocolError.self, "\(path) missing") {
                        _ = try roundTrip(missing, isClient: isClient)
                    }
                    #expect(error?.code == .malformed && error?.message.hasPrefix("\(path): missing") == true, "\(error?.message ?? "")")
                }
                let wrong = Self.frame(
                    type: payload.type, payload: Self.payloadText(payload.fields, override: (field.name, Self.wrongValue(for: field.type))))
                let error = #expect(throws: TriviaProtocolError.self, "\(path) of another type") {
                    _ = try roundTrip(wrong, isClient: isClient)
                }
                #expect(error?.code == .malformed && error?.message.hasPrefix(path) == true, "\(path): \(error?.message ?? "")")
            }
        }
    }

    @Test("a one-of field refuses any other string")
    func oneOfFields() {
        for (payload, isClient) in Self.all {
            for field in payload.fields {
                guard case .oneOf = field.type else { continue }
                let frame = Self.frame(type: payload.type, payload: Self.payloadText(payload.fields, override: (field.name, #""other""#)))
                let error = #expect(throws: TriviaProtocolError.self, "\(payload.type).\(field.name)") {
                    _ = try roundTrip(frame, isClient: isClient)
                }
                #expect(error?.message.hasPrefix("payload.\(field.name)") == true, "\(error?.message ?? "")")
            }
        }
    }

    @Test("every result example is possible: playersRemaining is answerCounts[correctChoice]")
    func resultExamplesArePossible() throws {
        let results = try ProtocolDocTests.examples().filter { $0.tag == "server" }.compactMap { example -> ResultPayload? in
            guard case .result(let result) = try codec.decodeServerMessage(example.data).envelope?.message else { return nil }
            return result
        }
        #expect(results.count == 3)
        for result in results {
            #expect(result.answerCounts[result.correctChoice] == result.playersRemaining, "\(result.questionId)")
        }
    }

    @Test("the integer rule's quoted error is what the codec says for the answer example with a fraction")
    func integerRuleExample() throws {
        let example = try #require(try ProtocolDocTests.examples().first { $0.tag == "client" && $0.json.contains(#""type":"answer""#) })
        let fraction = Data(example.json.replacingOccurrences(of: #""choice":1,"#, with: #""choice":1.0,"#).utf8)
        let error = #expect(throws: TriviaProtocolError.self) { try codec.decodeClientMessage(fraction) }
        let message = try #require(error?.message)
        #expect(try ProtocolDocTests.document().replacingOccurrences(of: "\n", with: " ").contains("`\(message)`"), "\(message)")
    }
}
