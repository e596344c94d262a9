import CiteFeedSupport

/// A rotation interval: a `Span` from `1m` to `30d` that divides a day or is whole days.
package struct Interval: Hashable, Sendable, CustomStringConvertible {
    package let minutes: Int

    package static let day = Span.day
    package static let maximum = 30 * day

    package init(parsing text: String) throws(IntervalError) {
        guard let span = Span(parsing: text), text.trimmingWhitespace() != "0" else {
            throw IntervalError(text: text, reason: "write a number and a unit: 15m, 1h, 1d, 7d")
        }
        guard span.minutes >= 1, span.minutes <= Interval.maximum else {
            throw IntervalError(text: text, reason: "an interval is from 1m to 30d")
        }
        guard Interval.day % span.minutes == 0 || span.minutes % Interval.day == 0 else {
            throw IntervalError(text: text, reason: "an interval must divide a day (such as 5m, 15m, 2h, 6h) or be whole days")
        }
        minutes = span.minutes
    }

    package init(minutes: Int) { self.minutes = minutes }

    package var seconds: Int64 { Int64(minutes) * 60 }

    package var description: String { Span(minutes: minutes).description }
}

package struct IntervalError: Error, Equatable {
    package var text: String
    package var reason: String
}
