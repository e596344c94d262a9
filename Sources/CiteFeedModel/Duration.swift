import CiteFeedSupport

/// A rotation interval: whole minutes from `1m` to `30d` that divide a day or are whole days,
/// written `15m`, `1h`, `1d`, `7d`.
public struct Interval: Hashable, Sendable, CustomStringConvertible {
    public let minutes: Int

    public static let day = 1440
    public static let maximum = 30 * day

    /// Parses `N` followed by `m`, `h` or `d`; `nil` reason-less failures become `reason`.
    public init(parsing text: String) throws(IntervalError) {
        let trimmed = text.trimmingWhitespace().lowercased()
        guard let unit = trimmed.last, let factor = ["m": 1, "h": 60, "d": Interval.day][String(unit)],
            let count = Int(trimmed.dropLast()), trimmed.first?.isNumber == true
        else { throw IntervalError(text: text, reason: "write a number and a unit: 15m, 1h, 1d, 7d") }
        let (minutes, overflow) = count.multipliedReportingOverflow(by: factor)
        guard !overflow, minutes >= 1, minutes <= Interval.maximum else {
            throw IntervalError(text: text, reason: "an interval is from 1m to 30d")
        }
        guard Interval.day % minutes == 0 || minutes % Interval.day == 0 else {
            throw IntervalError(text: text, reason: "an interval must divide a day (such as 5m, 15m, 2h, 6h) or be whole days")
        }
        self.minutes = minutes
    }

    public init(minutes: Int) { self.minutes = minutes }

    public var seconds: Int64 { Int64(minutes) * 60 }

    /// The shortest spelling: `1d` rather than `24h` or `1440m`.
    public var description: String {
        if minutes % Interval.day == 0 { return "\(minutes / Interval.day)d" }
        if minutes % 60 == 0 { return "\(minutes / 60)h" }
        return "\(minutes)m"
    }
}

public struct IntervalError: Error, Equatable {
    public var text: String
    public var reason: String
}
