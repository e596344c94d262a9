import CiteFeedModel
import CiteFeedSupport

/// Slots on local wall-clock time (README, "Rotation, status and feeds"): they start at local midnight and every
/// `interval` after it; multi-day intervals count whole days from Monday 1970-01-05, so `7d`
/// turns every Monday at midnight. A `shift` (the `offset` setting, shorter than the interval)
/// moves every boundary later: `1d` shifted by 7 hours turns at 07:00.
///
/// A slot boundary is a wall-clock time (`09:15`); its instant is the first moment at which the
/// local clock reads that time or later. When clocks go back, a repeated time counts from its
/// first occurrence, so the slot before the end of the repeated hour is an hour longer. When
/// clocks go forward, a skipped time becomes the moment of the jump, so a slot is an hour
/// shorter; boundaries that fall together are one. No slot is ever empty.
package struct SlotClock: Sendable {
    package let interval: Interval
    /// Minutes after the origin of the first boundary.
    package let shift: Int
    /// The local time zone, as offsets from UTC (`TZ` through the C library by default).
    let offset: @Sendable (Int64) -> Int64

    package init(interval: Interval, shift: Int = 0) {
        self.init(interval: interval, shift: shift, offset: { CivilTime.local($0).1 })
    }

    init(interval: Interval, shift: Int = 0, offset: @escaping @Sendable (Int64) -> Int64) {
        self.interval = interval
        self.shift = shift
        self.offset = offset
    }

    /// Local wall-clock seconds since 1970-01-01T00:00 (local) at instant `t`.
    func wall(_ t: Int64) -> Int64 { t + offset(t) }

    private var step: Int64 { Int64(interval.minutes) * 60 }
    /// Sub-day slots count from local midnight, multi-day ones from Monday 1970-01-05.
    private var origin: Int64 {
        (interval.minutes % Interval.day == 0 && interval.minutes > Interval.day ? 4 * 86400 : 0) + Int64(shift) * 60
    }

    /// The instant of boundary `k`, the wall time `origin + k * step`.
    func boundary(_ k: Int64) -> Int64 { instant(wall: origin + k * step) }

    /// The instant at which the local clock first reads wall time `w` (or, for a time that a
    /// clock change skips, the moment of the jump).
    func instant(wall w: Int64) -> Int64 {
        let probes = [offset(w - 43200), offset(w), offset(w + 43200)]
        var best: Int64?
        for o in Set(probes) where wall(w - o) == w {
            best = min(best ?? .max, w - o)
        }
        if let best { return best }
        // A wall time skipped by a clock change: the first instant whose wall time is later.
        var lo = w - probes.max()!, hi = w - probes.min()!
        while lo + 1 < hi {
            let mid = lo + (hi - lo) / 2
            if wall(mid) >= w { hi = mid } else { lo = mid }
        }
        return hi
    }

    /// The slot holding instant `t`.
    package func slot(at t: Timestamp) -> Slot {
        let w = wall(t.seconds) - origin
        var k = w >= 0 ? w / step : (w - step + 1) / step
        while boundary(k + 1) <= t.seconds { k += 1 }
        while boundary(k) > t.seconds { k -= 1 }
        return Slot(start: Timestamp(seconds: boundary(k)), end: Timestamp(seconds: boundary(k + 1)))
    }

    /// The slot after `slot`.
    package func next(after slot: Slot) -> Slot { self.slot(at: slot.end) }
}
