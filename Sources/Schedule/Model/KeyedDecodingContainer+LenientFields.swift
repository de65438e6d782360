import Foundation
import SharedNetworking

/// The feed's ways of spelling numbers-as-text, decoded once here.
extension KeyedDecodingContainer {
    /// An identifier sent as a number (`2020091306`) or a string (`"2021011600"`); `0`, `""`
    /// and missing mean "no identifier" (bye rows carry `Id: 0`).
    func decodeIdentifier(forKey key: Key) -> String? {
        switch decodeValue(forKey: key, expecting: .number) {
        case .number(let number):
            return number.integer == 0 ? nil : number.description
        case .string(let text):
            let trimmed = FeedText.trimmed(text)
            return trimmed.isEmpty || trimmed == "0" ? nil : trimmed
        default:
            return nil
        }
    }

    /// A score sent as `"43"` (what this feed sends) or `43`; anything else is `nil`, shown as
    /// "–", so one bad score costs that number, not the row.
    ///
    /// Before kick-off a score is legitimately empty, missing or `null`, and nothing is said.
    /// For a final game every score that cannot be shown is reported, quoting what was sent
    /// (cut with "…" after 20 characters): `null`, `""`, missing, `"n/a"`, `-3`, `3.5`, a number
    /// too large for a score.
    func decodeScore(forKey key: Key, isFinal: Bool, decoder: any Decoder) -> Int? {
        let name = key.stringValue
        let problem: String
        switch decodeValue(forKey: key, expecting: .string) {
        case nil:
            guard isFinal else { return nil }
            problem = "no \(name) for a final game"
        case .null:
            guard isFinal else { return nil }
            problem = "\(name) is null for a final game"
        case .string(let text):
            let trimmed = FeedText.trimmedSpaces(text)
            if trimmed.isEmpty {
                guard isFinal else { return nil }
                problem = "\(name) is empty (\"\") for a final game"
            } else if trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
                if let value = Int(trimmed) { return value }
                problem = "\(FeedText.quoted(trimmed, limit: 20)) is too large for a score"
            } else {
                problem = "\(FeedText.quoted(trimmed, limit: 20)) is not a score"
            }
        case .number(let number):
            if let value = number.integer, value >= 0 { return value }
            let shown = FeedText.excerpt(number.description, limit: 20)
            if !number.isWhole {
                problem = "\(shown) is not a whole number, so not a score"
            } else if number.value < 0 {
                problem = "\(shown) is negative, so not a score"
            } else {
                problem = "\(shown) is too large for a score"
            }
        case .some(let other):
            problem = "a score must be a whole number, found \(other.kindDescription)"
        }
        decoder.report(.repaired, "\(problem); shown as \(ScheduleWrittenText.unknownValue)", at: [key])
        return nil
    }
}
