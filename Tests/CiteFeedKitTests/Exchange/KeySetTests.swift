import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

@Suite struct KeySetTests {
    /// Against the standard library's `Set` under a random mix of inserts, lookups and removals,
    /// with keys drawn from a small range so that runs collide and removals shift them back,
    /// and with (0, 0), the key an empty slot looks like.
    @Test func behavesLikeASet() {
        var rng = SeededGenerator(seed: 10)
        var keys = KeySet()
        var reference = Set<[UInt64]>()
        var mismatches = 0
        for step in 0..<20_000 {
            let high = UInt64.random(in: 0..<40, using: &rng)
            let low = UInt64.random(in: 0..<40, using: &rng) * (step % 2 == 0 ? 1 : 0x1_0000_0001)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<5:
                if keys.insert(high, low) != reference.insert([high, low]).inserted { mismatches += 1 }
            case 5..<7:
                keys.remove(high, low)
                reference.remove([high, low])
            default: if keys.contains(high, low) != reference.contains([high, low]) { mismatches += 1 }
            }
            if keys.count != reference.count { mismatches += 1 }
        }
        #expect(mismatches == 0)
        let missing = reference.filter { !keys.contains($0[0], $0[1]) }.count
        #expect(missing == 0)
        keys.insert(0, 0)
        let again = keys.insert(0, 0)
        #expect(keys.contains(0, 0) && !again)
        keys.remove(0, 0)
        #expect(!keys.contains(0, 0))
    }

    @Test func growsAndKeepsEverything() {
        var keys = KeySet(minimumCapacity: 4)
        var new = 0
        for i in 1...100_000 where keys.insert(Int64(i)) { new += 1 }
        for i in 1...100_000 where keys.insert(Int64(i)) { new += 1 }
        #expect(new == 100_000 && keys.count == 100_000)
        #expect((1...100_000).allSatisfy { keys.contains(UInt64($0), 0) })
        #expect(!keys.contains(0, 0) && !keys.contains(100_001, 0))
        var reserved = KeySet()
        reserved.reserveCapacity(1000)
        for i in 0..<1000 { reserved.insert(UUIDBits(high: UInt64(i), low: ~UInt64(i))) }
        #expect(reserved.count == 1000 && reserved.contains(7, ~7))
    }
}
