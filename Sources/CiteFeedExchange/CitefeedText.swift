import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// citefeed's own `txt` export read back (`import --format txt`, and found by `import` on its
/// own): each citation as `“text”`, its back's lines after `→`, `— Author, Source`
/// (`Attribution`), `[tag, tag]`, and a blank line between citations. A text may hold blank
/// lines and quotation marks: it ends at the first line ending in `”` after which the rest of
/// a citation and then a blank line (or the end) follow, and the next one starts with `“`.
enum CitefeedText {
    /// Whether `text` begins as this export does: its first citation reads whole.
    static func looksLike(_ text: String) -> Bool {
        let lines = text.lines.map(String.init)
        var i = 0
        while i < lines.count, lines[i].trimmingWhitespace().isEmpty { i += 1 }
        guard i < lines.count, lines[i].hasPrefix("“") else { return false }
        return citation(lines, at: i, atEnd: { $0 >= lines.count }) != nil
    }

    static func records(name: String, text: String) throws(ImportError) -> [ImportRecord] {
        let lines = text.lines.map(String.init)
        var records: [ImportRecord] = []
        var i = 0
        while true {
            while i < lines.count, lines[i].trimmingWhitespace().isEmpty { i += 1 }
            guard i < lines.count else { break }
            guard lines[i].hasPrefix("“"), let (record, next) = citation(lines, at: i, atEnd: { _ in false }) else {
                throw .malformed(name, "line \(i + 1): a citation of citefeed's txt export starts with “ and its text ends with ” on a line of its own end")
            }
            records.append(record)
            i = next
        }
        return records
    }

    /// The citation whose text starts at line `start`, and the line after it. `atEnd`: whether
    /// a citation running to line `n` counts as whole (detection reads only a file's start).
    private static func citation(_ lines: [String], at start: Int, atEnd: (Int) -> Bool) -> (ImportRecord, Int)? {
        for end in start..<lines.count where lines[end].hasSuffix("”") && (end > start || lines[end].count >= 2) {
            var k = end + 1
            var back: [String] = []
            while k < lines.count, lines[k] == "→" || lines[k].hasPrefix("→ ") {
                back.append(lines[k] == "→" ? "" : String(lines[k].dropFirst(2)))
                k += 1
            }
            var author: String?, source: String?
            if k < lines.count, lines[k].hasPrefix("— ") {
                let words = String(lines[k].dropFirst(2))
                if let parsed = Attribution.parse(words) {
                    (author, source) = parsed
                } else if let (a, s, _) = Importers.attribution(["", "— " + words]) {
                    (author, source) = (a, s)
                }
                k += 1
            }
            var tags: [String] = []
            if k < lines.count, lines[k].hasPrefix("["), lines[k].hasSuffix("]") {
                tags = lines[k].dropFirst().dropLast().split(separator: ",").map { String($0).trimmingWhitespace() }
                k += 1
            }
            // Then a blank line, or the end, and the next citation (or nothing).
            guard k >= lines.count || lines[k].trimmingWhitespace().isEmpty else { continue }
            var next = k
            while next < lines.count, lines[next].trimmingWhitespace().isEmpty { next += 1 }
            guard next >= lines.count || lines[next].hasPrefix("“") || atEnd(next) else { continue }
            var text = lines[start...end].joined(separator: "\n")
            text.removeFirst()
            text.removeLast()
            var record = ImportRecord(location: .line(start + 1), text: text, author: author)
            record.source = source
            record.back = back.isEmpty ? nil : back.joined(separator: "\n")
            record.tags = tags
            return (record, k)
        }
        return nil
    }
}
