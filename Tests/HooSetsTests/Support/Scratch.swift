import Foundation

/// A fresh directory under the system temporary directory, removed by `remove()`.
struct Scratch {
    let url: URL

    init(_ label: String = "hoosets") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    func file(_ name: String, _ data: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    /// Every path under `root` (relative, directories with a trailing slash), symlinks not followed.
    static func tree(_ root: URL) -> Set<String> {
        var result: Set<String> = []
        func walk(_ directory: URL, _ prefix: String) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
            for name in names {
                let child = directory.appendingPathComponent(name)
                let attributes = try? FileManager.default.attributesOfItem(atPath: child.path)
                if (attributes?[.type] as? FileAttributeType) == .typeDirectory {
                    result.insert(prefix + name + "/")
                    walk(child, prefix + name + "/")
                } else {
                    result.insert(prefix + name)
                }
            }
        }
        walk(root, "")
        return result
    }

    var tree: Set<String> { Self.tree(url) }
}
