// Extracts archives with ZIPFoundation and times each run in-process, for `bench`:
//
//   zipfoundation-runner OUTPUT ARCHIVE... [--warm-up W] [--runs N]
//
// Each run starts from an empty OUTPUT (not timed) and extracts every ARCHIVE into
// OUTPUT/<archive name>, checking CRCs (ZIPFoundation's default). Prints the duration of each
// timed run in nanoseconds, one per line. The output of the last run is left in place.
import Foundation
import ZIPFoundation

var arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, default value: Int, in arguments: inout [String]) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1]) else {
        return value
    }
    arguments.removeSubrange(index...index + 1)
    return number
}
let warmUp = option("--warm-up", default: 0, in: &arguments)
let runs = option("--runs", default: 1, in: &arguments)
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: zipfoundation-runner OUTPUT ARCHIVE... [--warm-up W] [--runs N]\n".utf8))
    exit(2)
}
let output = URL(fileURLWithPath: arguments[0], isDirectory: true)
let archives = arguments.dropFirst().map { URL(fileURLWithPath: $0) }
let fileManager = FileManager()
let clock = ContinuousClock()
do {
    for run in 0..<(warmUp + runs) {
        try? fileManager.removeItem(at: output)
        try fileManager.createDirectory(at: output, withIntermediateDirectories: true)
        let start = clock.now
        for archive in archives {
            let destination = output.appendingPathComponent(archive.deletingPathExtension().lastPathComponent, isDirectory: true)
            try fileManager.createDirectory(at: destination, withIntermediateDirectories: true)
            try fileManager.unzipItem(at: archive, to: destination)
        }
        let elapsed = clock.now - start
        if run >= warmUp {
            let (seconds, attoseconds) = elapsed.components
            print(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        }
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
