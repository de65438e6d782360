import Foundation

/// The files that ship with the module: the nine Hoo set archives and the exercise's artwork.
///
/// Exposed so that the app, the command line and the HTML previews all start from the same
/// embedded defaults, and tests never reach outside the package.
public enum HooSetsResources {
    /// The bundled `HooSets` directory holding `01.zip` … `09.zip`, as the exercise's
    /// downloader leaves it in the app bundle.
    public static func setsDirectory() throws(HooSetsError) -> URL {
        guard let url = Bundle.module.url(forResource: "HooSets", withExtension: nil) else {
            throw .missingDirectory(path: "HooSets (bundle resource)")
        }
        return url
    }

    /// The bundled `Artwork` directory (`selection_disc.png`, `selection_disc@2x.png`, …).
    public static func artworkDirectory() throws(HooSetsError) -> URL {
        guard let url = Bundle.module.url(forResource: "Artwork", withExtension: nil) else {
            throw .missingDirectory(path: "Artwork (bundle resource)")
        }
        return url
    }

    /// Every scale of one piece of artwork.
    public static func artwork(_ artwork: HooArtwork) throws(HooSetsError) -> ImageVariants {
        ImageVariants.scan(try artworkDirectory(), baseName: artwork.rawValue)
    }
}

/// The exercise's artwork, by asset-catalog name.
public enum HooArtwork: String, Sendable, Hashable, Codable, CaseIterable {
    /// The disc drawn behind the selected Hoo (70 pt).
    case selectionDisc = "selection_disc"
    /// A 4 × 4 block of cell frames (316 pt).
    case cellGrid = "cell_grid"
    /// One row of four cell frames (316 × 79 pt).
    case cellRow = "cell_row"
    /// One cell frame (79 pt).
    case cellSingle = "cell_single"
    /// The 10 % white surround of the grid, stretched (320 × 480 pt).
    case border
    /// The same surround as a 2 pt tile.
    case borderPattern = "border_pattern"
    /// The exercise's settings button (the grid screen's only control).
    case settingsButton = "settings_button"
}
