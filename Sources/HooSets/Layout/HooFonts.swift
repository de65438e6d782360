import ScreenKit
import SharedNetworking

/// The exercise's fonts: Yahoo bundled AG Book Pro Condensed in two faces and gave their
/// PostScript names as constants (`kAGBookProLightFontName`, `kAGBookProMediumFontName`). Every
/// text of the screen names one of them in its ``/ScreenKit/FontSpec``, with the system font at the same
/// weight as the fallback: the font files are not in this package (they are Yahoo's), so an app
/// that bundles them gets them, and everything else (SwiftUI without the files, the terminal,
/// the HTML previews) draws the system font.
public enum HooFonts {
    /// `AGBookPro-LightCnd`: the poem line under the disc.
    public static let lightName = "AGBookPro-LightCnd"
    /// `AGBookPro-MediumCnd`: titles (the Hoo's, the set's, a header without artwork).
    public static let mediumName = "AGBookPro-MediumCnd"

    /// The light face at `size`, falling back to the system font's light weight.
    public static func light(size: Double) -> FontSpec {
        FontSpec(size: size, weight: .light, postScriptName: lightName)
    }

    /// The medium face at `size`, falling back to the system font's medium weight.
    public static func medium(size: Double) -> FontSpec {
        FontSpec(size: size, weight: .medium, postScriptName: mediumName)
    }
}
