import CiteFeedSupport

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
