import CiteFeedSupport

/// A span of whole minutes as citefeed's settings write it: numbers with units (`30m`, `7h`,
/// `1d7h`, `7d`) or `0`. The one place durations are parsed and printed: `interval`,
/// `offset` and the learning steps; `TimeOfDay` beside it does `activeHours` and `dayStartsAt`,
/// and `approximate` the spans shown to people ("due again in 3d").
package struct Span: Hashable, Sendable, CustomStringConvertible {
    package let minutes: Int

    package static let day = 1440
    static let units: [(Character, Int)] = [("d", day), ("h", 60), ("m", 1)]

    package init(minutes: Int) { self.minutes = minutes }

    /// `N` and a unit, or several with a unit each (`1d7h`, `2h30m`), or `0`; `nil` when the
    /// text is not one. A number is capped at 2^31 − 1 of its unit, so a span too large to
    /// count stays too large for the caller's range check, which refuses it.
    package init?(parsing text: String) {
        let s = text.trimmingWhitespace().lowercased()
        if s == "0" {
            minutes = 0
            return
        }
        var total = 0, number: Int?, used: Set<Character> = []
        for c in s {
            if let digit = c.wholeNumberValue, c.isASCII {
                number = min((number ?? 0) * 10 + digit, Int(Int32.max))
            } else if let factor = Span.units.first(where: { $0.0 == c })?.1, let n = number, used.insert(c).inserted {
                total += n * factor  // at most three units of at most 2^31 − 1 days: no overflow
                number = nil
            } else {
                return nil
            }
        }
        guard number == nil, !s.isEmpty else { return nil }
        minutes = total
    }

    /// The shortest spelling: `1d7h`, `30m`, `1d` rather than `24h`, `0`.
    package var description: String {
        guard minutes > 0 else { return "0" }
        var text = ""
        var rest = minutes
        for (unit, factor) in Span.units where rest >= factor {
            text += "\(rest / factor)\(unit)"
            rest %= factor
        }
        return text
    }

    /// A span of seconds for people, rounded to one unit: `<1m`, `10m`, `3h`, `4d`, `2.5mo`,
    /// `1.2y`.
    package static func approximate(seconds: Int64) -> String {
        let minutes = Double(seconds) / 60
        if seconds < 60 { return "<1m" }
        if minutes < 60 { return "\(Int(minutes.rounded()))m" }
        let hours = minutes / 60
        if hours < 24 { return "\(Int(hours.rounded()))h" }
        let days = hours / 24
        if days < 30 { return "\(Int(days.rounded()))d" }
        func tenths(_ value: Double, _ unit: String) -> String {
            let v = (value * 10).rounded() / 10
            return (v == v.rounded() ? "\(Int(v))" : "\(v)") + unit
        }
        return days < 365 ? tenths(days / 30, "mo") : tenths(days / 365, "y")
    }
}
