// The Hoo set reader through `HooSetsSource` on a directory: the input is split at `#HOO#`
// into `01/hoo_set.json` and up to four `01/NN/hoo.json` files. Never crashes; either a set
// with at least one Hoo and one-line diagnostics, or a one-line error.
import Foundation
import HooSets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let parts = fuzzData(bytes, size).parts(separatedBy: "#HOO#", maxParts: 5)
    let root = FuzzScratch.fresh("hoo")
    let set = root.appendingPathComponent("01", isDirectory: true)
    do {
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try parts[0].write(to: set.appendingPathComponent("hoo_set.json"))
        for (index, part) in parts.dropFirst().enumerated() {
            let hoo = set.appendingPathComponent(String(format: "%02d", index + 1), isDirectory: true)
            try FileManager.default.createDirectory(at: hoo, withIntermediateDirectories: true)
            try part.write(to: hoo.appendingPathComponent("hoo.json"))
        }
    } catch {
        fatalError("cannot write the fuzz input under \(root.path): \(error)")
    }
    let source = HooSetsSource(directory: root, cacheDirectory: root.appendingPathComponent("cache", isDirectory: true))
    do {
        let loaded = try source.loadSynchronously()
        require(loaded.value.sets.count == 1, "one set directory gave \(loaded.value.sets.count) sets")
        for set in loaded.value.sets {
            require(!set.hoos.isEmpty && set.hoos.count <= parts.count - 1, "\(set.hoos.count) Hoos from \(parts.count - 1) files")
            require(set.hoos.allSatisfy { !$0.title.isEmpty }, "a Hoo without a title")
        }
        for diagnostic in loaded.diagnostics {
            require(isOneLine(diagnostic.description), "multi-line diagnostic \(diagnostic.description.debugDescription)")
        }
    } catch {
        require(isOneLine(error.description), "multi-line error \(error.description.debugDescription)")
    }
    return 0
}
