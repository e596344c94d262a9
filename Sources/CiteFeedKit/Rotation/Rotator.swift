/// One citation as the rotation sees it.
public struct RotationEntry: Hashable, Sendable {
    public var id: Int64
    /// A hash of the citation's uuid: its place in the order follows the uuid, so it survives
    /// edits, export and import.
    public var key: UInt64
    public var favourite: Bool

    public init(id: Int64, key: UInt64, favourite: Bool) {
        self.id = id
        self.key = key
        self.favourite = favourite
    }
}

extension RotationEntry {
    /// A compact form for the cache, in id order: for each entry the gap to the previous id,
    /// doubled plus the favourite flag, as a LEB128 varint (one byte for consecutive ids), then
    /// the key's low 32 bits — about 5 bytes an entry, so 100,000 citations read in half a MB.
    /// (32 bits of the uuid's hash are plenty to order citations; ties fall back on the id.)
    static func encode(_ entries: [RotationEntry]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * 5)
        var previous: Int64 = 0
        for e in entries {
            var v = UInt64(e.id - previous) << 1 | (e.favourite ? 1 : 0)
            previous = e.id
            while v >= 0x80 {
                bytes.append(UInt8(v & 0x7F) | 0x80)
                v >>= 7
            }
            bytes.append(UInt8(v))
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: e.key).littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    static func decode(_ raw: UnsafeRawBufferPointer) -> [RotationEntry] {
        var entries: [RotationEntry] = []
        entries.reserveCapacity(raw.count / 5)
        var i = 0
        var previous: Int64 = 0
        while i < raw.count {
            var v: UInt64 = 0
            var shift: UInt64 = 0
            while i < raw.count {
                let b = raw[i]
                i += 1
                v |= UInt64(b & 0x7F) << shift
                if b < 0x80 { break }
                shift += 7
            }
            guard i + 4 <= raw.count else { break }
            let key = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt32.self))
            i += 4
            previous += Int64(v >> 1)
            entries.append(RotationEntry(id: previous, key: UInt64(key), favourite: v & 1 == 1))
        }
        return entries
    }
}

/// Where the rotation stands: the cycle, how often each citation was shown in it, the last pick.
public struct CycleState: Equatable, Sendable {
    public var cycle: Int64
    public var counts: [Int64: Int]
    public var last: Int64?

    public init(cycle: Int64 = 0, counts: [Int64: Int] = [:], last: Int64? = nil) {
        self.cycle = cycle
        self.counts = counts
        self.last = last
    }
}

/// The fair order of SPEC.md "Rotation".
///
/// A *cycle* shows every eligible citation once and every favourite `favouriteWeight` times
/// (its quota). Within a cycle, each citation gets an offset in [0, 1) from a hash of (seed,
/// cycle, uuid), and its j-th showing is due at `(j + offset) / quota` — stride scheduling, so a
/// cycle is a fresh shuffle and a favourite's showings are spread evenly through it. The next
/// pick is the citation whose next showing is due first, among those with quota left, except:
///
/// - never the last pick again while another citation is eligible, across cycles too;
/// - never a pick that would leave the rest of the cycle impossible to order without a
///   repeat (a citation with r showings left out of R needs 2r ≤ R + 1, and R when it was the
///   last); so a cycle whose quotas allow it is completed exactly.
///
/// When the quotas cannot avoid a repeat at all (two citations, one a favourite shown three
/// times), the cycle ends early rather than showing a citation twice in a row. A citation added
/// mid-cycle has its whole quota left, so it is shown before the cycle ends.
///
/// The choice depends only on the eligible citations, the cycle state and the seed — not on
/// the clock — so `upcoming` can preview exactly what `rotate` will do.
public struct Rotator: Sendable {
    public var seed: Int64
    public var favouriteWeight: Int

    public init(seed: Int64, favouriteWeight: Int) {
        self.seed = seed
        self.favouriteWeight = favouriteWeight
    }

    func quota(_ e: RotationEntry) -> Int { e.favourite ? favouriteWeight : 1 }

