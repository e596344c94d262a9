import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// citefeed's own `txt` export read back (`import --format txt`, and found by `import` on its
/// own). A citation is a block of lines, blocks parted by an empty line:
///
///     “The text, its lines after the first
///       indented by two spaces (an empty one is two spaces)”
///     → its back, each line after →
///     — Author, Source
///     [tag, tag]
///
/// So a text's lines never look like the lines after it, whatever they hold (quotation marks,
/// a dash, an empty line), and each block reads one way.
enum CitefeedText {
    /// `text` as the export writes it between “ and ”: its lines after the first indented.
    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            $0.offset == 0 ? String($0.element) : "  " + $0.element
        }
        .joined(separator: "\n")
    }

    /// Whether `text` begins as this export does: its first block reads as a citation. `cut`:
    /// `text` is the start of a longer file (a block running to its end may be cut).
    static func looksLike(_ text: String, cut: Bool) -> Bool {
        let lines = text.lines.map(String.init)
        var i = 0
        while i < lines.count, isSeparator(lines[i]) { i += 1 }
        guard i < lines.count, lines[i].hasPrefix("“") else { return false }
        var end = i
        while end < lines.count, !isSeparator(lines[end]) { end += 1 }
        // The file's start only (a detection reads 64 KiB): a block cut at its end is taken.
        return citation(Array(lines[i..<end]), line: i + 1) != nil || (cut && end == lines.count)
    }

    static func records(name: String, text: String) throws(ImportError) -> [ImportRecord] {
        let lines = text.lines.map(String.init)
        var records: [ImportRecord] = []
        var i = 0
        while i < lines.count {
            if isSeparator(lines[i]) {
                i += 1
                continue
            }
            var end = i
            while end < lines.count, !isSeparator(lines[end]) { end += 1 }
            guard let record = citation(Array(lines[i..<end]), line: i + 1) else {
                throw .malformed(
                    name,
                    "line \(i + 1): a citation of citefeed's txt export is “text” (its other lines indented by two spaces), then its back's lines after →, — Author, Source and [tags]"
                )
            }
            records.append(record)
            i = end
        }
        return records
    }

    /// A line between citations: empty, or white space that is not a text's indented empty line.
    private static func isSeparator(_ line: String) -> Bool {
        line.trimmingWhitespace().isEmpty && !line.hasPrefix("  ")
    }

    /// The citation of one block (`line`: the number of its first line).
    private static func citation(_ block: [String], line: Int) -> ImportRecord? {
        guard let first = block.first, first.hasPrefix("“") else { return nil }
        var k = 1
        while k < block.count, block[k].hasPrefix("  ") { k += 1 }
        var text = ([first] + block[1..<k].map { String($0.dropFirst(2)) }).joined(separator: "\n")
        guard text.count >= 2, text.hasSuffix("”") else { return nil }
        text.removeFirst()
        text.removeLast()
        var back: [String] = []
        while k < block.count, let line = Importers.BackLines.text(of: block[k]) {
            back.append(line)
            k += 1
        }
        var author: String?, source: String?
        if k < block.count, block[k].hasPrefix("— ") {
            if let (a, s, _) = Importers.attribution(["", block[k]]) { (author, source) = (a, s) }
            k += 1
        }
        var tags: [String] = []
        if k < block.count, block[k].hasPrefix("["), block[k].hasSuffix("]") {
            tags = block[k].dropFirst().dropLast().split(separator: ",").map { String($0).trimmingWhitespace() }
            k += 1
        }
        guard k == block.count else { return nil }
        var record = ImportRecord(location: .line(line), text: text, author: author)
        record.source = source
        record.back = back.isEmpty ? nil : back.joined(separator: "\n")
        record.tags = tags
        return record
    }
}
