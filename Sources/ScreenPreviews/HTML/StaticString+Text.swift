extension StaticString {
    /// Whether both literals spell the same UTF-8 text (two equal literals need not share their
    /// storage); compared without making `String`s, as the markup builder does per attribute.
    func hasSameText(as other: StaticString) -> Bool {
        withUTF8Buffer { bytes in other.withUTF8Buffer { otherBytes in bytes.elementsEqual(otherBytes) } }
    }
}
