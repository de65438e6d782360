import Foundation

/// The client whose car is washed: who, where, and how to reach them.
public struct HouseOwner: Sendable, Hashable {
    /// `houseOwnerFirstName`, trimmed; `nil` when missing or blank.
    public var firstName: String?
    /// `houseOwnerLastName`, trimmed; `nil` when missing or blank.
    public var lastName: String?
    public var mobilePhone: String?
    public var address: PostalAddress
    /// `nil` when the feed's latitude/longitude are missing or not a real place.
    public var coordinate: GeoCoordinate?

    public init(
        firstName: String?,
        lastName: String?,
        mobilePhone: String? = nil,
        address: PostalAddress,
        coordinate: GeoCoordinate?
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.mobilePhone = mobilePhone
        self.address = address
        self.coordinate = coordinate
    }

    /// First and last name, tolerating either being absent; `nil` when both are.
    public var fullName: String? {
        let parts = [firstName, lastName].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

/// A Danish-style postal address: street line, postcode, town. Each part may be missing.
public struct PostalAddress: Sendable, Hashable {
    public var street: String?
    public var zip: String?
    public var city: String?

    public init(street: String?, zip: String?, city: String?) {
        self.street = street
        self.zip = zip
        self.city = city
    }

    /// `Akademivej 15, 1 th, 2800 Kgs. Lyngby`: the street, then postcode and town on one
    /// line as Danish post writes them, skipping missing parts; `nil` when all are missing.
    public var singleLine: String? {
        let town = [zip, city].compactMap { $0 }.joined(separator: " ")
        let parts = [street, town.isEmpty ? nil : town].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
