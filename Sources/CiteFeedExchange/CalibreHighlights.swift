import CiteFeedModel
import CiteFeedSupport

/// Calibre's e-book viewer's highlights, exported (`{"type": "calibre_highlights", "version": 1,
/// "highlights": […]}`, saved as `highlights.calibre_highlights` with a byte order mark), and
/// the annotation collections of its browser viewer and library (`"type":
/// "calibre_annotation_collection"`, `"annotations"`, which may hold bookmarks). Each highlight
/// becomes a citation: `highlighted_text` → text, `notes` → back, the innermost of
/// `toc_family_titles` → the chapter in the source, `timestamp` → created, a built-in colour
/// (`style.which`) → a tag. The export names no book: the title comes from the file's name where
/// calibre put it there ("Title - highlights.json"), else the source is the chapter alone.
/// Removed highlights and bookmarks are left out and counted.
enum CalibreHighlights {
    static func looksLike(_ text: Substring) -> Bool {
        text.first == "{" && (text.contains("\"calibre_highlights\"") || text.contains("\"calibre_annotation_collection\""))
    }

    static func reader(name: String, bytes: [UInt8]) throws(ImportError) -> ImportReader {
        let document = try Importers.parseJSON(bytes, name: name)
        guard let items = (document["highlights"] ?? document["annotations"])?.arrayValue else {
            throw .malformed(name, "calibre's export holds a list of \"highlights\" (or \"annotations\")")
        }
        let file = name.split(separator: "/").last.map(String.init) ?? name
        let title = file.hasSuffix(" - highlights.json") ? String(file.dropLast(" - highlights.json".count)).trimmingWhitespace() : nil
        var found = Highlights()
        var removed = 0
        for (i, item) in items.enumerated() {
            if item["removed"] == .bool(true) {
                removed += 1
                continue
            }
            guard item["type"]?.stringValue ?? "highlight" == "highlight" else {
                found.bookmarks += 1
                continue
            }
            guard let text = item["highlighted_text"]?.stringValue?.trimmingWhitespace(), !text.isEmpty else {
                found.empty += 1
                continue
            }
            var record = ImportRecord(location: .record(i + 1), text: text)
            record.back = item["notes"]?.stringValue.trimmedNonEmpty
            record.source = Highlights.source(title, item["toc_family_titles"]?.arrayValue?.last?.stringValue)
            record.createdAt = item["timestamp"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
            if item["style"]?["type"]?.stringValue == "builtin", item["style"]?["kind"]?.stringValue == "color" {
                found.colour(item["style"]?["which"]?.stringValue, of: &record)
            }
            found.records.append(record)
        }
        found.others = [("removed highlight", removed)]
        return found.reader
    }
}
