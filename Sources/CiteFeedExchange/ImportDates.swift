import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Dates as quote files write them: RFC 3339 (`2024-05-01T10:00:00Z`, or with a space), or a
/// date and time without an offset, read as local time (`TZ`), or a date alone (local midnight).
enum ImportDates {
    /// English month names, as English dates and the C locale's `%B` write them.
    static let englishMonths = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ]

    /// The number of an English month name (any case), 1 to 12.
    static func englishMonth(_ name: some StringProtocol) -> Int? { englishMonths.firstIndex(of: name.lowercased()).map { $0 + 1 } }

    /// A date and time that a program stored in UTC without saying so (`2024-01-15T14:30:00.000`,
    /// `2024-01-15 14:30:00`), or with an offset; nil for none (Kobo's `0000-00-00T…`).
    static func utc(_ text: String) -> Timestamp? {
        let t = text.trimmingWhitespace()
        guard t.count >= 19, !t.hasPrefix("0000") else { return nil }
        return Timestamp(rfc3339: t) ?? Timestamp(rfc3339: t + "Z")
    }

    static func parse(_ text: String) -> Timestamp? {
        let t = text.trimmingWhitespace()
        if let stamp = Timestamp(rfc3339: t) { return stamp }
        let parts = t.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == "T" || $0 == ":" })
        guard parts.count == 3 || parts.count == 5 || parts.count == 6, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }) else { return nil }
        let n = parts.compactMap { Int($0) }
        guard n.count == parts.count, parts[0].count == 4 else { return nil }
        return Timestamp.local(
            year: n[0], month: n[1], day: n[2], hour: n.count > 3 ? n[3] : 0, minute: n.count > 4 ? n[4] : 0, second: n.count > 5 ? n[5] : 0
        )
    }
}
