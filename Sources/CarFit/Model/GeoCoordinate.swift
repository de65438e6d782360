/// A point on Earth in degrees (WGS 84), valid by construction.
///
/// The failable initializer is the single place that decides what counts as a real location:
/// finite numbers within ±90° / ±180°, and not exactly 0/0. Feeds send `0, 0` for "unknown"
/// (a point in the Gulf of Guinea), and a distance computed from it would be thousands of
/// kilometres of nonsense; no distance is better than a wrong one.
public struct GeoCoordinate: Sendable, Hashable, Codable {
    /// Degrees north, -90...90.
    public let latitude: Double
    /// Degrees east, -180...180.
    public let longitude: Double

    /// A coordinate, or `nil` for values that are not a real place: out of range, not finite, or exactly 0, 0.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite,
            (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude),
            !(latitude == 0 && longitude == 0)
        else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }
}
