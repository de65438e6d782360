import Foundation
import SharedNetworking

/// Decoding a visit from the API, deciding per field what is essential.
///
/// Essential (the visit is dropped without it): `visitId` and a valid `startTimeUtc`, because a
/// card without an identity or a time cannot be placed in the list. Everything else is
/// optional and degrades visibly: no name shows a placeholder, an unknown state a neutral badge,
/// bad coordinates no distance, a malformed `expectedTime` no window. A number where text
/// belongs (`"houseOwnerZip": 2800`) is read as its text, and text where a number belongs
/// (`"houseOwnerLatitude": "55.7"`) is parsed. Each repair is reported, once.
extension Visit: Decodable {
    enum CodingKeys: String, CodingKey {
        case visitId, startTimeUtc, endTimeUtc, visitState, expectedTime, tasks
        case houseOwnerFirstName, houseOwnerLastName, houseOwnerMobilePhone
        case houseOwnerAddress, houseOwnerZip, houseOwnerCity
        case houseOwnerLatitude, houseOwnerLongitude
    }

    /// Decodes a visit of the API's `data` array, repairing what can be shown truthfully and
    /// reporting each repair; a visit without an id or a valid start throws (the lossy array drops it).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = container.decodeText(forKey: .visitId, decoder: decoder) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath + [CodingKeys.visitId], debugDescription: "a visit needs a non-empty visitId")
            )
        }
        let start = try container.decode(Date.self, forKey: .startTimeUtc)

        var end: Date?
        if container.contains(.endTimeUtc), try !container.decodeNil(forKey: .endTimeUtc) {
            do {
                end = try container.decode(Date.self, forKey: .endTimeUtc)
            } catch {
                decoder.report(.repaired, "end time left out: \(decoder.explain(error))", at: [CodingKeys.endTimeUtc])
            }
        }

        let state = Self.decodeState(container, decoder: decoder)

        var window: ExpectedTimeWindow?
        if let text = container.decodeText(forKey: .expectedTime, decoder: decoder) {
            window = ExpectedTimeWindow(parsing: text)
            if window == nil {
                decoder.report(
                    .repaired, "expected time \(FeedText.quoted(text)) is not HH:MM/HH:MM; left out", at: [CodingKeys.expectedTime])
            }
        }

        let owner = HouseOwner(
            firstName: container.decodeText(forKey: .houseOwnerFirstName, decoder: decoder),
            lastName: container.decodeText(forKey: .houseOwnerLastName, decoder: decoder),
            mobilePhone: container.decodeText(forKey: .houseOwnerMobilePhone, decoder: decoder),
            address: PostalAddress(
                street: container.decodeText(forKey: .houseOwnerAddress, decoder: decoder),
                zip: container.decodeText(forKey: .houseOwnerZip, decoder: decoder),
                city: container.decodeText(forKey: .houseOwnerCity, decoder: decoder)
            ),
            coordinate: Self.decodeCoordinate(container, decoder: decoder)
        )

        self.init(
            id: id,
            start: start,
            end: end,
            state: state,
            owner: owner,
            expectedWindow: window,
            tasks: try container.decodeLossyArray(VisitTask.self, forKey: .tasks, decoder: decoder)
        )
    }

    /// `visitState`: one of the four states, or the server's own text in a neutral badge. A
    /// number or a boolean (a server sending codes) is shown as its text and reported once.
    private static func decodeState(_ container: KeyedDecodingContainer<CodingKeys>, decoder: any Decoder) -> VisitState {
        let text: String
        switch container.decodeValue(forKey: .visitState, expecting: .string) {
        case .string(let sent) where FeedText.nonBlank(sent) != nil:
            text = FeedText.trimmed(sent)
        case .number(let number):
            decoder.report(
                .repaired, "expected a state name, found the number \(FeedText.excerpt(number.description)); shown as an unknown state",
                at: [CodingKeys.visitState])
            return .unknown(number.description)
        case .bool(let flag):
            decoder.report(.repaired, "expected a state name, found \(flag); shown as an unknown state", at: [CodingKeys.visitState])
            return .unknown(String(flag))
        case .object, .array:
            decoder.report(.repaired, "expected a state name, found an object or array; shown as unknown", at: [CodingKeys.visitState])
            return .unknown("")
        case nil, .null, .string:
            decoder.report(.repaired, "no visit state; shown as unknown", at: [CodingKeys.visitState])
            return .unknown("")
        }
        let state = VisitState(rawValue: text)
        if !state.isKnown {
            decoder.report(.note, "unknown state \(FeedText.quoted(text)); shown in a neutral colour", at: [CodingKeys.visitState])
        }
        return state
    }

    /// The owner's position, or `nil` (reported) when it is missing or not a real place.
    private static func decodeCoordinate(_ container: KeyedDecodingContainer<CodingKeys>, decoder: any Decoder) -> GeoCoordinate? {
        let latitude = container.decodeLenientDouble(forKey: .houseOwnerLatitude, decoder: decoder)
        let longitude = container.decodeLenientDouble(forKey: .houseOwnerLongitude, decoder: decoder)
        guard let latitude, let longitude else {
            decoder.report(.repaired, "no usable latitude/longitude; no distance is shown", at: [CodingKeys.houseOwnerLatitude])
            return nil
        }
        guard let coordinate = GeoCoordinate(latitude: latitude, longitude: longitude) else {
            decoder.report(
                .repaired, "latitude/longitude \(latitude), \(longitude) is not a real place; no distance is shown",
                at: [CodingKeys.houseOwnerLatitude])
            return nil
        }
        return coordinate
    }
}

