import CarFit
import Foundation

/// Builds visits for tests with only the fields a test cares about.
enum VisitFactory {
    static func visit(
        id: String = "visit-1",
        start: String = "2020-09-10T08:00:00Z",
        state: VisitState = .todo,
        firstName: String? = "Ada",
        lastName: String? = "Lovelace",
        street: String? = "Akademivej 15",
        zip: String? = "2800",
        city: String? = "Kgs. Lyngby",
        latitude: Double = 55.7788,
        longitude: Double = 12.5212,
        window: String? = nil,
        taskMinutes: [Int?] = [30]
    ) -> Visit {
        Visit(
            id: id,
            start: TestCalendars.instant(start),
            state: state,
            owner: HouseOwner(
                firstName: firstName,
                lastName: lastName,
                address: PostalAddress(street: street, zip: zip, city: city),
                coordinate: GeoCoordinate(latitude: latitude, longitude: longitude)
            ),
            expectedWindow: window.flatMap(ExpectedTimeWindow.init(parsing:)),
            tasks: taskMinutes.enumerated().map { VisitTask(title: "Task \($0.offset + 1)", minutes: $0.element) }
        )
    }
}
