import Foundation
import SharedNetworking

/// The numbered entries of a sets directory: `NN.zip` archives and `NN/` directories.
struct SetDirectoryScanner {
    struct Candidate: Equatable {
        enum Kind: Equatable { case archive, directory }
        var number: Int
        var name: String
        var url: URL
        var kind: Kind
    }

    /// Candidates ordered by number. When a number has both a directory and an archive, the
    /// directory (already unzipped) wins; other duplicates keep the first name in order.
    static func scan(_ directory: URL) throws(HooSetsError) -> (candidates: [Candidate], diagnostics: [Diagnostic]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .missingDirectory(path: directory.path)
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        } catch {
            throw .missingDirectory(path: directory.path)
        }
        var found: [Candidate] = []
        var diagnostics: [Diagnostic] = []
        for name in names where !name.hasPrefix(".") {
            let url = directory.appendingPathComponent(name)
            var childIsDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &childIsDirectory) else { continue }
            if childIsDirectory.boolValue, let number = number(name) {
                found.append(Candidate(number: number, name: name, url: url, kind: .directory))
            } else if !childIsDirectory.boolValue, name.lowercased().hasSuffix(".zip") {
                if let number = number(String(name.dropLast(4))) {
                    found.append(Candidate(number: number, name: name, url: url, kind: .archive))
                } else {
                    diagnostics.append(Diagnostic(.note, path: name, message: "not a numbered set (NN.zip); ignored"))
                }
            }
        }
        found.sort { ($0.number, $0.kind == .directory ? 0 : 1, $0.name) < ($1.number, $1.kind == .directory ? 0 : 1, $1.name) }
        var result: [Candidate] = []
        for candidate in found {
            if let kept = result.last, kept.number == candidate.number {
                let reason =
                    kept.kind == .directory && candidate.kind == .archive
                    ? "already unzipped as \(kept.name)/; that directory is used"
                    : "same set number as \(kept.name); ignored"
                diagnostics.append(Diagnostic(.note, path: candidate.name, message: reason))
                continue
            }
            result.append(candidate)
        }
        return (result, diagnostics)
    }

    /// `01` → 1; only ASCII digits (at most 9) name a set or a Hoo.
    static func number(_ name: String) -> Int? {
        guard !name.isEmpty, name.count <= 9, name.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(name)
    }

    /// Numbered subdirectories of `directory`, by number.
    static func numberedDirectories(in directory: URL) -> [(number: Int, name: String, url: URL)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var result: [(number: Int, name: String, url: URL)] = []
        for name in names {
            guard let number = number(name) else { continue }
            let url = directory.appendingPathComponent(name, isDirectory: true)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                result.append((number, name, url))
            }
        }
        return result.sorted { ($0.number, $0.name) < ($1.number, $1.name) }
    }
}
