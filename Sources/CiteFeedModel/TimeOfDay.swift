import CiteFeedSupport

/// A local time of day, `HH:MM` (or `H:MM`), from 00:00 to 24:00, as minutes after midnight.
package enum TimeOfDay {
    package static func minutes(_ text: some StringProtocol) -> Int? {
        let p = text.split(separator: ":", omittingEmptySubsequences: false)
        guard p.count == 2, (1...2).contains(p[0].count), p[1].count == 2, p.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let h = Int(p[0]), let m = Int(p[1]), m < 60, h < 24 || h == 24 && m == 0
        else { return nil }
        return h * 60 + m
    }

    /// `HH:MM` of minutes after midnight.
    package static func text(_ m: Int) -> String { (m / 60 < 10 ? "0" : "") + "\(m / 60):" + (m % 60 < 10 ? "0" : "") + "\(m % 60)" }
}
