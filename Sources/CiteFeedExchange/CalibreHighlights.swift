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
/// Removed highlights and bookmarks are left out and counted. The viewer's own file of a book's
/// annotations (`~/.config/calibre/viewer/annots/SHA256.json`, for books opened outside a
/// library) is a list of the same objects; its book's title and authors come from the viewer's
/// list of recently opened books (`viewerBook`).
enum CalibreHighlights {
    static func looksLike(_ text: Substring) -> Bool {
        switch text.first {
        case "{": text.contains("\"calibre_highlights\"") || text.contains("\"calibre_annotation_collection\"")
        // The viewer's own file of a book's annotations: a list of them.
        case "[": (text.contains("\"highlighted_text\"") || text.contains("\"pos_type\"")) && text.contains("\"type\"")
        default: false
        }
    }

    /// `book`: the title and authors of the book, where they are known from elsewhere (the
    /// viewer's list of books it opened, `viewerBook`).
    static func reader(name: String, bytes: [UInt8], book: (title: String?, author: String?)? = nil) throws(ImportError) -> ImportReader {
        let document = try Importers.parseJSON(bytes, name: name)
        // calibre's viewer keeps each book's annotations as a list of its own.
        guard let items = document.arrayValue ?? (document["highlights"] ?? document["annotations"])?.arrayValue else {
            throw .malformed(name, "calibre's export holds a list of \"highlights\" (or \"annotations\")")
        }
        let file = name.split(separator: "/").last.map(String.init) ?? name
        let title =
            book?.title
            ?? (file.hasSuffix(" - highlights.json") ? String(file.dropLast(" - highlights.json".count)).trimmingWhitespace() : nil)
        var found = Highlights()
        var removed = 0
        var positions = 0
        for (i, item) in items.enumerated() {
            if item["removed"] == .bool(true) {
                removed += 1
                continue
            }
            // The viewer's own file keeps where the reading stopped among the annotations.
            if item["type"]?.stringValue == "last-read" {
                positions += 1
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
            var record = ImportRecord(location: .record(i + 1), text: text, author: book?.author)
            record.back = item["notes"]?.stringValue.trimmedNonEmpty
            record.source = Highlights.source(title, item["toc_family_titles"]?.arrayValue?.last?.stringValue)
            record.createdAt = item["timestamp"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
            if item["style"]?["type"]?.stringValue == "builtin", item["style"]?["kind"]?.stringValue == "color" {
                found.colour(item["style"]?["which"]?.stringValue, of: &record)
            }
            found.records.append(record)
        }
        found.others = [("removed highlight", removed), ("reading position", positions)].filter { $0.1 > 0 }
        return found.reader
    }

    /// The title and authors of the book whose annotations calibre's viewer keeps at `path`
    /// (`CONFIG/calibre/viewer/annots/SHA256.json`, the SHA-256 of the book's path), from the
    /// books it lists as recently opened (`CONFIG/calibre/viewer-webengine.json`,
    /// `session_data.standalone_recently_opened`: `pathtoebook`, `title`, `authors`); `nil`
    /// when it is not such a file or the book is not listed.
    static func viewerBook(annotations path: String) -> (title: String?, author: String?)? {
        let name = Posix.lastComponent(path)
        let annots = Posix.parentDirectory(path)
        guard name.hasSuffix(".json"), annots.hasSuffix("/viewer/annots") else { return nil }
        let key = String(name.dropLast(5)).lowercased()
        let config = Posix.parentDirectory(Posix.parentDirectory(annots))
        guard let bytes = try? Posix.readFile(config + "/viewer-webengine.json", limit: 16 << 20),
            let prefs = try? JSONParser.parse(bytes),
            let recent = prefs["session_data"]?["standalone_recently_opened"]?.arrayValue
        else { return nil }
        for entry in recent {
            guard let book = entry["pathtoebook"]?.stringValue, SHA256.hex(book) == key || entry["key"]?.stringValue == key else {
                continue
            }
            let authors = entry["authors"]?.arrayValue?.compactMap(\.stringValue) ?? entry["authors"]?.stringValue.map { [$0] } ?? []
            return (entry["title"]?.stringValue.trimmedNonEmpty, authors.isEmpty ? nil : authors.joined(separator: ", "))
        }
        return nil
    }
}
