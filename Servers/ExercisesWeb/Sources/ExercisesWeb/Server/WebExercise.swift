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
}
