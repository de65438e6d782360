/// The five apps, as the index lists them and as their paths name them (`/schedule`, `/carfit`…).
public enum WebExercise: String, Sendable, Hashable, CaseIterable, Codable {
    case schedule, carfit, hoosets, facts, trivia

    /// The app's name on the index and in the page title.
    public var title: String {
        switch self {
        case .schedule: "Schedule"
        case .carfit: "CarFit"
        case .hoosets: "HooSets"
        case .facts: "Facts"
        case .trivia: "Trivia"
        }
    }

    /// One line under the name on the index.
    public var summary: String {
        switch self {
        case .schedule: "An NFL team's season: sticky section headers, logos, pull to refresh."
        case .carfit: "A car-wash worker's visits: a month calendar, one or several days, distances."
        case .hoosets: "Yahoo's Hoos: tap one, or scrub across the grid while a vertical drag scrolls."
        case .facts: "About Canada: self-sized rows, images only for the rows in view."
        case .trivia: "A live quiz: join the next competition, answer before the countdown ends."
        }
    }
}
