import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// Slots with an offset, active hours and days.
@Suite struct TimetableTests {
    func table(
        _ interval: String, shift: String = "0", hours: String = "00:00-24:00", days: String = "mon-sun",
        zone: @escaping @Sendable (Int64) -> Int64 = Zones.utc
    ) throws -> Timetable {
        Timetable(
            clock: SlotClock(interval: try Interval(parsing: interval), shift: try Schedule.parseOffset(shift), offset: zone),
            hours: try ActiveHours(parsing: hours), days: try Weekdays(parsing: days))
    }

    func at(_ t: Timetable, _ time: String) -> (String, String, Bool) {
        let (slot, _, active) = t.slot(at: Timestamp(rfc3339: time)!)
        return (slot.start.rfc3339UTC, slot.end.rfc3339UTC, active)
    }

    @Test func anOffsetMovesTheBoundaries() throws {
        let daily = try table("1d", shift: "7h")
        #expect(at(daily, "2026-03-02T06:59:59Z") == ("2026-03-01T07:00:00Z", "2026-03-02T07:00:00Z", true))
        #expect(at(daily, "2026-03-02T07:00:00Z") == ("2026-03-02T07:00:00Z", "2026-03-03T07:00:00Z", true))
        let hourly = try table("1h", shift: "15m")
        #expect(at(hourly, "2026-03-02T10:10:00Z") == ("2026-03-02T09:15:00Z", "2026-03-02T10:15:00Z", true))
        // 7d from Monday midnight, shifted a day and 7 hours: Tuesdays at 07:00 (2026-03-03 is a Tuesday).
        let weekly = try table("7d", shift: "1d7h")
        #expect(at(weekly, "2026-03-05T12:00:00Z") == ("2026-03-03T07:00:00Z", "2026-03-10T07:00:00Z", true))
        // In Berlin's local time, across the spring change: 07:00 CET, then 07:00 CEST.
        let berlin = try table("1d", shift: "7h", zone: Zones.berlin)
        #expect(at(berlin, "2026-03-29T12:00:00Z") == ("2026-03-29T05:00:00Z", "2026-03-30T05:00:00Z", true))
        #expect(at(berlin, "2026-03-29T05:30:00Z").0 == "2026-03-29T05:00:00Z")
    }

    @Test func activeHoursCutTheSlots() throws {
        let t = try table("1d", hours: "08:00-22:00")
        #expect(at(t, "2026-03-02T03:00:00Z") == ("2026-03-02T00:00:00Z", "2026-03-02T08:00:00Z", false))
        #expect(at(t, "2026-03-02T08:00:00Z") == ("2026-03-02T08:00:00Z", "2026-03-02T22:00:00Z", true))
        #expect(at(t, "2026-03-02T23:00:00Z") == ("2026-03-02T22:00:00Z", "2026-03-03T00:00:00Z", false))
        let hourly = try table("1h", hours: "08:30-10:00")
        #expect(at(hourly, "2026-03-02T08:10:00Z") == ("2026-03-02T08:00:00Z", "2026-03-02T08:30:00Z", false))
        #expect(at(hourly, "2026-03-02T08:40:00Z") == ("2026-03-02T08:30:00Z", "2026-03-02T09:00:00Z", true))
        #expect(at(hourly, "2026-03-02T09:40:00Z") == ("2026-03-02T09:00:00Z", "2026-03-02T10:00:00Z", true))
        #expect(at(hourly, "2026-03-02T10:00:00Z") == ("2026-03-02T10:00:00Z", "2026-03-02T11:00:00Z", false))
    }

    /// A clock slot gets one pick: an active piece of a slot that already had one is not the
    /// next place to pick.
    @Test func anActivePieceOfAnAlreadyPickedSlotIsNotANewOne() throws {
        let t = try table("1d", shift: "7h", hours: "06:00-23:00")
        let (piece, clock, active) = t.slot(at: Timestamp(rfc3339: "2026-03-03T06:30:00Z")!)
        #expect(active && piece.start.rfc3339UTC == "2026-03-03T06:00:00Z" && piece.end.rfc3339UTC == "2026-03-03T07:00:00Z")
        #expect(clock.start.rfc3339UTC == "2026-03-02T07:00:00Z")
        let today = t.slot(at: Timestamp(rfc3339: "2026-03-02T12:00:00Z")!).slot
        #expect(today.start.rfc3339UTC == "2026-03-02T07:00:00Z" && today.end.rfc3339UTC == "2026-03-02T23:00:00Z")
        #expect(t.nextActive(after: today).start.rfc3339UTC == "2026-03-03T07:00:00Z")
    }

