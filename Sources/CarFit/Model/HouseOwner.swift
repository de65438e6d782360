import Foundation

/// The client whose car is washed: who, where, and how to reach them.
public struct HouseOwner: Sendable, Hashable {
    /// `houseOwnerFirstName`, trimmed; `nil` when missing or blank.
    public var firstName: String?
    /// `houseOwnerLastName`, trimmed; `nil` when missing or blank.
    public var lastName: String?
    /// `houseOwnerMobilePhone`, trimmed; `nil` when missing or blank.
    public var mobilePhone: String?
    /// Street, postcode and town, each possibly missing.
    public var address: PostalAddress
    /// `nil` when the feed's latitude/longitude are missing or not a real place.
    public var coordinate: GeoCoordinate?

    /// An owner from its fields, for tests and the generator.
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
    /// `houseOwnerAddress`: street and number.
    public var street: String?
    /// `houseOwnerZip`: the postcode.
    public var zip: String?
    /// `houseOwnerCity`: the town.
    public var city: String?

    /// An address from its parts, each optional.
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
