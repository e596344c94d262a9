/// Readers for each import format; each turns the file into records.
enum Importers {
    /// Picks the format from the file name and the content (its first 64 KiB, which hold
    /// whatever tells one format from another).
    static func detect(name: String, bytes: [UInt8]) -> ImportFormat? {
        let lower = name.lowercased()
        if lower.hasSuffix(".csv") { return .csv }
        if lower.hasSuffix(".fortune") { return .fortune }
        let text = String(decoding: bytes.prefix(65536), as: UTF8.self)
        let trimmed = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        if lower.hasSuffix(".json") || trimmed.first == "{" || trimmed.first == "[" {
            return trimmed.contains("\"quotes\"") && !trimmed.contains("\"citefeed\"") ? .dummyjson : .json
        }
        if text.contains("==========") && (text.contains("Your Highlight") || text.contains("Your Note") || text.contains("Your Bookmark"))
        {
            return .clippings
        }
        let firstLine = trimmed.prefix(while: { !$0.isNewline }).lowercased()
        if firstLine.hasPrefix("id,uuid,text") || firstLine.hasPrefix("highlight,") { return .csv }
        if text.split(whereSeparator: \.isNewline).contains("%") { return .fortune }
        return nil
    }

    /// A reader of `bytes` (valid UTF-8) as `format`. Errors found before the first record
    /// (malformed JSON, a CSV header that is neither citefeed's nor Readwise's) are thrown here.
    static func reader(_ format: ImportFormat, name: String, bytes: [UInt8]) throws(ImportError) -> ImportReader {
        switch format {
        case .auto: throw .unknownFormat(name)
        case .json, .dummyjson: return json(name: name, bytes: bytes)
        case .csv: return try csv(name: name, bytes: bytes)
        case .fortune: return ImportReader(records: fortune(String(decoding: bytes, as: UTF8.self)))
        case .clippings: return ImportReader(records: clippings(String(decoding: bytes, as: UTF8.self)))
        }
    }

    // MARK: Kindle "My Clippings.txt"

    /// Entries separated by `==========`: a title line `Book (Author)`, a line `- Your Highlight
    /// on page 3 | Location 45-46 | Added on …`, a blank line, the text. Highlights become
    /// citations with the book as source; a note becomes the back of the highlight it follows;
    /// bookmarks are skipped.
    static func clippings(_ text: String) -> [ImportRecord] {
        var records: [ImportRecord] = []
        var lineNumber = 1
        let cleaned = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        for entry in cleaned.replacing("\r\n", with: "\n").splitting(on: "==========") {
            let start = lineNumber
            lineNumber += entry.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            var lines = entry.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).replacing("\u{FEFF}", with: "") }
            while lines.first?.trimmingWhitespace().isEmpty == true { lines.removeFirst() }
            guard lines.count >= 2 else { continue }
            let title = lines[0].trimmingWhitespace()
            let meta = lines[1]
            let body = lines.dropFirst(2).joined(separator: "\n").trimmingWhitespace()
            var book = title
            var author: String?
            if title.hasSuffix(")"), let open = title.lastIndex(of: "(") {
                author = String(title[title.index(after: open)..<title.index(before: title.endIndex)]).trimmingWhitespace()
                book = String(title[..<open]).trimmingWhitespace()
            }
            if meta.contains("Your Note") {
                if let last = records.indices.last, records[last].source == book, !body.isEmpty {
                    records[last].back = body
                }
            } else if meta.contains("Your Highlight") {
                var r = ImportRecord(location: .line(start + 1), text: body, author: author)
                r.source = book
                records.append(r)
            }
        }
        return records
    }
}

extension String {
    func splitting(on separator: String) -> [String] {
        split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    }
}
