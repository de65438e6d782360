import CarFit
import SharedNetworking
import TestSupport

/// The package's one scripted feed loader as this module's seam.
extension ScriptedFeedLoader: CarFitFeedLoading where Feed == [Visit] {}

/// The CarFit tests' name for it: a script of visit batches.
typealias ScriptedVisitsSource = ScriptedFeedLoader<[Visit]>

extension ScriptedFeedLoader where Feed == [Visit] {
    /// A source whose every load returns `visits`.
    convenience init(visits: [Visit]) {
        self.init(VisitBatch(visits: visits, source: "visits.json"))
    }
}

extension NetworkError {
    /// The CarFit server's refusal, as the scripted source names it.
    static func refusal(_ message: String, code: Int? = nil) -> NetworkError {
        .refused(source: "visits.json", message: message, code: code.map(String.init))
    }
}
