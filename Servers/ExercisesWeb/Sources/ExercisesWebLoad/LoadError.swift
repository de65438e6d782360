/// Why a run could not be made or finished, in words that name what to change.
struct LoadError: Error, CustomStringConvertible, Equatable {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
