import Foundation
import ScreenKit
import SharedNetworking

/// The 32 NFL teams by tricode, with their primary and secondary brand colours.
///
/// Source: each club's official brand colours as published for the 2020 season (the season of
/// the bundled feed), compiled by Team Color Codes (teamcolorcodes.com, "NFL Team Color Codes")
/// and checked against the clubs' style guides where public. Colours are sRGB hex values.
/// Identities that changed since (Washington became the Commanders in 2022, keeping burgundy
/// and gold) are listed under today's name; old tricodes resolve through ``aliases``.
public enum NFLTeams {
    /// Every team, ordered by tricode.
    public static let all: [NFLTeam] = [
        team("ARI", "Arizona Cardinals", 0x97233F, 0x000000),
        team("ATL", "Atlanta Falcons", 0xA71930, 0x000000),
        team("BAL", "Baltimore Ravens", 0x241773, 0x9E7C0C),
        team("BUF", "Buffalo Bills", 0x00338D, 0xC60C30),
        team("CAR", "Carolina Panthers", 0x0085CA, 0x101820),
        team("CHI", "Chicago Bears", 0x0B162A, 0xC83803),
        team("CIN", "Cincinnati Bengals", 0xFB4F14, 0x000000),
        team("CLE", "Cleveland Browns", 0x311D00, 0xFF3C00),
        team("DAL", "Dallas Cowboys", 0x003594, 0x869397),
        team("DEN", "Denver Broncos", 0xFB4F14, 0x002244),
        team("DET", "Detroit Lions", 0x0076B6, 0xB0B7BC),
        team("GB", "Green Bay Packers", 0x203731, 0xFFB612),
        team("HOU", "Houston Texans", 0x03202F, 0xA71930),
        team("IND", "Indianapolis Colts", 0x002C5F, 0xA2AAAD),
        team("JAX", "Jacksonville Jaguars", 0x006778, 0xD7A22A),
        team("KC", "Kansas City Chiefs", 0xE31837, 0xFFB81C),
        team("LAC", "Los Angeles Chargers", 0x0080C6, 0xFFC20E),
        team("LAR", "Los Angeles Rams", 0x003594, 0xFFA300),
        team("LV", "Las Vegas Raiders", 0x000000, 0xA5ACAF),
        team("MIA", "Miami Dolphins", 0x008E97, 0xFC4C02),
        team("MIN", "Minnesota Vikings", 0x4F2683, 0xFFC62F),
        team("NE", "New England Patriots", 0x002244, 0xC60C30),
        team("NO", "New Orleans Saints", 0xD3BC8D, 0x101820),
        team("NYG", "New York Giants", 0x0B2265, 0xA71930),
        team("NYJ", "New York Jets", 0x125740, 0x000000),
        team("PHI", "Philadelphia Eagles", 0x004C54, 0xA5ACAF),
        team("PIT", "Pittsburgh Steelers", 0xFFB612, 0x101820),
        team("SEA", "Seattle Seahawks", 0x002244, 0x69BE28),
        team("SF", "San Francisco 49ers", 0xAA0000, 0xB3995D),
        team("TB", "Tampa Bay Buccaneers", 0xD50A0A, 0x34302B),
        team("TEN", "Tennessee Titans", 0x0C2340, 0x4B92DB),
        team("WAS", "Washington Commanders", 0x5A1414, 0xFFB612),
    ]

    /// Tricodes other feeds use for the same clubs (relocations, alternative spellings).
    public static let aliases: [String: String] = [
        "ARZ": "ARI", "JAC": "JAX", "LA": "LAR", "STL": "LAR", "SD": "LAC", "OAK": "LV", "WSH": "WAS", "SFO": "SF",
        "GNB": "GB", "KAN": "KC", "NWE": "NE", "NOR": "NO", "TAM": "TB",
    ]

    /// What an unknown tricode gets: a neutral charcoal bar with a white title, so a schedule
    /// for a team this table does not know (another league, a typo) still looks deliberate.
    public static let neutral = NFLTeam(
        triCode: "",
        fullName: "",
        primary: RGBColor(red: 0x33, green: 0x33, blue: 0x33),
        secondary: .white
    )

    private static let byTriCode: [String: NFLTeam] = Dictionary(all.map { ($0.triCode, $0) }, uniquingKeysWith: { first, _ in first })

    /// The team for `triCode` (any case, surrounding spaces ignored, aliases resolved), or `nil`.
    public static func team(forTriCode triCode: String) -> NFLTeam? {
        let key = FeedText.trimmedSpaces(triCode).uppercased()
        return byTriCode[key] ?? aliases[key].flatMap { byTriCode[$0] }
    }

    private static func team(_ triCode: String, _ name: String, _ primary: UInt32, _ secondary: UInt32) -> NFLTeam {
        NFLTeam(triCode: triCode, fullName: name, primary: RGBColor(packed: primary), secondary: RGBColor(packed: secondary))
    }
}

extension RGBColor {
    /// `0xRRGGBB`, for tables written the way brand guides print colours.
    init(packed value: UInt32) {
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }
}
