import Foundation

/// Great-circle distance on a sphere by the haversine formula.
///
/// The exercise asks for the distance between two visits "as the crow flies", not driving
/// distance. A sphere of the mean Earth radius is within about 0.5 % of the ellipsoidal
/// (Vincenty) distance anywhere, far below what a card rounded to 100 m can show, and the
/// haversine form stays accurate for the short hops between neighbouring addresses where the
/// spherical law of cosines loses precision.
public enum Haversine {
    /// The IUGG mean Earth radius R₁ in metres.
    public static let meanEarthRadius: Double = 6_371_008.8

    /// Metres along the surface of a sphere of `radius` metres from `start` to `end`.
    public static func distance(from start: GeoCoordinate, to end: GeoCoordinate, radius: Double = meanEarthRadius) -> Double {
        let φ1 = start.latitude * .pi / 180
        let φ2 = end.latitude * .pi / 180
        let Δφ = (end.latitude - start.latitude) * .pi / 180
        let Δλ = (end.longitude - start.longitude) * .pi / 180
        let sinHalfΔφ = sin(Δφ / 2)
        let sinHalfΔλ = sin(Δλ / 2)
        let h = sinHalfΔφ * sinHalfΔφ + cos(φ1) * cos(φ2) * sinHalfΔλ * sinHalfΔλ
        // Rounding can push h a hair outside [0, 1] for antipodal points; clamp before sqrt.
        let clamped = min(1, max(0, h))
        return 2 * radius * atan2(clamped.squareRoot(), (1 - clamped).squareRoot())
    }
}
