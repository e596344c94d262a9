import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Kindle's notebook as HTML (the Kindle apps' "Export notebook", and read.amazon.com saved as
/// a page): `bookTitle` and `authors`, then entries, each a `noteHeading` (`Highlight (yellow) -
/// Location 481`, `- Page 3`, `- Chapter > Page 3`, `Note - …`, `Bookmark - …`) and its
/// `noteText`. Highlights become citations with the book as source and the authors turned round
/// as for Kindle's clippings; a note goes to the back of the highlight before it (Kindle writes
/// a note right after its highlight), or is a citation of its own when that one has a note
/// already; bookmarks are left out. The highlight's colour becomes a tag, as for KOReader.
enum KindleNotebook {
    static func looksLike(_ text: String) -> Bool {
        text.contains("class=\"noteHeading\"") && text.contains("class=\"noteText\"")
    }

    static func records(_ html: String) -> (records: [ImportRecord], skipped: [(String, Int)], tags: [Tag]) {
        var title: String?, author: String?
        var records: [ImportRecord] = []
        var colours: [String] = []
        var bookmarks = 0, empty = 0, entry = 0
        var heading: String?
        var lastHasNote = true
        var capturing: (cls: String, depth: Int, text: String)?
        var depth = 0
        for token in HTMLText.tokens(html) {
            switch token {
            case .open(let name, let cls):
                if name == "br", capturing != nil { capturing?.text += "\n" }
                guard name == "div" else { continue }
                depth += 1
                if capturing == nil, ["bookTitle", "authors", "noteHeading", "noteText"].contains(cls) { capturing = (cls, depth, "") }
            case .text(let text):
                capturing?.text += text
            case .close(let name):
                guard name == "div" else { continue }
                defer { depth -= 1 }
                guard let (cls, at, raw) = capturing, at == depth else { continue }
                capturing = nil
                let text = HTMLText.collapsed(raw)
                switch cls {
                case "bookTitle": title = text.isEmpty ? nil : text
                case "authors": author = KindleClippings.cleanAuthor(text)
                case "noteHeading":
                    // A heading without text of its own (a bookmark has none) before this one.
                    if let pending = heading { pending.lowercased().hasPrefix("bookmark") ? (bookmarks += 1) : (empty += 1) }
                    heading = text
                default:
                    guard let h = heading else { continue }
                    heading = nil
                    entry += 1
                    let kind = h.prefix { $0 != " " && $0 != "(" && $0 != "-" }.lowercased()
                    if kind == "bookmark" || (text.isEmpty && kind != "highlight" && kind != "note") {
                        bookmarks += 1
                        continue
                    }
                    guard !text.isEmpty else {
                        empty += 1
                        continue
                    }
                    if kind == "note" && !lastHasNote, !records.isEmpty {
                        records[records.count - 1].back = text
                        lastHasNote = true
                        continue
                    }
                    var record = ImportRecord(location: .record(entry), text: text, author: author)
                    record.source = title
                    if kind == "highlight", let open = h.firstIndex(of: "("), let close = h[open...].firstIndex(of: ")") {
                        let colour = String(h[h.index(after: open)..<close]).trimmingWhitespace().lowercased()
                        if !colour.isEmpty, (try? Tag.validateName(colour)) != nil {
                            record.tags = [colour]
                            if !colours.contains(colour) { colours.append(colour) }
                        }
                    }
                    records.append(record)
                    lastHasNote = kind == "note"
                }
            }
        }
        if let pending = heading { pending.lowercased().hasPrefix("bookmark") ? (bookmarks += 1) : (empty += 1) }
        // The book's title and authors come before the entries, but a saved page may order them
        // otherwise: every record gets them.
        for i in records.indices {
            if records[i].source == nil { records[i].source = title }
            if records[i].author == nil { records[i].author = author }
        }
        var skipped: [(String, Int)] = []
        if bookmarks > 0 { skipped.append(("bookmark", bookmarks)) }
        if empty > 0 { skipped.append(("empty highlight", empty)) }
        return (records, skipped, colours.map { Tag(name: $0, color: Palette.names.contains($0) ? $0 : "#808080") })
    }
}
