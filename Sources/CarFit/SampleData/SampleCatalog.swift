/// The raw material of generated visits: real Copenhagen-area streets with their approximate
/// positions, common Danish names, and the wash tasks of the real feed.
enum SampleCatalog {
    struct Street {
        let name: String
        let zip: String
        let city: String
        let latitude: Double
        let longitude: Double
    }

    /// North Copenhagen, where the real sample's clients live, and the inner city.
    static let streets: [Street] = [
        Street(name: "Akademivej", zip: "2800", city: "Kgs. Lyngby", latitude: 55.7788, longitude: 12.5212),
        Street(name: "Kornagervej", zip: "2800", city: "Kgs. Lyngby", latitude: 55.7745, longitude: 12.5197),
        Street(name: "Sorgenfrigårdsvej", zip: "2800", city: "Lyngby", latitude: 55.7765, longitude: 12.5127),
        Street(name: "Lyngby Hovedgade", zip: "2800", city: "Kgs. Lyngby", latitude: 55.7704, longitude: 12.5036),
        Street(name: "Jægersborgvej", zip: "2800", city: "Kgs. Lyngby", latitude: 55.7642, longitude: 12.5128),
        Street(name: "Bagsværd Hovedgade", zip: "2880", city: "Bagsværd", latitude: 55.7596, longitude: 12.4556),
        Street(name: "Gentoftegade", zip: "2820", city: "Gentofte", latitude: 55.7489, longitude: 12.5476),
        Street(name: "Vangedevej", zip: "2820", city: "Gentofte", latitude: 55.7466, longitude: 12.5270),
        Street(name: "Strandvejen", zip: "2900", city: "Hellerup", latitude: 55.7343, longitude: 12.5800),
        Street(name: "Hellerupvej", zip: "2900", city: "Hellerup", latitude: 55.7377, longitude: 12.5640),
        Street(name: "Nærum Hovedgade", zip: "2850", city: "Nærum", latitude: 55.8167, longitude: 12.5395),
        Street(name: "Holte Stationsvej", zip: "2840", city: "Holte", latitude: 55.8101, longitude: 12.4707),
        Street(name: "Virum Stationsvej", zip: "2830", city: "Virum", latitude: 55.7960, longitude: 12.4730),
        Street(name: "Søborg Hovedgade", zip: "2860", city: "Søborg", latitude: 55.7320, longitude: 12.5160),
        Street(name: "Buddingevej", zip: "2860", city: "Søborg", latitude: 55.7460, longitude: 12.4960),
        Street(name: "Ordrupvej", zip: "2920", city: "Charlottenlund", latitude: 55.7560, longitude: 12.5820),
        Street(name: "Jægersborg Allé", zip: "2920", city: "Charlottenlund", latitude: 55.7520, longitude: 12.5700),
        Street(name: "Taarbæk Strandvej", zip: "2930", city: "Klampenborg", latitude: 55.7880, longitude: 12.5960),
        Street(name: "Frederiksberg Allé", zip: "1820", city: "Frederiksberg C", latitude: 55.6743, longitude: 12.5420),
        Street(name: "Østerbrogade", zip: "2100", city: "København Ø", latitude: 55.7026, longitude: 12.5781),
    ]

    static let firstNames = [
        "Anne", "Mette", "Lars", "Jens", "Søren", "Kirsten", "Hanne", "Peter", "Mads", "Tone",
        "Kenn", "Camilla", "Rasmus", "Ida", "Freja", "Niels", "Ole", "Birgitte", "Louise", "Henrik",
    ]

    static let lastNames = [
        "Jensen", "Nielsen", "Hansen", "Pedersen", "Andersen", "Christensen", "Larsen", "Sørensen",
        "Rasmussen", "Jørgensen", "Petersen", "Madsen", "Kristensen", "Olsen", "Thomsen", "Holtermann", "Kolding",
    ]

    /// Task titles and minutes as the real feed has them.
    static let tasks: [(title: String, minutes: Int)] = [
        ("Pudsning udvendig", 35),
        ("Pudsning indvendig", 25),
        ("Vask lille bil", 30),
        ("Vask mellemstor bil", 45),
        ("Polering", 60),
        ("Fælgrens", 20),
        ("Rens af sæder", 40),
    ]
}
