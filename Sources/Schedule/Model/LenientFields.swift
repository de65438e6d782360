import Foundation
import SharedNetworking

/// The feed's ways of spelling numbers-as-text, decoded once here.
extension KeyedDecodingContainer {
    /// An identifier sent as a number (`2020091306`) or a string (`"2021011600"`); `0`, `""`
    /// and missing mean "no identifier" (bye rows carry `Id: 0`).
    func decodeIdentifier(forKey key: Key) -> String? {
        if let number = try? decodeIfPresent(Int64.self, forKey: key) {
            return number == 0 ? nil : String(number)
        }
        guard let text = decodeTrimmedString(forKey: key), text != "0" else { return nil }
        return text
    }

    /// A score sent as `"43"` or `43`. Empty or missing is `nil` silently (a game not played
    /// yet); anything else that is not a whole number ≥ 0 is `nil` and reported, so one bad score
    /// costs that number, not the row.
    func decodeScore(forKey key: Key, decoder: any Decoder) -> Int? {
        guard contains(key), (try? decodeNil(forKey: key)) == false else { return nil }
        if let number = try? decode(Int.self, forKey: key), number >= 0 {
            return number
        }
        if let text = try? decode(String.self, forKey: key) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return nil }
            if trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(trimmed) { return value }
            decoder.report(.repaired, "\"\(trimmed.prefix(20))\" is not a score; shown as \(ScheduleText.unknownValue)", at: [key])
            return nil
        }
        decoder.report(.repaired, "a score must be a whole number; shown as \(ScheduleText.unknownValue)", at: [key])
        return nil
    }

    /// A boolean sent as `true` or `"false"`; `nil` when missing or unreadable.
    func decodeFlag(forKey key: Key) -> Bool? {
        (try? decodeIfPresent(LenientBool.self, forKey: key))??.value
    }
}
