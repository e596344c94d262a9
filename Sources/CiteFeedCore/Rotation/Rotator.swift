import CiteFeedModel
import CiteFeedSupport

/// The fair order of the README's "Rotation, status and feeds".
///
/// A *cycle* shows every eligible citation its weight times (1 unless the rotation's `weights`
/// say otherwise), and a favourite `favouriteWeight` times that (its quota). Within a cycle, each citation gets an offset in [0, 1) from a hash of (seed,
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
package struct Rotator: Sendable {
    package var seed: Int64
    package var favouriteWeight: Int

    package init(seed: Int64, favouriteWeight: Int) {
        self.seed = seed
        self.favouriteWeight = favouriteWeight
    }

    /// Showings per cycle: the entry's weight, times `favouriteWeight` for a favourite.
    package func quota(_ e: RotationEntry) -> Int { e.favourite ? e.weight * favouriteWeight : e.weight }

    /// The offset in [0, 1) of a citation in a cycle, and a tie-breaker.
    func hash(_ e: RotationEntry, cycle: Int64) -> UInt64 {
        Mix.mix(UInt64(bitPattern: seed) ^ Mix.mix(UInt64(bitPattern: cycle) &+ 0x9E37_79B9_7F4A_7C15 ^ e.key))
    }

    /// The next pick and the cycle it belongs to; `nil` when nothing is eligible.
    package func next(_ entries: [RotationEntry], _ state: CycleState) -> (id: Int64, cycle: Int64)? {
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
    package func advance(_ state: CycleState, id: Int64, cycle: Int64) -> CycleState {
        var next = cycle == state.cycle ? state : CycleState(cycle: cycle, counts: [:], last: state.last)
        next.counts[id, default: 0] += 1
        next.last = id
        return next
    }

    /// The next `count` picks from `state`, as `rotate` would make them.
    package func upcoming(_ entries: [RotationEntry], _ state: CycleState, count: Int) -> [(id: Int64, cycle: Int64)] {
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
        // each count without hashing. This runs over every eligible citation at every pick, so
        // it is two plain loops over the buffer (closures and tuple comparisons made it 5 ×
        // slower: 2.3 ms at 100k citations).
        let shown = state.counts.sorted { $0.key < $1.key }
        let favouriteWeight = self.favouriteWeight
        return entries.withUnsafeBufferPointer { entries -> Int64? in
            var total = 0
            // The two largest remaining quotas, for the feasibility test.
            var max1 = 0, max1ID: Int64 = -1, max2 = 0
            var j = 0
            for e in entries {
                let quota = e.favourite ? e.weight * favouriteWeight : e.weight
                while j < shown.count && shown[j].key < e.id { j += 1 }
                let r = j < shown.count && shown[j].key == e.id ? max(0, quota - shown[j].value) : quota
                total += r
                if r > max1 {
                    max2 = max1
                    max1 = r
                    max1ID = e.id
                } else if r > max2 {
                    max2 = r
                }
            }
            let cycleMix = UInt64(bitPattern: state.cycle) &+ 0x9E37_79B9_7F4A_7C15
            let seedBits = UInt64(bitPattern: seed)
            var bestDue = Double.infinity, bestHash: UInt64 = 0, bestID: Int64 = -1
            j = 0
            for e in entries {
                let quota = e.favourite ? e.weight * favouriteWeight : e.weight
                while j < shown.count && shown[j].key < e.id { j += 1 }
                let r = j < shown.count && shown[j].key == e.id ? max(0, quota - shown[j].value) : quota
                guard r > 0, e.id != state.last else { continue }
                if !allowInfeasible {
                    let othersMax = e.id == max1ID ? max2 : max1
                    guard 2 * r <= total + 1, 2 * othersMax <= total else { continue }
                }
                // hash(e, cycle:), inlined.
                let h = Mix.mix(seedBits ^ Mix.mix(cycleMix ^ e.key))
                let due = (Double(quota - r) + Double(h >> 11) / 9_007_199_254_740_992.0) / Double(quota)
                if due < bestDue || due == bestDue && (h < bestHash || h == bestHash && e.id < bestID) {
                    bestDue = due
                    bestHash = h
                    bestID = e.id
                }
            }
            return bestDue < .infinity ? bestID : nil
        }
    }
}
