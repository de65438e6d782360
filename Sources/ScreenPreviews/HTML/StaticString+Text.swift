extension StaticString {
    /// Whether both literals spell the same UTF-8 text (two equal literals need not share their
    /// storage); compared without making `String`s, as the markup builder does per attribute.
    func hasSameText(as other: StaticString) -> Bool {
        withUTF8Buffer { bytes in other.withUTF8Buffer { otherBytes in bytes.elementsEqual(otherBytes) } }
    }

    /// Feeds the literal's UTF-8 text to `hasher`: equal text hashes alike wherever it is stored.
    func hashText(into hasher: inout Hasher) {
        withUTF8Buffer { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
    }
}
