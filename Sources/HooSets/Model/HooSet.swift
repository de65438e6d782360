import Foundation
import ScreenKit
import SharedNetworking

/// Identifies one Hoo: the numbers of its set and of its own directory (`01/03` is set 1,
/// Hoo 3).
public struct HooID: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The set's number: the `NN` of `NN.zip` or `NN/`.
    public var set: Int
    /// The Hoo's number within its set: its directory's.
    public var hoo: Int

    /// The Hoo `hoo` of set `set`.
    public init(set: Int, hoo: Int) {
        self.set = set
        self.hoo = hoo
    }

    /// Parses `1/3`, `01/03` or `1.3`.
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == "." }).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let set = parts[0], let hoo = parts[1] else { return nil }
        self.init(set: set, hoo: hoo)
    }

    /// Set first, then Hoo: the grid's order.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.set, lhs.hoo) < (rhs.set, rhs.hoo)
    }

    /// `01/03`, like the directories.
    public var description: String { String(format: "%02d/%02d", set, hoo) }
}

/// One Hoo: an image, a title and a line of the set's poem.
public struct Hoo: Sendable, Hashable, Codable, Identifiable {
    /// Which set and which Hoo.
    public var id: HooID
    /// The Hoo's title from `hoo.json`, shown on the selection disc.
    public var title: String
    /// Its line of the set's poem, shown under the title.
    public var poemLine: String
    /// `hoo.png`; `nil` when the file is missing (the grid draws a placeholder).
    public var imageURL: URL?

    /// A Hoo from its parts.
    public init(id: HooID, title: String, poemLine: String, imageURL: URL?) {
        self.id = id
        self.title = title
        self.poemLine = poemLine
        self.imageURL = imageURL
    }
}

/// One set: a colour, a header image and its Hoos in directory order.
public struct HooSet: Sendable, Hashable, Codable, Identifiable {
    /// The number of the set's directory (`01` → 1), which orders sets.
    public var id: Int
    /// The colour name as written in `hoo_set.json` (`Red`).
    public var colorName: String
    /// The colour the name stands for (``HooColorTable``); the disc and placeholders use it.
    public var color: RGBColor
    /// `Count` from `hoo_set.json`; may disagree with ``hoos`` (reported when it does).
    public var declaredCount: Int?
    /// `header.png` at the scales found.
    public var header: ImageVariants
    /// The Hoos that could be read, in number order.
    public var hoos: [Hoo]
    /// Where the set was read from.
    public var origin: HooSetOrigin

    /// A set from its parts; ``HooSetsSource`` reads the real ones.
    public init(id: Int, colorName: String, color: RGBColor, declaredCount: Int?, header: ImageVariants, hoos: [Hoo], origin: HooSetOrigin)
    {
        self.id = id
        self.colorName = colorName
        self.color = color
        self.declaredCount = declaredCount
        self.header = header
        self.hoos = hoos
        self.origin = origin
    }

    /// "Red Set", as the header artwork spells it; "Set 3" when the colour has no name.
    public var title: String {
        colorName.isEmpty || colorName.hasPrefix("#") ? "Set \(id)" : "\(colorName) Set"
    }
}

/// Where a set came from, and whether its archive was extracted on this load.
public struct HooSetOrigin: Sendable, Hashable, Codable {
    /// How the set's files were obtained on this load.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// An already unzipped `NN/` directory.
        case directory
        /// An `NN.zip` extracted into the cache on this load.
        case extracted
        /// An `NN.zip` whose extraction from an earlier launch was reused.
        case reused
        /// A changed `NN.zip` that could not be extracted; the earlier extraction is shown.
        case stale
    }

    /// How the set's files were obtained.
    public var kind: Kind
    /// `01.zip` or `01`.
    public var name: String
    /// The directory the set's files are read from.
    public var directory: URL

    /// An origin from its parts.
    public init(kind: Kind, name: String, directory: URL) {
        self.kind = kind
        self.name = name
        self.directory = directory
    }
}
