/// The slots of a rotation with its schedule: the `SlotClock`'s slots, cut where the rotation's
/// active hours and days begin and end (issue 13, "Schedules"). Inside the active times a slot
/// gets a pick as always, dated at its start; a slot in the inactive times gets none (the
/// last pick stays shown). So with `1d` and `activeHours` 08:00-22:00, the day's slot is
/// 00:00-08:00 (inactive), 08:00-22:00 (the day's pick, dated 08:00) and 22:00-24:00.
///
/// A window of active hours belongs to the day it starts on: with `22:00-06:00` and `mon-fri`,
/// Saturday 02:00 is active (Friday's night) and Sunday 23:00 is not. Times are local wall-clock
/// times, with the slot clock's rules at clock changes.
public struct Timetable: Sendable {
    public let clock: SlotClock
    public let hours: ActiveHours
    public let days: Weekdays

    public init(clock: SlotClock, hours: ActiveHours = .always, days: Weekdays = .all) {
        self.clock = clock
        self.hours = hours
        self.days = days
    }

    public init(_ settings: Settings) {
        self.init(clock: SlotClock(interval: settings.interval, shift: settings.offset), hours: settings.activeHours, days: settings.days)
    }

    /// Whether the rotation picks at all times.
    public var isAlways: Bool { days == .all && (hours == .always || hours.start == hours.end % Interval.day && hours.end == Interval.day) }

    /// The slot holding `t`, cut to the active or inactive stretch holding `t`, and whether it
    /// is active.
    public func slot(at t: Timestamp) -> (slot: Slot, active: Bool) {
        let slot = clock.slot(at: t)
        guard !isAlways else { return (slot, true) }
        let stretch = self.stretch(at: t.seconds)
        return (Slot(start: Timestamp(seconds: max(slot.start.seconds, stretch.start)), end: Timestamp(seconds: min(slot.end.seconds, stretch.end))), stretch.active)
    }

    /// The next active slot after `slot` (for `upcoming`).
    public func nextActive(after slot: Slot) -> Slot {
        var (next, active) = self.slot(at: slot.end)
        // At most a week of stretches and slots; the days are never all off.
        var guardCount = 0
        while !active && guardCount < 100_000 {
            (next, active) = self.slot(at: next.end)
            guardCount += 1
        }
        return next
    }

    /// The active windows (in instants) of the days around `t`, joined where they touch.
    private func windows(around t: Int64) -> [(start: Int64, end: Int64)] {
        let day = Timetable.floorDiv(clock.wall(t), 86400)
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

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : (a - b + 1) / b }
}
