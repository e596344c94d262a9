import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

@Suite struct RotatorTests {
    /// `count` citations; every fifth is a favourite.
    func pool(_ count: Int, firstID: Int64 = 1) -> [RotationEntry] {
        (0..<count).map { i in
            let id = firstID + Int64(i)
            return RotationEntry(id: id, key: Mix.fnv1a(Array("uuid-\(id)".utf8)), favourite: id % 5 == 0)
        }
    }

    /// Picks until `cycles` cycles are complete, grouped by cycle.
    func cycles(_ rotator: Rotator, _ entries: [RotationEntry], count: Int) -> [[Int64]] {
        let quotaSum = entries.reduce(0) { $0 + ($1.favourite ? rotator.favouriteWeight : 1) }
        let picks = rotator.upcoming(entries, CycleState(), count: quotaSum * count)
        var grouped: [Int64: [Int64]] = [:]
        for (id, cycle) in picks { grouped[cycle, default: []].append(id) }
        return grouped.keys.sorted().map { grouped[$0]! }
    }

    static let pools = [1, 2, 3, 10, 101]

    @Test(arguments: pools, [1, 2, 3])
    func everyCycleShowsEachCitationItsQuota(size: Int, weight: Int) {
        let rotator = Rotator(seed: 42, favouriteWeight: weight)
        let entries = pool(size)
        let all = cycles(rotator, entries, count: 3)
        #expect(all.count == 3)
        for cycle in all {
            var counts: [Int64: Int] = [:]
            for id in cycle { counts[id, default: 0] += 1 }
            for e in entries { #expect(counts[e.id] == (e.favourite ? weight : 1), "cycle \(cycle)") }
        }
    }

    @Test(arguments: pools, [1, 2, 3])
    func neverTheSameTwiceInARow(size: Int, weight: Int) {
        let rotator = Rotator(seed: 7, favouriteWeight: weight)
        let picks = cycles(rotator, pool(size), count: 3).flatMap { $0 }
        #expect(picks.count == 3 * (size - size / 5 + (size / 5) * weight))
        if size == 1 {
            // The only eligible citation is shown again: once per cycle, a cycle per slot.
            #expect(picks == [1, 1, 1])
        } else {
            for (a, b) in zip(picks, picks.dropFirst()) { #expect(a != b, "\(picks)") }
        }
    }

    @Test func favouritesAreSpreadThroughTheCycle() {
        let rotator = Rotator(seed: 3, favouriteWeight: 3)
        let entries = pool(30)
        for cycle in cycles(rotator, entries, count: 4) {
            let positions = cycle.enumerated().filter { $0.element == 5 }.map(\.offset)
            #expect(positions.count == 3)
            // Three showings in a cycle of 36: no two within a sixth of the cycle of each other.
            for (a, b) in zip(positions, positions.dropFirst()) { #expect(b - a >= 6, "\(positions)") }
        }
    }

    @Test func infeasibleQuotasEndTheCycleRatherThanRepeat() {
        // A favourite shown 3 times and one other citation cannot avoid repeats: never repeat.
        let rotator = Rotator(seed: 1, favouriteWeight: 3)
        let entries = [RotationEntry(id: 1, key: 11, favourite: true), RotationEntry(id: 2, key: 22, favourite: false)]
        let picks = rotator.upcoming(entries, CycleState(), count: 20).map(\.id)
        // All 20 asked for, both citations among them (an empty or short answer has no repeats
        // either, and passed before).
        #expect(picks.count == 20 && Set(picks) == [1, 2], "\(picks)")
        for (a, b) in zip(picks, picks.dropFirst()) { #expect(a != b, "\(picks)") }
    }

    @Test func aCitationAddedMidCycleIsShownBeforeTheCycleEnds() {
        let rotator = Rotator(seed: 9, favouriteWeight: 2)
        var entries = pool(10)
        var state = CycleState()
        for _ in 0..<5 {
            let (id, cycle) = rotator.next(entries, state)!
            state = rotator.advance(state, id: id, cycle: cycle)
        }
        let startCycle = state.cycle
        entries.append(RotationEntry(id: 99, key: Mix.fnv1a(Array("new".utf8)), favourite: false))
        var seen = false
        while true {
            let (id, cycle) = rotator.next(entries, state)!
            if cycle != startCycle { break }
            seen = seen || id == 99
            state = rotator.advance(state, id: id, cycle: cycle)
        }
        #expect(seen)
    }

    @Test func sameSeedSameOrderOtherSeedOtherOrder() {
        let entries = pool(20)
        let a = Rotator(seed: 1, favouriteWeight: 2).upcoming(entries, CycleState(), count: 40).map(\.id)
        let b = Rotator(seed: 1, favouriteWeight: 2).upcoming(entries, CycleState(), count: 40).map(\.id)
        let c = Rotator(seed: 2, favouriteWeight: 2).upcoming(entries, CycleState(), count: 40).map(\.id)
        #expect(a == b)
        #expect(a != c)
        #expect(Set(a) == Set(c))
    }

    @Test func eachCycleIsAFreshOrder() {
        let all = cycles(Rotator(seed: 5, favouriteWeight: 1), pool(12), count: 3)
        #expect(all[0] != all[1] && all[1] != all[2])
    }

    @Test func theOrderFollowsTheUUIDNotTheID() {
        // The same citations under other ids (an import into another library) rotate alike.
        let rotator = Rotator(seed: 4, favouriteWeight: 1)
        let keys: [UInt64] = (1...8).map { Mix.mix(UInt64($0)) }
        let a = keys.enumerated().map { RotationEntry(id: Int64($0.offset + 1), key: $0.element, favourite: false) }
        let b = keys.enumerated().map { RotationEntry(id: Int64($0.offset + 101), key: $0.element, favourite: false) }
        #expect(
            rotator.upcoming(a, CycleState(), count: 16).map { $0.id } == rotator.upcoming(b, CycleState(), count: 16).map { $0.id - 100 })
    }

    @Test func nothingEligibleNoPick() {
        #expect(Rotator(seed: 1, favouriteWeight: 2).next([], CycleState()) == nil)
    }
}

@Suite struct RotationCacheTests {
    @Test func entriesSurviveTheCompactForm() {
        let entries = [
            RotationEntry(id: 1, key: 0xDEAD_BEEF, favourite: false), RotationEntry(id: 2, key: 7, favourite: true),
            RotationEntry(id: 300, key: 0xFFFF_FFFF, favourite: false), RotationEntry(id: 1_000_000_000, key: 0, favourite: true),
        ]
        let bytes = RotationEntry.encode(entries)
        #expect(bytes.count == 1 + 4 + 1 + 4 + 2 + 4 + 5 + 4)
        #expect(bytes.withUnsafeBytes { RotationEntry.decode($0) } == entries)
        #expect([UInt8]().withUnsafeBytes { RotationEntry.decode($0) } == [])
    }
}
