import CiteFeedSupport

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
