import Foundation
import Testing

@testable import ExercisesCLI

/// The command's default cache folder follows the platform's convention; both conventions are
/// checked here whatever platform runs the tests.
@Suite("Default cache folder")
struct UserCacheDirectoryTests {
    let home = URL(fileURLWithPath: "/Users/ada", isDirectory: true)

    @Test("Apple platforms: ~/Library/Caches, whatever XDG_CACHE_HOME says")
    func appleLibraryCaches() {
        let folder = UserCacheDirectory.resolve(.appleLibraryCaches, home: home, environment: ["XDG_CACHE_HOME": "/tmp/xdg"])
        #expect(folder.path == "/Users/ada/Library/Caches/mobile-exercises")
    }

    @Test("Linux: $XDG_CACHE_HOME when it is an absolute path")
    func xdgCacheHome() {
        let folder = UserCacheDirectory.resolve(.xdg, home: home, environment: ["XDG_CACHE_HOME": "/var/cache/ada"])
        #expect(folder.path == "/var/cache/ada/mobile-exercises")
    }

    @Test("Linux: ~/.cache when XDG_CACHE_HOME is unset, empty or relative", arguments: [nil, "", "relative/cache"])
    func xdgFallback(value: String?) {
        let environment = value.map { ["XDG_CACHE_HOME": $0] } ?? [:]
        let folder = UserCacheDirectory.resolve(.xdg, home: home, environment: environment)
        #expect(folder.path == "/Users/ada/.cache/mobile-exercises")
    }

    @Test("the platform the tests run on picks its own convention")
    func currentConvention() {
        #if canImport(Darwin)
            #expect(UserCacheDirectory.Convention.current == .appleLibraryCaches)
        #else
            #expect(UserCacheDirectory.Convention.current == .xdg)
        #endif
    }
}