    /// A window across midnight belongs to the day it starts on.
    @Test func nightsBelongToTheirEvening() throws {
        // 2026-03-06 is a Friday, 03-07 a Saturday, 03-08 a Sunday.
        let t = try table("1h", hours: "22:00-06:00", days: "mon-fri")
        #expect(at(t, "2026-03-06T23:30:00Z").2)
        #expect(at(t, "2026-03-07T02:00:00Z").2)
        #expect(!at(t, "2026-03-07T23:00:00Z").2)
        #expect(!at(t, "2026-03-08T02:00:00Z").2)
        #expect(at(t, "2026-03-09T23:00:00Z").2)
        #expect(!at(t, "2026-03-09T12:00:00Z").2)
    }

    @Test func daysJoinWholeDaysAndSkipTheRest() throws {
        let t = try table("1d", days: "mon-fri")
        #expect(at(t, "2026-03-06T12:00:00Z") == ("2026-03-06T00:00:00Z", "2026-03-07T00:00:00Z", true))
        #expect(at(t, "2026-03-07T12:00:00Z") == ("2026-03-07T00:00:00Z", "2026-03-08T00:00:00Z", false))
        // The next active slot after Friday's is Monday's.
        let friday = t.slot(at: Timestamp(rfc3339: "2026-03-06T12:00:00Z")!).slot
        #expect(t.nextActive(after: friday).start.rfc3339UTC == "2026-03-09T00:00:00Z")
        #expect(try table("1h").isAlways && !t.isAlways)
    }
}

/// Weights in the fair order.
@Suite struct WeightedRotatorTests {
    /// 12 citations: weights 1, 2 and 3 in turn, every fourth a favourite.
    func pool() -> [RotationEntry] {
        (1...12).map { id in
            RotationEntry(id: Int64(id), key: Mix.fnv1a(Array("w-\(id)".utf8)), favourite: id % 4 == 0, weight: id % 3 + 1)
        }
    }

    @Test(arguments: [1, 2, 3])
    func eachCitationAppearsExactlyItsQuotaPerCycleNeverTwiceInARow(favouriteWeight: Int) {
        let rotator = Rotator(seed: 99, favouriteWeight: favouriteWeight)
        let entries = pool()
        let quota = { (e: RotationEntry) in e.weight * (e.favourite ? favouriteWeight : 1) }
        let perCycle = entries.reduce(0) { $0 + quota($1) }
        let picks = rotator.upcoming(entries, CycleState(), count: perCycle * 4)
        var byCycle: [Int64: [Int64: Int]] = [:]
        for (id, cycle) in picks { byCycle[cycle, default: [:]][id, default: 0] += 1 }
        #expect(byCycle.count == 4)
        for (cycle, counts) in byCycle {
            for e in entries { #expect(counts[e.id] == quota(e), "cycle \(cycle) id \(e.id)") }
        }
        for (a, b) in zip(picks, picks.dropFirst()) { #expect(a.id != b.id) }
        // Spread out: the showings of the heaviest citation fall in different quarters of its cycle.
        let first = picks.prefix(perCycle).map(\.id)
        let heavy = entries.max { quota($0) < quota($1) }!
        let places = first.indices.filter { first[$0] == heavy.id }
        #expect(Set(places.map { $0 * quota(heavy) / perCycle }).count >= (quota(heavy) + 1) / 2, "\(places)")
    }

    @Test func weightsSurviveTheCache() {
        // The cache keeps 32 bits of each key.
        let entries = (pool() + [RotationEntry(id: 5000, key: 7, favourite: true, weight: 1000)]).map {
            RotationEntry(id: $0.id, key: $0.key & 0xFFFF_FFFF, favourite: $0.favourite, weight: $0.weight)
        }
        let bytes = RotationEntry.encode(entries)
        #expect(bytes.withUnsafeBytes { RotationEntry.decode($0) } == entries)
    }
}
