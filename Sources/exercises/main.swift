// The composition root of the `exercises` command: the only place that reads the process's
// locale (LC_ALL / LC_TIME / LC_MESSAGES / LANG), time zone, clock, directories and terminal
// width, through `SystemDefaults.process()`, the same reading `exercises-web` makes. Everything
// below receives them.
import ExercisesCLI
import Foundation

let status = await CommandLineRunner.run(Array(CommandLine.arguments.dropFirst()), defaults: .process(), io: StandardIO())
exit(status)
