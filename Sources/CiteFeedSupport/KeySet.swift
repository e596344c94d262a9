/// A set of 128-bit keys, for the bulk import's bookkeeping of 100,000s of duplicate keys, uuids
/// and ids. The standard `Set` runs SipHash over every key on every lookup and insert; these keys
/// are already hashes or random bits (or ids), so a multiply with a seed of the process picks
/// the slot. Open addressing with linear probing over one flat array, at most half full;
/// removal shifts the following run back (no tombstones).
package struct KeySet {
    /// Two words per slot; an empty slot holds (0, 0), so the key (0, 0) is kept aside.
    private var words: [UInt64]
    private var mask: Int
    private var hasZero = false
    package private(set) var count = 0
    private let seed: UInt64

    package init(minimumCapacity: Int = 0) {
        let slots = KeySet.slots(for: minimumCapacity)
        words = [UInt64](repeating: 0, count: 2 * slots)
        mask = slots - 1
        var rng = SystemRandomNumberGenerator()
        seed = rng.next() | 1
    }

    /// A power of two at least twice `count` (and 16).
    private static func slots(for count: Int) -> Int {
        var slots = 16
        while slots < 2 * count { slots *= 2 }
        return slots
    }

    private func slot(_ high: UInt64, _ low: UInt64) -> Int {
        var h = (high ^ seed) &* 0x9E37_79B9_7F4A_7C15
        h ^= (low &+ seed) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & mask
    }

    package func contains(_ high: UInt64, _ low: UInt64) -> Bool {
        if high == 0 && low == 0 { return hasZero }
        var i = slot(high, low)
        while true {
            let h = words[2 * i], l = words[2 * i + 1]
            if h == high && l == low { return true }
            if h == 0 && l == 0 { return false }
            i = (i + 1) & mask
        }
    }

    /// Adds the key; `false` when it was there already.
    @discardableResult
    package mutating func insert(_ high: UInt64, _ low: UInt64) -> Bool {
        if high == 0 && low == 0 {
            if hasZero { return false }
            hasZero = true
            count += 1
            return true
        }
        if 2 * (count + 1) > mask + 1 { grow(to: count + 1) }
        var i = slot(high, low)
        while true {
            let h = words[2 * i], l = words[2 * i + 1]
            if h == high && l == low { return false }
            if h == 0 && l == 0 { break }
            i = (i + 1) & mask
        }
        words[2 * i] = high
        words[2 * i + 1] = low
        count += 1
        return true
    }

    /// Removes the key if it is there.
    package mutating func remove(_ high: UInt64, _ low: UInt64) {
        if high == 0 && low == 0 {
            if hasZero { count -= 1 }
            hasZero = false
            return
        }
        var i = slot(high, low)
        while true {
            let h = words[2 * i], l = words[2 * i + 1]
            if h == 0 && l == 0 { return }
            if h == high && l == low { break }
            i = (i + 1) & mask
        }
        // Move back each following key of the run that may sit at the hole (its home slot is
        // not cyclically between the hole and it), so that no lookup stops early.
        var hole = i
        var j = i
        while true {
            j = (j + 1) & mask
            let h = words[2 * j], l = words[2 * j + 1]
            if h == 0 && l == 0 { break }
            let home = slot(h, l)
            if (j - home) & mask >= (j - hole) & mask {
                words[2 * hole] = h
                words[2 * hole + 1] = l
                hole = j
            }
        }
        words[2 * hole] = 0
        words[2 * hole + 1] = 0
        count -= 1
    }

    /// Room for `count` keys without growing again.
    package mutating func reserveCapacity(_ count: Int) {
        if 2 * count > mask + 1 { grow(to: count) }
    }

    private mutating func grow(to count: Int) {
        let old = words
        let slots = KeySet.slots(for: max(count, mask + 1))
        words = [UInt64](repeating: 0, count: 2 * slots)
        mask = slots - 1
        for k in stride(from: 0, to: old.count, by: 2) where old[k] != 0 || old[k + 1] != 0 {
            var i = slot(old[k], old[k + 1])
            while words[2 * i] != 0 || words[2 * i + 1] != 0 { i = (i + 1) & mask }
            words[2 * i] = old[k]
            words[2 * i + 1] = old[k + 1]
        }
    }
}

extension KeySet {
    @discardableResult package mutating func insert(_ key: UUIDBits) -> Bool { insert(key.high, key.low) }
    package mutating func remove(_ key: UUIDBits) { remove(key.high, key.low) }
    @discardableResult package mutating func insert(_ id: Int64) -> Bool { insert(UInt64(bitPattern: id), 0) }
}
