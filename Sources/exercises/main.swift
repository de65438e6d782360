// The composition root of the `exercises` command: the only place that reads the process's
// locale, time zone, clock, directories and terminal width. Everything below receives them.
import ExercisesCLI
import Foundation
import SharedNetworking

let environment = ProcessInfo.processInfo.environment
let home = URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
let defaults = SystemDefaults(
    locale: Locale.current.identifier.isEmpty || Locale.current.identifier == "en_US_POSIX" ? Locale(identifier: "en_US") : Locale.current,
    timeZone: TimeZone.current,
    clock: SystemClock(),
    cachesDirectory: UserCacheDirectory.resolve(.current, home: home, environment: environment),
    temporaryDirectory: FileManager.default.temporaryDirectory,
    terminalWidth: environment["COLUMNS"].flatMap(Int.init) ?? 80
)
let status = await CommandLineRunner.run(Array(CommandLine.arguments.dropFirst()), defaults: defaults, io: StandardIO())
exit(status)
