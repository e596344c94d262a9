import CiteFeedModel
import CiteFeedSupport

/// Hypothesis annotations: the API's search results (`{"total", "rows": […]}`) and the
/// client's export (`{"export_date", "annotations": […]}`). The quote is the
/// `TextQuoteSelector`'s `exact` (the annotation's `text` is the annotator's comment, which
/// becomes the back), the source is the page's title and address (`Title — https://…`, which
/// `open` and the feeds link to), the tags are kept where they are valid tag names, `created`
/// is the date. Page notes and replies quote nothing: they are left out and counted.
enum Hypothesis {
    static func looksLike(_ text: Substring) -> Bool {
        text.first == "{"
            && (text.contains("\"TextQuoteSelector\"")
                || (text.contains("\"target\"") && (text.contains("\"rows\"") || text.contains("\"export_date\""))))
    }

    static func reader(name: String, bytes: [UInt8]) throws(ImportError) -> ImportReader {
        let document = try Importers.parseJSON(bytes, name: name)
        guard let rows = (document["rows"] ?? document["annotations"])?.arrayValue ?? document.arrayValue else {
            throw .malformed(name, "Hypothesis annotations are a list under \"rows\" (the API) or \"annotations\" (the client's export)")
        }
        var found = Highlights()
        var pageNotes = 0, replies = 0
        for (i, row) in rows.enumerated() {
            if let references = row["references"]?.arrayValue, !references.isEmpty {
                replies += 1
                continue
            }
            let selectors = (row["target"]?.arrayValue ?? []).flatMap { $0["selector"]?.arrayValue ?? [] }
            guard let quote = selectors.first(where: { $0["type"]?.stringValue == "TextQuoteSelector" })?["exact"]?.stringValue else {
                pageNotes += 1
                continue
            }
            let text = quote.trimmingWhitespace()
            guard !text.isEmpty else {
                found.empty += 1
                continue
            }
            var record = ImportRecord(location: .record(i + 1), text: text)
            record.back = row["text"]?.stringValue.trimmedNonEmpty
            let title = row["document"]?["title"]?.arrayValue?.first?.stringValue ?? row["document"]?["title"]?.stringValue
            let address = row["uri"]?.stringValue ?? row["target"]?.arrayValue?.first?["source"]?.stringValue
            record.source = Highlights.source(title, address)
            record.tags = (row["tags"]?.arrayValue ?? []).compactMap { $0.stringValue.flatMap { try? Tag.validateName($0) } }
            record.createdAt = row["created"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
            record.updatedAt = row["updated"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
            found.records.append(record)
        }
        found.others = [("page note", pageNotes), ("reply", replies)]
        return found.reader
    }
}
