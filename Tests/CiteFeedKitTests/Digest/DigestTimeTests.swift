import Testing

@testable import CiteFeedModel

/// `digestTime`: a time each day, or a day and a time each week.
@Suite struct DigestTimeTests {
    @Test(arguments: [
        ("07:00", "07:00", 1440, 420), (" 7:05 ", "07:05", 1440, 425), ("mon 07:00", "mon 07:00", 10080, 420),
        ("Friday 18:30", "fri 18:30", 10080, 4 * 1440 + 1110), ("sun 00:00", "sun 00:00", 10080, 6 * 1440),
    ])
    func read(text: String, shown: String, interval: Int, shift: Int) throws {
        let time = try DigestTime(parsing: text)
        #expect(time.description == shown)
        #expect(time.period.interval.minutes == interval && time.period.shift == shift)
    }

    @Test(arguments: ["", "7", "24:00", "mo 07:00", "mon", "mon tue 07:00", "07:00 mon", "daily"])
    func refused(text: String) {
        #expect(throws: SettingValueError.self) { try DigestTime(parsing: text) }
    }
}
