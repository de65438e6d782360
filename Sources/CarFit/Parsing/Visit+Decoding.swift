import Foundation
import SharedNetworking

/// Decoding a visit from the API, deciding per field what is essential.
///
/// Essential (the visit is dropped without it): `visitId` and a valid `startTimeUtc`, because a
/// card without an identity or a time cannot be placed in the list. Everything else is
/// optional and degrades visibly: no name shows a placeholder, an unknown state a neutral badge,
/// bad coordinates no distance, a malformed `expectedTime` no window. Each repair is reported.
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
        guard let id = container.decodeTrimmedString(forKey: .visitId) else {
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

        let state: VisitState
        if let text = container.decodeTrimmedString(forKey: .visitState) {
            state = VisitState(rawValue: text)
            if !state.isKnown {
                decoder.report(.note, "unknown state \"\(text)\"; shown in a neutral colour", at: [CodingKeys.visitState])
            }
        } else {
            state = .unknown("")
            decoder.report(.repaired, "no visit state; shown as unknown", at: [CodingKeys.visitState])
        }

        var window: ExpectedTimeWindow?
        if let text = container.decodeTrimmedString(forKey: .expectedTime) {
            window = ExpectedTimeWindow(parsing: text)
            if window == nil {
                decoder.report(
                    .repaired, "expected time \"\(text.prefix(40))\" is not HH:MM/HH:MM; left out", at: [CodingKeys.expectedTime])
            }
        }

        let owner = HouseOwner(
            firstName: container.decodeTrimmedString(forKey: .houseOwnerFirstName),
            lastName: container.decodeTrimmedString(forKey: .houseOwnerLastName),
            mobilePhone: container.decodeTrimmedString(forKey: .houseOwnerMobilePhone),
            address: PostalAddress(
                street: container.decodeTrimmedString(forKey: .houseOwnerAddress),
                zip: container.decodeTrimmedString(forKey: .houseOwnerZip),
                city: container.decodeTrimmedString(forKey: .houseOwnerCity)
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

    /// The owner's position, or `nil` (reported) when it is missing or not a real place.
    private static func decodeCoordinate(_ container: KeyedDecodingContainer<CodingKeys>, decoder: any Decoder) -> GeoCoordinate? {
        let latitude = container.decodeLenientDouble(forKey: .houseOwnerLatitude)
        let longitude = container.decodeLenientDouble(forKey: .houseOwnerLongitude)
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
        let title = container.decodeTrimmedString(forKey: .title)
        if title == nil {
            decoder.report(.repaired, "task without a title; left out of the task list", at: [CodingKeys.title])
        }
        var minutes: Int?
        if let value = container.decodeLenientDouble(forKey: .timesInMinutes) {
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
        self.init(id: container.decodeTrimmedString(forKey: .taskId), title: title ?? "", minutes: minutes)
    }

    /// A task longer than a day is a data error, not a long wash.
    static let maximumMinutes = 24 * 60

    /// A number for a diagnostic, the same on every device (`-10`, `25.5`).
    private static func describe(_ value: Double) -> String {
        value.formatted(.number.locale(Locale(identifier: "en_US_POSIX")).grouping(.never))
    }
}

extension KeyedDecodingContainer {
    /// A finite number given as a JSON number or a numeric string; `nil` otherwise.
    func decodeLenientDouble(forKey key: Key) -> Double? {
        if let number = try? decodeIfPresent(Double.self, forKey: key) {
            return number.isFinite ? number : nil
        }
        if let text = try? decodeIfPresent(String.self, forKey: key),
            let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite
        {
            return number
        }
        return nil
    }
}
