#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Substring checks and counts for whole HTML pages.
///
/// Pages embed their images as base64 (hundreds of kilobytes to megabytes). Foundation's
/// `StringProtocol.contains(_:)` and `components(separatedBy:)` on Linux bridge the whole page
/// to `NSString` on every call, and the generic `_StringProcessing` searcher is unspecialized in
/// a debug build; either way each `#expect(html.contains(...))` cost tens of milliseconds, and a
/// page test made of dozens of them kept one of the machine's two pool threads busy for seconds,
/// starving unrelated tests. These overloads are chosen over the generic ones inside this module
/// and search the UTF-8 bytes with `memchr` and `memcmp` (byte equality is what an HTML check means anyway).
extension String {
    func contains(_ other: String) -> Bool {
        firstByteOffset(of: other, from: 0) != nil
    }

    /// How many times `other` occurs, not overlapping (what `components(separatedBy:).count - 1`
    /// counts).
    func occurrences(of other: String) -> Int {
        guard !other.isEmpty else { return 0 }
        var count = 0
        var start = 0
        while let found = firstByteOffset(of: other, from: start) {
            count += 1
            start = found + other.utf8.count
        }
        return count
    }

    /// The byte offset of the first `other` at or after byte `start`.
    private func firstByteOffset(of other: String, from start: Int) -> Int? {
        var haystack = self
        var needle = other
        return haystack.withUTF8 { h in
            needle.withUTF8 { n -> Int? in
                guard !n.isEmpty else { return start <= h.count ? start : nil }
                guard start < h.count, let base = h.baseAddress, let pattern = n.baseAddress else { return nil }
                let first = Int32(pattern.pointee)
                var offset = start
                while h.count - offset >= n.count {
                    guard let hit = memchr(base + offset, first, h.count - offset - n.count + 1) else { return nil }
                    let candidate = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + candidate, pattern, n.count) == 0 { return candidate }
                    offset = candidate + 1
                }
                return nil
            }
        }
    }
}
