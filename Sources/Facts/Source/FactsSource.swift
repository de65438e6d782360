import Foundation
import SharedNetworking

/// The "About Canada" proficiency feed: where it lives and how its bytes are read.
public enum FactsSource {
    /// The exercise's original address (`exercises facts --url default`).
    public static let remoteURL: URL = {
        guard let url = URL(string: "https://dl.dropboxusercontent.com/s/2iodh4vg0eortkl/facts.json") else {
            preconditionFailure("a literal URL always parses")
        }
        return url
    }()

    /// The bundled copy: the exact bytes of the original, which are **not** UTF-8.
    /// Tests, previews and the command line use it as the embedded default.
    public static func bundled() throws(NetworkError) -> FeedSource {
        try FeedSource.resource("facts", withExtension: "json", in: .module)
    }

    /// How this feed's bytes become text.
    ///
    /// The original file was saved by a Mac editor in Mac OS Roman: its one non-ASCII byte,
    /// 0xC9 in the "Kittens..." row, is "…" there ("Kittens... …are illegal. Cats are fine."),
    /// while Windows-1252 or ISO 8859-1 would read it as "É" ("Éare illegal"). Bytes that are not
    /// UTF-8 are read in the encoding whose text is most natural (``/SharedNetworking/EightBitPlausibility``); one
    /// byte like this is a tie, and this feed prefers Mac OS Roman to break it. An unlabelled
    /// Windows-1252 feed with curly quotes or accented words still reads as Windows-1252, and a
    /// declared charset wins over both. Each repair is reported as a diagnostic. The size limit
    /// is every feed's (16 MiB), as `Docs/Exercises.md` says for `--file`.
    public static let decodingOptions = FeedDecodingOptions(fallbackEncoding: .macRoman)

}
