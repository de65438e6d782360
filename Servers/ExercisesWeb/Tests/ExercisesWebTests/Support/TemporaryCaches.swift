import TestSupport
import Testing

extension Trait where Self == TemporaryDirectoryTrait {
    /// Each test gets a caches directory of its own (`exercises-web-tests-<UUID>`: the bundled
    /// Hoo sets are unpacked there, 5 MB), removed with everything in it when the test ends.
    static var temporaryCaches: Self { .temporaryDirectory(prefix: "exercises-web-tests") }
}
