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
        switch (firstName, lastName) {
        case (let first?, let last?): first + " " + last
        case (let first?, nil): first
        case (nil, let last?): last
        case (nil, nil): nil
        }
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
        let town: String? =
            switch (zip, city) {
            case (let zip?, let city?): zip + " " + city
            case (let zip?, nil): zip
            case (nil, let city?): city
            case (nil, nil): nil
            }
        switch (street, town) {
        case (let street?, let town?): return street + ", " + town
        case (let street?, nil): return street
        case (nil, let town?): return town
        case (nil, nil): return nil
        }
    }
}
