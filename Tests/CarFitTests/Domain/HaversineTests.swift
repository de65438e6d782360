import Foundation
import Testing

@testable import CarFit

@Suite("Distance between visits")
struct HaversineTests {
    func point(_ latitude: Double, _ longitude: Double) throws -> GeoCoordinate {
        try #require(GeoCoordinate(latitude: latitude, longitude: longitude))
    }

    /// The classic published haversine example: Nashville BNA to Los Angeles LAX on a sphere of
    /// 6372.8 km is 2887.2599506 km (Rosetta Code, "Haversine formula").
    @Test func nashvilleToLosAngelesMatchesThePublishedValue() throws {
        let metres = Haversine.distance(from: try point(36.12, -86.67), to: try point(33.94, -118.40), radius: 6_372_800)
        #expect(abs(metres - 2_887_259.9506) < 0.01)
    }

    @Test func oneDegreeAlongTheEquatorOrAMeridianIsOneDegreeOfArc() throws {
        let arc = Haversine.meanEarthRadius * .pi / 180
        #expect(abs(Haversine.distance(from: try point(0, 10), to: try point(0, 11)) - arc) < 1e-6)
        #expect(abs(Haversine.distance(from: try point(55, 12), to: try point(56, 12)) - arc) < 1e-6)
    }

    @Test func antipodesAreHalfACircumferenceApart() throws {
        let half = Haversine.meanEarthRadius * .pi
        // Near the antipode the formula is ill-conditioned; a metre over 20,000 km is the bound.
        #expect(abs(Haversine.distance(from: try point(10, 20), to: try point(-10, -160)) - half) < 1)
        #expect(abs(Haversine.distance(from: try point(90, 0), to: try point(-90, 0)) - half) < 1)
    }

    @Test func distanceIsSymmetricAndZeroForTheSamePlace() throws {
        let a = try point(55.77883, 12.52124), b = try point(55.77453, 12.51967)
        #expect(Haversine.distance(from: a, to: a) == 0)
        #expect(abs(Haversine.distance(from: a, to: b) - Haversine.distance(from: b, to: a)) < 1e-9)
    }

    /// The first two visits of the sample, checked against the equirectangular approximation
    /// (independent formula, exact to well under a metre over half a kilometre).
    @Test func sampleNeighboursAreAboutHalfAKilometreApart() throws {
        let a = try point(55.778830, 12.521240), b = try point(55.774530, 12.519670)
        let radians = Double.pi / 180
        let x = (b.longitude - a.longitude) * radians * cos((a.latitude + b.latitude) / 2 * radians)
        let y = (b.latitude - a.latitude) * radians
        let approximation = (x * x + y * y).squareRoot() * Haversine.meanEarthRadius
        let metres = Haversine.distance(from: a, to: b)
        #expect(abs(metres - approximation) < 0.5)
        #expect((480...500).contains(metres))
    }

    @Test func invalidCoordinatesAreRejected() {
        #expect(GeoCoordinate(latitude: 0, longitude: 0) == nil)
        #expect(GeoCoordinate(latitude: .nan, longitude: 12) == nil)
        #expect(GeoCoordinate(latitude: 55, longitude: .infinity) == nil)
        #expect(GeoCoordinate(latitude: 90.0001, longitude: 12) == nil)
        #expect(GeoCoordinate(latitude: 55, longitude: -180.5) == nil)
        #expect(GeoCoordinate(latitude: 0, longitude: 12) != nil)
        #expect(GeoCoordinate(latitude: -90, longitude: 180) != nil)
    }

    @Test(arguments: [
        ("en_US", 487.6, "0.5 km"), ("en_GB", 3_612, "3.6 km"), ("da_DK", 487.6, "0,5 km"), ("de_DE", 12_345, "12,3 km"),
        ("da_DK", 0, "0,0 km"), ("en_US", 99_940, "99.9 km"), ("en_US", 99_960, "100 km"), ("de_DE", 1_234_567, "1.235 km"),
    ])
    func distancesUseTheLocaleDecimalSeparator(locale: String, metres: Double, text: String) {
        #expect(DistanceFormat(locale: Locale(identifier: locale)).string(meters: metres) == text)
    }
}
