import CiteFeedSupport

/// When a rotation's digest goes out (`digestTime`): each day at a time (`07:00`), or each week
/// on a day at a time (`mon 07:00`, `friday 18:30`). A period runs from one such moment to the
/// next; a digest is sent once in each, at the first `rotate` after its start (so a machine that
/// was off at that time sends it when it is next on, and never twice).
package struct DigestTime: Hashable, Sendable, CustomStringConvertible {
    /// 0 = Monday; `nil`: every day.
    package let weekday: Int?
    /// Minutes after local midnight.
    package let minutes: Int

    package init(weekday: Int?, minutes: Int) {
        self.weekday = weekday
        self.minutes = minutes
    }

    package static let morning = DigestTime(weekday: nil, minutes: 7 * 60)

    package init(parsing text: String) throws(SettingValueError) {
        let words = text.trimmingWhitespace().lowercased().split(whereSeparator: \.isWhitespace)
        let bad = SettingValueError(reason: "write a time of day such as 07:00 (daily), or a day and a time such as mon 07:00 (weekly)")
        guard (1...2).contains(words.count), let minutes = TimeOfDay.minutes(words.last!), minutes < 24 * 60 else { throw bad }
        var weekday: Int?
        if words.count == 2 {
            let full = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
            guard words[0].count >= 3, let day = full.firstIndex(where: { $0.hasPrefix(words[0]) }) else { throw bad }
            weekday = day
        }
        self.init(weekday: weekday, minutes: minutes)
    }

    /// `07:00` or `mon 07:00`.
    package var description: String {
        let time =
            String(repeating: "0", count: minutes / 60 < 10 ? 1 : 0) + "\(minutes / 60):"
            + String(repeating: "0", count: minutes % 60 < 10 ? 1 : 0) + "\(minutes % 60)"
        return weekday.map { Weekdays.names[$0] + " " + time } ?? time
    }

    /// The length of a period and where in it the digest goes, as a `SlotClock` takes them:
    /// a day shifted by the time, or a week (from Monday) shifted by the day and the time.
    package var period: (interval: Interval, shift: Int) {
        guard let weekday else { return (Interval(minutes: Interval.day), minutes) }
        return (Interval(minutes: 7 * Interval.day), weekday * Interval.day + minutes)
    }
}