    /// The offset in [0, 1) of a citation in a cycle, and a tie-breaker.
    func hash(_ e: RotationEntry, cycle: Int64) -> UInt64 {
        Mix.mix(UInt64(bitPattern: seed) ^ Mix.mix(UInt64(bitPattern: cycle) &+ 0x9E37_79B9_7F4A_7C15 ^ e.key))
    }

    /// The next pick and the cycle it belongs to; `nil` when nothing is eligible.
    public func next(_ entries: [RotationEntry], _ state: CycleState) -> (id: Int64, cycle: Int64)? {
        guard !entries.isEmpty else { return nil }
        if entries.count == 1 {
            let only = entries[0]
            let shown = state.counts[only.id] ?? 0
            return (only.id, shown < quota(only) ? state.cycle : state.cycle + 1)
        }
        if let pick = choose(entries, state, allowInfeasible: false) ?? choose(entries, state, allowInfeasible: true) {
            return (pick, state.cycle)
        }
        // Quotas are used up, or only the last pick has some left: a new cycle.
        let fresh = CycleState(cycle: state.cycle + 1, counts: [:], last: state.last)
        let pick = choose(entries, fresh, allowInfeasible: false) ?? choose(entries, fresh, allowInfeasible: true)!
        return (pick, fresh.cycle)
    }

    /// The state after showing `id` in `cycle`.
    public func advance(_ state: CycleState, id: Int64, cycle: Int64) -> CycleState {
        var next = cycle == state.cycle ? state : CycleState(cycle: cycle, counts: [:], last: state.last)
        next.counts[id, default: 0] += 1
        next.last = id
        return next
    }

    /// The next `count` picks from `state`, as `rotate` would make them.
    public func upcoming(_ entries: [RotationEntry], _ state: CycleState, count: Int) -> [(id: Int64, cycle: Int64)] {
        var state = state
        var picks: [(Int64, Int64)] = []
        for _ in 0..<count {
            guard let (id, cycle) = next(entries, state) else { break }
            picks.append((id, cycle))
            state = advance(state, id: id, cycle: cycle)
        }
        return picks
    }

    private func choose(_ entries: [RotationEntry], _ state: CycleState, allowInfeasible: Bool) -> Int64? {
        // `entries` are in id order; walking the cycle's counts in id order beside them finds
        // each count without hashing (this runs over every eligible citation).
        let shown = state.counts.sorted { $0.key < $1.key }
        func forEach(_ body: (RotationEntry, _ remaining: Int) -> Void) {
            var j = 0
            for e in entries {
                while j < shown.count && shown[j].key < e.id { j += 1 }
                let count = j < shown.count && shown[j].key == e.id ? shown[j].value : 0
                body(e, max(0, quota(e) - count))
            }
        }
        var total = 0
        // The two largest remaining quotas, for the feasibility test.
        var max1 = 0, max1ID: Int64 = -1, max2 = 0
        forEach { e, r in
            total += r
            if r > max1 {
                max2 = max1
                max1 = r
                max1ID = e.id
            } else if r > max2 {
                max2 = r
            }
        }
        var best: (due: Double, hash: UInt64, id: Int64)?
        forEach { e, r in
            guard r > 0, e.id != state.last else { return }
            if !allowInfeasible {
                let othersMax = e.id == max1ID ? max2 : max1
                guard 2 * r <= total + 1, 2 * othersMax <= total else { return }
            }
            let h = hash(e, cycle: state.cycle)
            let due = (Double(quota(e) - r) + Double(h >> 11) / 9_007_199_254_740_992.0) / Double(quota(e))
            if let b = best, (b.due, b.hash, b.id) <= (due, h, e.id) { return }
            best = (due, h, e.id)
        }
        return best?.id
    }
}

/// 64-bit mixing (SplitMix64's finaliser) and FNV-1a, for stable hashes that do not depend on
/// Swift's per-process random `Hasher` seed.
enum Mix {
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    static func fnv1a<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return mix(h)
    }
}
