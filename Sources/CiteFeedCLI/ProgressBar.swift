import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// The progress bar of a long import, on standard error when it is a terminal (README, "Import
/// and export"). It appears only once the import has taken `delay` milliseconds (a quick import
/// stays quiet), redraws at most ten times a second, and is erased by `finish`, so that the
/// summary line stands alone:
///
///     importing [############............]  48%  48,128 records
struct ProgressBar {
    static let width = 24
    private let stream: OutputStream
    private let delay: Int64
    private let started = Posix.monotonicMilliseconds()
    private var lastDrawn: Int64?

    init(stream: OutputStream, delay: Int64) {
        self.stream = stream
        self.delay = delay
    }

    mutating func update(_ progress: ImportProgress) {
        let now = Posix.monotonicMilliseconds()
        guard now - started >= delay else { return }
        if case .reading = progress, let lastDrawn, now - lastDrawn < 100 { return }
        lastDrawn = now
        stream.write("\r\u{1B}[K\(ProgressBar.line(progress))")
    }

    /// Draws `label [####....]  48%` for work other than an import.
    mutating func update(_ label: String, fraction: Double) {
        let now = Posix.monotonicMilliseconds()
        guard now - started >= delay else { return }
        if let lastDrawn, now - lastDrawn < 100, fraction < 1 { return }
        lastDrawn = now
        stream.write("\r\u{1B}[K\(ProgressBar.bar(label, fraction))")
    }

    /// Erases the bar, if it was drawn.
    func finish() {
        if lastDrawn != nil { stream.write("\r\u{1B}[K") }
    }

    static func line(_ progress: ImportProgress) -> String {
        switch progress {
        case let .reading(records, fraction):
            return bar("importing", fraction) + "  " + grouped(records) + " records"
        case .indexing:
            return "importing [" + String(repeating: "#", count: width) + "] 100%  building the search index…"
        }
    }

    /// `LABEL [#######.................]  30%`.
    static func bar(_ label: String, _ fraction: Double) -> String {
        let f = min(max(fraction, 0), 1)
        let filled = Int(f * Double(width)), percent = String(Int(f * 100))
        let marks: String = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let padded: String = String(repeating: " ", count: 3 - percent.count) + percent
        return "\(label) [\(marks)] \(padded)%"
    }

    /// 48128 → `48,128`.
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return out
    }
}
