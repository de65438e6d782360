import Foundation

/// An entry name made safe to join to a target directory: relative, no `..`, no control
/// characters, `/`-separated.
///
/// Backslashes are treated as separators (Windows tools write `dir\file`), so `..\x` is caught
/// as traversal and `C:\x` or `\\server\x` as absolute. `.` and empty components are dropped.
public struct ZipPath: Sendable, Hashable, CustomStringConvertible {
    /// The components, none empty, `.` or `..`.
    public let components: [String]

    /// Validates an entry's name; throws ``ZipError/unsafePath(entry:reason:)`` for an absolute
    /// path, a `..`, a control character or a name with no component left.
    public init(entryName name: String) throws(ZipError) {
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .unsafePath(entry: name, reason: .controlCharacter)
        }
        let normalized = name.replacingOccurrences(of: "\\", with: "/")
        if normalized.hasPrefix("/") {
            throw .unsafePath(entry: name, reason: .absolute)
        }
        let characters = Array(normalized)
        if characters.count >= 2, characters[1] == ":", characters[0].isASCII, characters[0].isLetter {
            throw .unsafePath(entry: name, reason: .absolute)
        }
        var components: [String] = []
        for component in normalized.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." { throw .unsafePath(entry: name, reason: .parentTraversal) }
            components.append(String(component))
        }
        guard !components.isEmpty else { throw .unsafePath(entry: name, reason: .empty) }
        self.components = components
    }

    /// `a/b/c`.
    public var description: String { components.joined(separator: "/") }

    /// The key two paths collide on in a case-insensitive, normalization-insensitive file
    /// system (APFS and HFS+ on a Mac, the default for iOS simulators' hosts).
    var collisionKey: String { Self.key(components) }

    static func key(_ components: [String]) -> String {
        components.joined(separator: "/").precomposedStringWithCanonicalMapping.lowercased()
    }
}
