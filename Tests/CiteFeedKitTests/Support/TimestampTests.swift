import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

@Suite struct TimestampTests {
    @Test(arguments: [
        ("2026-03-01T09:30:00+01:00", Int64(1_772_353_800)),
        ("2026-03-01T08:30:00Z", 1_772_353_800),
        ("2026-03-01T08:30:00.123Z", 1_772_353_800),
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59Z", -1),
        ("2024-02-29T12:00:00-05:30", 1_709_227_800),
    ])
    func parsesRFC3339(text: String, seconds: Int64) {
        #expect(Timestamp(rfc3339: text)?.seconds == seconds)
    }

    @Test(arguments: [
        "", "2026-03-01", "2026-03-01T09:30:00", "2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z",
        "2026-03-01T25:00:00Z", "2026-03-01T09:30:00+0100", "yesterday", "2026-03-01T09:30:00Zjunk",
    ])
    func refusesOtherText(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test func formatsUTC() {
        #expect(Timestamp(seconds: 1_772_353_800).rfc3339UTC == "2026-03-01T08:30:00Z")
        #expect(Timestamp(seconds: -1).rfc3339UTC == "1969-12-31T23:59:59Z")
        #expect(CivilTime(utc: 1_772_353_800).weekday == 0)  // a Sunday
    }

    @Test func digitFormatterAgreesWithTheParserAcrossCenturies() {
        // rfc3339UTC writes digits into one buffer for years 0…9999; compare it with the
        // component strings and the parser from 1685 to 2255, every ~90 days and some seconds.
        var seconds: Int64 = -9_000_000_000
        var checked = 0
        while seconds < 9_000_000_000 {
            let t = Timestamp(seconds: seconds)
            #expect(t.rfc3339UTC == CivilTime(utc: seconds).dateTimeString + "Z")
            #expect(Timestamp(rfc3339: t.rfc3339UTC) == t)
            seconds += 7_777_777
            checked += 1
        }
        #expect(checked > 2000)
        #expect(Timestamp(rfc3339: "9999-12-31T23:59:59Z")?.rfc3339UTC == "9999-12-31T23:59:59Z")
        #expect(Timestamp(rfc3339: "0000-01-01T00:00:00Z")?.rfc3339UTC == "0000-01-01T00:00:00Z")
    }

    @Test(arguments: [
        (0, "just now"), (59, "just now"), (60, "1 minute ago"), (3599, "59 minutes ago"), (3600, "1 hour ago"),
        (86400, "yesterday"), (3 * 86400, "3 days ago"), (45 * 86400, "1 month ago"), (-10, "just now"), (-3600, "in 1 hour"),
        (-3 * 86400, "in 3 days"), (-86400, "in 1 day"), (-90 * 86400, "in 3 months"),
    ])
    func relative(delta: Int, text: String) {
        let delta = Int64(delta)
        let now = Timestamp(seconds: 1_772_353_800)
        #expect(Timestamp(seconds: now.seconds - delta).relative(to: now) == text)
    }

    /// Local wall-clock times are read as the C library's mktime reads them, in the tests' zone
    /// (Europe/Berlin): every half hour of two years, the changes of offset among them (a time
    /// the clocks skip takes the offset before the change; one they repeat, either).
    @Test func localTimesAsMktimeReadsThem() {
        _ = Sandbox.processZone
        for step in 0..<(2 * 366 * 48) {
            let (civil, _) = CivilTime.local(1_704_067_200 + Int64(step) * 1800)
            let (y, mo, d, h, mi) = (Int(civil.year), Int(civil.month), Int(civil.day), Int(civil.hour), Int(civil.minute))
            var tm = tm()
            (tm.tm_year, tm.tm_mon, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, tm.tm_isdst) =
                (Int32(y - 1900), Int32(mo - 1), Int32(d), Int32(h), Int32(mi), 0, -1)
            let reference = Int64(mktime(&tm))
            let ours = Timestamp.local(year: y, month: mo, day: d, hour: h, minute: mi, second: 0)
            let (back, _) = CivilTime.local(ours?.seconds ?? 0)
            // The same instant, or (a repeated hour) another that shows the same wall clock.
            #expect(ours?.seconds == reference || (back.hour == Int64(h) && back.minute == Int64(mi)), "\(y)-\(mo)-\(d) \(h):\(mi)")
        }
        // The hour the clocks skip in spring 2024 (02:00 to 03:00, 31 March): as mktime does.
        for minute in [0, 30, 59] {
            var tm = tm()
            (tm.tm_year, tm.tm_mon, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, tm.tm_isdst) = (124, 2, 31, 2, Int32(minute), 0, -1)
            #expect(Timestamp.local(year: 2024, month: 3, day: 31, hour: 2, minute: minute, second: 0)?.seconds == Int64(mktime(&tm)))
        }
    }
}
