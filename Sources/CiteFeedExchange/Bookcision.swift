import CiteFeedModel
import CiteFeedSupport

/// Bookcision's JSON, Kindle highlights saved from read.amazon.com: `{"asin", "title",
/// "authors", "highlights": [{"text", "isNoteOnly", "location": {"value"}, "note"}]}`. A
/// highlight becomes a citation with the book as source, the authors turned round as for
/// Kindle's clippings and its note as the back; a note on no passage (`isNoteOnly`) is a
/// citation of its own, as a note Kindle's clippings cannot place is; an item with neither text
/// nor note (`"text": null`) is left out as an empty highlight.
enum Bookcision {
    static func looksLike(_ text: Substring) -> Bool {
        text.first == "{" && text.contains("\"highlights\"") && (text.contains("\"isNoteOnly\"") || text.contains("\"asin\""))
    }

    static func reader(name: String, bytes: [UInt8]) throws(ImportError) -> ImportReader {
        let document = try Importers.parseJSON(bytes, name: name)
        guard let items = document["highlights"]?.arrayValue else {
            throw .malformed(name, "a Bookcision file is an object with a list of \"highlights\"")
        }
        let title = document["title"]?.stringValue?.trimmingWhitespace()
        let author = document["authors"]?.stringValue.flatMap(KindleClippings.cleanAuthor)
        var found = Highlights()
        for (i, item) in items.enumerated() {
            let text = item["text"]?.stringValue?.trimmingWhitespace() ?? ""
            let note = item["note"]?.stringValue?.trimmingWhitespace() ?? ""
            var record = ImportRecord(location: .record(i + 1), text: nil, author: author)
            record.source = title?.isEmpty == false ? title : nil
            if item["isNoteOnly"] == .bool(true) || text.isEmpty {
                guard !note.isEmpty else {
                    found.empty += 1
                    continue
                }
                record.text = note
            } else {
                record.text = text
                record.back = note.isEmpty ? nil : note
            }
            found.records.append(record)
        }
        return found.reader
    }
}
