import CiteFeedSupport

/// When a rotation turns and when it may: the offset of its slot
/// boundaries, its active hours and its days. Outside the active hours or days no new pick is
/// made and no notification is sent; the bar keeps the last pick.
package enum Schedule {
    /// Parses an offset such as `7h`, `30m`, `1d7h` or `0` (`Span`): minutes from local
    /// midnight (for multi-day intervals, from Monday midnight) to the first slot boundary.
    package static func parseOffset(_ text: String) throws(SettingValueError) -> Int {
        guard let span = Span(parsing: text) else { throw SettingValueError(reason: "write numbers with units, such as 7h, 30m or 1d7h") }
        guard span.minutes < Interval.maximum else { throw SettingValueError(reason: "an offset is less than 30d") }
        return span.minutes
    }
}

/// The hours of the day in which a rotation picks: `08:00-22:00`, or `22:00-06:00` across
/// midnight; `00:00-24:00` is the whole day. The start is in, the end is not.
package struct ActiveHours: Hashable, Sendable, CustomStringConvertible {
    /// Minutes after local midnight.
    package let start: Int
    package let end: Int

    package static let always = ActiveHours(start: 0, end: Interval.day)

    init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    package init(parsing text: String) throws(SettingValueError) {
        let parts = text.trimmingWhitespace().split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = TimeOfDay.minutes(parts[0]), let end = TimeOfDay.minutes(parts[1]) else {
            throw SettingValueError(reason: "write two times of day, such as 08:00-22:00 (it may cross midnight: 22:00-06:00)")
        }
        guard start < Interval.day else { throw SettingValueError(reason: "the hours start before 24:00") }
        guard start != end % Interval.day || end == Interval.day && start == 0 else {
            throw SettingValueError(reason: "the hours start and end at the same time; for the whole day write 00:00-24:00")
        }
        self.start = start
        self.end = end
    }

    /// Whether the local time of day `minute` (0..<1440) is in these hours.
    package func contains(minute: Int) -> Bool {
        start < end ? (start..<end).contains(minute) : minute >= start || minute < end
    }

    package var description: String { TimeOfDay.text(start) + "-" + TimeOfDay.text(end) }

}

/// The days of the week on which a rotation picks: `mon-fri`, `sat,sun`, `mon-wed,fri`,
/// `fri-mon` (across the week's end), `mon-sun`.
package struct Weekdays: Hashable, Sendable, CustomStringConvertible {
    /// Bit 0 is Monday, bit 6 Sunday.
    package let mask: UInt8
    static let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    package static let all = Weekdays(mask: 0x7F)

    init(mask: UInt8) { self.mask = mask }

    package init(parsing text: String) throws(SettingValueError) {
        var mask: UInt8 = 0
        let bad = SettingValueError(reason: "write days as mon-fri, sat,sun or mon-wed,fri (mon tue wed thu fri sat sun)")
        for part in text.trimmingWhitespace().lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            let ends = String(part).trimmingWhitespace().split(separator: "-", omittingEmptySubsequences: false).map {
                Weekdays.day(String($0))
            }
            guard (1...2).contains(ends.count), let first = ends.first!, let last = ends.last! else { throw bad }
            var d = first
            while true {
                mask |= 1 << d
                if d == last { break }
                d = (d + 1) % 7
            }
        }
        self.mask = mask
    }

    /// A day by its name, its first three letters (`mon`), or its full English name.
    private static func day(_ s: String) -> Int? {
        let s = s.trimmingWhitespace()
        guard s.count >= 3 else { return nil }
        let full = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        return full.firstIndex { $0.hasPrefix(s) }
    }

    /// Whether `weekday` (0 = Monday) is one of these days.
    package func contains(weekday: Int) -> Bool { mask & (1 << weekday) != 0 }

    /// Runs of days, `mon-fri,sun`.
    package var description: String {
        var parts: [String] = []
        var d = 0
        while d < 7 {
            guard contains(weekday: d) else {
                d += 1
                continue
            }
            var e = d
            while e + 1 < 7 && contains(weekday: e + 1) { e += 1 }
            parts.append(
                e == d
                    ? Weekdays.names[d]
                    : e == d + 1 ? Weekdays.names[d] + "," + Weekdays.names[e] : Weekdays.names[d] + "-" + Weekdays.names[e])
            d = e + 1
        }
        return parts.joined(separator: ",")
    }
}