extension VisitTask: Decodable {
    enum CodingKeys: String, CodingKey {
        case taskId, title, timesInMinutes
    }

    /// Decodes a task; a missing, negative or implausible `timesInMinutes` is `nil` and a fractional
    /// one rounded, each reported.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let title = container.decodeText(forKey: .title, decoder: decoder)
        if title == nil {
            decoder.report(.repaired, "task without a title; left out of the task list", at: [CodingKeys.title])
        }
        var minutes: Int?
        if let value = container.decodeLenientDouble(forKey: .timesInMinutes, decoder: decoder) {
            if value < 0 {
                decoder.report(.repaired, "negative time \(Self.describe(value)) min ignored", at: [CodingKeys.timesInMinutes])
            } else if value > Double(Self.maximumMinutes) {
                decoder.report(.repaired, "time \(Self.describe(value)) min is implausible; ignored", at: [CodingKeys.timesInMinutes])
            } else {
                minutes = Int(value.rounded())
                if Double(minutes ?? 0) != value {
                    decoder.report(.repaired, "fractional time \(Self.describe(value)) min rounded", at: [CodingKeys.timesInMinutes])
                }
            }
        } else {
            decoder.report(.repaired, "no usable time in minutes; not counted in the duration", at: [CodingKeys.timesInMinutes])
        }
        self.init(id: container.decodeText(forKey: .taskId, decoder: decoder), title: title ?? "", minutes: minutes)
    }

    /// A task longer than a day is a data error, not a long wash.
    static let maximumMinutes = 24 * 60

    /// A number for a diagnostic, the same on every device (`-10`, `25.5`).
    private static func describe(_ value: Double) -> String {
        value.formatted(.number.locale(Locale(identifier: "en_US_POSIX")).grouping(.never))
    }
}

extension KeyedDecodingContainer {
    /// A finite number given as a JSON number, or as text holding a decimal number (parsed, and
    /// reported as a repair); `nil` otherwise, for the caller to report what that means.
    func decodeLenientDouble(forKey key: Key, decoder: any Decoder) -> Double? {
        do {
            guard let number = try decodeIfPresent(Double.self, forKey: key) else { return nil }
            return number.isFinite ? number : nil
        } catch {
            guard let text = try? decode(String.self, forKey: key) else { return nil }
            let trimmed = FeedText.trimmedSpaces(text)
            guard Self.isDecimalNumber(trimmed), let number = Double(trimmed), number.isFinite else { return nil }
            decoder.report(.repaired, "expected a number, found the text \(FeedText.quoted(text)); read as \(trimmed)", at: [key])
            return number
        }
    }

    /// `-12.5`, `3`, `1e3`: what JSON would write; not `0x10`, `nan` or `1,5`.
    private static func isDecimalNumber(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E || $0 == 0x45 || $0 == 0x65 }
    }
}
