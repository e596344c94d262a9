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
