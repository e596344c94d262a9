/// A moment in whole seconds since 1970-01-01T00:00:00Z. citefeed keeps every date as one of
/// these and formats them by hand (RFC 3339 here, RFC 822 for RSS) so that the binary needs
/// neither ICU nor Foundation's formatters. Local time comes from the C library, which honours `TZ`.
package struct Timestamp: Hashable, Comparable, Sendable {
    package var seconds: Int64

    package init(seconds: Int64) { self.seconds = seconds }

    /// Whether it falls in the years 1 to 9999, which RFC 3339 (and so every output) can write
    /// and every calculation on dates can take: an import leaves a date outside them unset.
    package var isInCivilRange: Bool { (-62_135_596_800...253_402_300_799).contains(seconds) }

    package static func < (a: Timestamp, b: Timestamp) -> Bool { a.seconds < b.seconds }

    /// The system clock.
    package static func systemNow() -> Timestamp { Timestamp(seconds: Int64(time(nil))) }

    /// `2026-03-01T08:30:00Z`.
    package var rfc3339UTC: String {
        let c = CivilTime(utc: seconds)
        guard (0...9999).contains(c.year) else { return c.dateTimeString + "Z" }
        // Written digit by digit into one string: an export formats three per citation.
        return String(unsafeUninitializedCapacity: 20) { out in
            func put(_ value: Int64, _ width: Int, at start: Int) {
                var v = value
                for i in stride(from: start + width - 1, through: start, by: -1) {
                    out[i] = UInt8(48 + v % 10)
                    v /= 10
                }
            }
            put(c.year, 4, at: 0)
            put(c.month, 2, at: 5)
            put(c.day, 2, at: 8)
            put(c.hour, 2, at: 11)
            put(c.minute, 2, at: 14)
            put(c.second, 2, at: 17)
            out[4] = 0x2D
            out[7] = 0x2D
            out[10] = 0x54
            out[13] = 0x3A
            out[16] = 0x3A
            out[19] = 0x5A
            return 20
        }
    }

    /// Parses RFC 3339 / ISO 8601 date-times with `Z` or a numeric offset
    /// (`2026-03-01T09:30:00+01:00`, fractional seconds dropped). `nil` when invalid.
    package init?(rfc3339 text: String) {
        var text = text
        guard let seconds = text.withUTF8(Timestamp.parseRFC3339) else { return nil }
        self.seconds = seconds
    }

    private static func parseRFC3339(_ b: UnsafeBufferPointer<UInt8>) -> Int64? {
        func number(_ from: Int, _ count: Int) -> Int64? {
            guard from + count <= b.count else { return nil }
            var v: Int64 = 0
            for i in from..<(from + count) {
                guard (48...57).contains(b[i]) else { return nil }
                v = v * 10 + Int64(b[i] - 48)
            }
            return v
        }
        guard b.count >= 20, let y = number(0, 4), b[4] == UInt8(ascii: "-"), let mo = number(5, 2),
            b[7] == UInt8(ascii: "-"), let d = number(8, 2),
            b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t") || b[10] == UInt8(ascii: " "),
            let h = number(11, 2), b[13] == UInt8(ascii: ":"), let mi = number(14, 2), b[16] == UInt8(ascii: ":"),
            let s = number(17, 2)
        else { return nil }
        var i = 19
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < b.count, (48...57).contains(b[i]) { i += 1 }
            if i == start { return nil }
        }
        guard i < b.count else { return nil }
        var offset: Int64 = 0
        if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
            i += 1
        } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            guard let oh = number(i + 1, 2), i + 3 < b.count, b[i + 3] == UInt8(ascii: ":"), let om = number(i + 4, 2),
                oh < 24, om < 60
            else { return nil }
            offset = (oh * 60 + om) * 60 * (b[i] == UInt8(ascii: "-") ? -1 : 1)
            i += 6
        } else {
            return nil
        }
        guard i == b.count, (1...12).contains(mo), d >= 1, d <= CivilTime.daysIn(month: mo, year: y), h < 24, mi < 60, s < 61 else {
            return nil
        }
        let days = CivilTime.daysFromCivil(year: y, month: mo, day: d)
        return days * 86400 + h * 3600 + mi * 60 + min(s, 59) - offset
    }
}

extension Timestamp {
    /// The moment a local date and time (as `TZ` has it) names; `nil` when it is not a date.
    package static func local(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Timestamp? {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= CivilTime.daysIn(month: Int64(month), year: Int64(year)),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        // The wall clock as if it were UTC, less the zone's offset at that moment, found again at
        // the result until it holds (twice at most, but for a time a change of offset skips,
        // which takes the offset before the change, as mktime does). localtime_r, not mktime:
        // mktime looks at the zone's file again on every call (an import of 50,000 dated
        // highlights spent 4% of its time in stat).
        let wall =
            CivilTime.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day)) * 86400 + Int64(hour) * 3600
            + Int64(minute) * 60 + Int64(min(second, 59))
        let first = wall - CivilTime.local(wall).1
        let second = wall - CivilTime.local(first).1
        if second == first || wall - CivilTime.local(second).1 == second { return Timestamp(seconds: second) }
        // In a gap (the clocks went forward past it): the offset before the change, the smaller.
        return Timestamp(seconds: wall - min(CivilTime.local(first).1, CivilTime.local(second).1))
    }
}

package func pad(_ value: Int64, _ width: Int) -> String {
    let s = String(value)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}

extension Timestamp {
    /// This moment as people say it from `now`, the one relative-time formatter: "just now",
    /// "5 minutes ago", "yesterday", "3 days ago", "2 months ago", or the date for anything a
    /// year old; ahead of `now` (a card's next review), "in 10 minutes", "in 3 days", "in 2
    /// months", or the date a year ahead.
    package func relative(to now: Timestamp) -> String {
        let delta = now.seconds - seconds
        let ahead = delta < 0, span = delta.magnitude
        func phrase(_ n: UInt64, _ unit: String) -> String {
            let amount = n == 1 ? "1 \(unit)" : "\(n) \(unit)s"
            return ahead ? "in " + amount : amount + " ago"
        }
        switch span {
        case ..<60: return "just now"
        case ..<3600: return phrase(span / 60, "minute")
        case ..<86400: return phrase(span / 3600, "hour")
        case ..<(2 * 86400) where !ahead: return "yesterday"
        case ..<(31 * 86400): return phrase(span / 86400, "day")
        case ..<(365 * 86400): return phrase(span / (30 * 86400), "month")
        default: return "on " + CivilTime.local(seconds).0.dateString
        }
    }

    /// Local date and time for people: `2026-03-01 09:30`.
    package var localShort: String {
        let c = CivilTime.local(seconds).0
        return c.dateString + " " + pad(c.hour, 2) + ":" + pad(c.minute, 2)
    }
}

extension Timestamp {
    /// Whole days from `earlier` to this moment, rounded down (a negative span is −1 day or less).
    package func days(since earlier: Timestamp) -> Int64 { (seconds - earlier.seconds).floorDivided(by: 86400) }
}

extension Int64 {
    /// The quotient rounded towards minus infinity (`/` rounds towards zero); `divisor` > 0.
    package func floorDivided(by divisor: Int64) -> Int64 { self >= 0 ? self / divisor : (self - divisor + 1) / divisor }
}
