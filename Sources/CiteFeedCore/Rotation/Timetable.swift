import CiteFeedModel
import CiteFeedSupport

/// The slots of a rotation with its schedule: the `SlotClock`'s slots, cut where the rotation's
/// active hours and days begin and end. A clock slot gets one pick, at
/// its first active moment (the start of the first active piece of it); the inactive pieces get
/// none (the last pick stays shown). So with `1d` and `activeHours` 08:00-22:00, the day is cut
/// into 00:00-08:00 (inactive), 08:00-22:00 (the day's pick, dated 08:00) and 22:00-24:00; with
/// `1d`, `offset` 7h and `activeHours` 06:00-23:00, the piece 06:00-07:00 of the next morning
/// still shows the pick made at 07:00 the day before.
///
/// A window of active hours belongs to the day it starts on: with `22:00-06:00` and `mon-fri`,
/// Saturday 02:00 is active (Friday's night) and Sunday 23:00 is not. Times are local wall-clock
/// times, with the slot clock's rules at clock changes.
package struct Timetable: Sendable {
    package let clock: SlotClock
    package let hours: ActiveHours
    package let days: Weekdays

    package init(clock: SlotClock, hours: ActiveHours = .always, days: Weekdays = .all) {
        self.clock = clock
        self.hours = hours
        self.days = days
    }

    package init(_ settings: Settings) {
        self.init(clock: SlotClock(interval: settings.interval, shift: settings.offset), hours: settings.activeHours, days: settings.days)
    }

    /// Whether the rotation picks at all times.
    package var isAlways: Bool {
        days == .all && (hours == .always || hours.start == hours.end % Interval.day && hours.end == Interval.day)
    }

    /// The piece of a clock slot holding `t`: the slot cut to the active or inactive stretch
    /// holding `t`; the clock slot itself (what a pick belongs to); and whether it is active.
    package func slot(at t: Timestamp) -> (slot: Slot, clockSlot: Slot, active: Bool) {
        let slot = clock.slot(at: t)
        guard !isAlways else { return (slot, slot, true) }
        let stretch = self.stretch(at: t.seconds)
        let piece = Slot(
            start: Timestamp(seconds: max(slot.start.seconds, stretch.start)), end: Timestamp(seconds: min(slot.end.seconds, stretch.end)))
        return (piece, slot, stretch.active)
    }

    /// The first active piece of the next clock slot that has one, after the piece `slot` (for
    /// `upcoming`: where the next picks will be made).
    package func nextActive(after slot: Slot) -> Slot {
        let current = self.slot(at: slot.start).clockSlot
        var next = self.slot(at: slot.end)
        // At most a week of stretches and slots; the days are never all off.
        var guardCount = 0
        while (!next.active || next.clockSlot == current) && guardCount < 100_000 {
            next = self.slot(at: next.slot.end)
            guardCount += 1
        }
        return next.slot
    }

    /// The next active piece after the piece `slot`, in the same clock slot or a later one.
    package func nextActivePiece(after slot: Slot) -> Slot {
        var next = self.slot(at: slot.end)
        var guardCount = 0
        while !next.active && guardCount < 100_000 {
            next = self.slot(at: next.slot.end)
            guardCount += 1
        }
        return next.slot
    }

    /// The first active moment of the clock slot `clockSlot` (the start of its first active
    /// piece); `nil` when it has none. A pick made before it (a repick in the night) is not the
    /// slot's pick: the slot still gets one when its active time comes.
    package func firstActive(in clockSlot: Slot) -> Timestamp? {
        guard !isAlways else { return clockSlot.start }
        var t = clockSlot.start
        var guardCount = 0
        while t < clockSlot.end && guardCount < 10_000 {
            let piece = slot(at: t)
            if piece.active { return piece.slot.start }
            t = piece.slot.end
            guardCount += 1
        }
        return nil
    }

    /// The part of `clockSlot` from its first active moment: a pick belongs to the slot when it
    /// was made in it.
    package func counted(_ clockSlot: Slot) -> Slot {
        Slot(start: firstActive(in: clockSlot) ?? clockSlot.start, end: clockSlot.end)
    }

    /// The active windows (in instants) of the days around `t`, joined where they touch.
    private func windows(around t: Int64) -> [(start: Int64, end: Int64)] {
        let day = clock.wall(t).floorDivided(by: 86400)
        var windows: [(start: Int64, end: Int64)] = []
        for d in (day - 8)...(day + 8) where days.contains(weekday: Timetable.weekday(ofDay: d)) {
            let startWall = d * 86400 + Int64(hours.start) * 60
            let endWall = d * 86400 + Int64(hours.end) * 60 + (hours.end <= hours.start ? 86400 : 0)
            let start = clock.instant(wall: startWall), end = clock.instant(wall: endWall)
            if let last = windows.last, last.end >= start {
                windows[windows.count - 1].end = max(last.end, end)
            } else {
                windows.append((start, end))
            }
        }
        return windows
    }

    /// The stretch of active or inactive time holding `t`.
    func stretch(at t: Int64) -> (start: Int64, end: Int64, active: Bool) {
        let windows = self.windows(around: t)
        var previousEnd = Int64.min / 2
        for w in windows {
            if t < w.start { return (previousEnd, w.start, false) }
            if t < w.end { return (w.start, w.end, true) }
            previousEnd = w.end
        }
        return (previousEnd, Int64.max / 2, false)
    }

    /// 0 for Monday: day 0 (1970-01-01) was a Thursday.
    static func weekday(ofDay d: Int64) -> Int { Int(((d + 3) % 7 + 7) % 7) }
}
