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
        (text.contains("class=\"noteHeading\"") && text.contains("class=\"noteText\"")) || looksLike(cloud: text)
    }

    /// read.amazon.com's notebook, saved from a browser.
    static func looksLike(cloud text: String) -> Bool {
        text.contains("kp-notebook-annotations") && text.contains("annotationHighlightHeader")
    }

    static func highlights(_ html: String) -> Highlights {
        if looksLike(cloud: html) { return cloud(html) }
        var title: String?, author: String?
        var found = Highlights()
        var entry = 0
        var heading: String?
        /// A heading whose entry had no text (a bookmark has none).
        func textless(_ heading: String) {
            if heading.lowercased().hasPrefix("bookmark") { found.bookmarks += 1 } else { found.empty += 1 }
        }
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
                    if let pending = heading { textless(pending) }
                    heading = text
                default:
                    guard let h = heading else { continue }
                    heading = nil
                    entry += 1
                    let kind = h.prefix { $0 != " " && $0 != "(" && $0 != "-" }.lowercased()
                    if kind == "bookmark" || (text.isEmpty && kind != "highlight" && kind != "note") {
                        found.bookmarks += 1
                        continue
                    }
                    guard !text.isEmpty else {
                        found.empty += 1
                        continue
                    }
                    if kind == "note" && !lastHasNote, !found.records.isEmpty {
                        found.records[found.records.count - 1].back = text
                        lastHasNote = true
                        continue
                    }
                    var record = ImportRecord(location: .record(entry), text: text)
                    if kind == "highlight", let open = h.firstIndex(of: "("), let close = h[open...].firstIndex(of: ")") {
                        found.colour(String(h[h.index(after: open)..<close]), of: &record)
                    }
                    found.records.append(record)
                    lastHasNote = kind == "note"
                }
            }
        }
        if let pending = heading { textless(pending) }
        // The book's title and authors, wherever the page has them.
        for i in found.records.indices {
            found.records[i].source = title
            found.records[i].author = author
        }
        return found
    }

    /// read.amazon.com's notebook saved as a page: the book in `h3.kp-notebook-metadata` and its
    /// author in the `p.kp-notebook-metadata` after it ("By: …"); in `#kp-notebook-annotations`,
    /// a row per annotation: `span#annotationHighlightHeader` ("Yellow highlight | Location:
    /// 222", "Note | …", "Bookmark | …"), `span#highlight` and `span#note` (Amazon repeats these
    /// ids in every row). A highlight's note is its back; a note on no passage is a citation of
    /// its own, as in Kindle's clippings; a bookmark is left out; the colour becomes a tag.
    static func cloud(_ html: String) -> Highlights {
        var title: String?, author: String?
        var found = Highlights()
        var rows = 0
        var entry: (header: String, text: String, note: String)?
        func flush() {
            guard let (header, text, note) = entry else { return }
            entry = nil
            rows += 1
            var record = ImportRecord(location: .record(rows), text: text.isEmpty ? note : text)
            if !text.isEmpty, !note.isEmpty { record.back = note }
            guard record.text?.isEmpty == false else {
                if header.lowercased().hasPrefix("bookmark") { found.bookmarks += 1 } else { found.empty += 1 }
                return
            }
            let words = header.split(separator: " ")
            if words.count > 1, words[1].lowercased().hasPrefix("highlight") { found.colour(String(words[0]), of: &record) }
            found.records.append(record)
        }
        // What is being read: which field, its element's name, how many of that name are open
        // inside it, and the text. A page saved from a browser may leave an element unclosed
        // (the browser closes it): the div that holds it ends it too.
        var capture: (what: String, name: String, open: Int, text: String)?
        func finish() {
            guard let (what, _, _, raw) = capture else { return }
            capture = nil
            let value = HTMLText.collapsedLines(raw)
            switch what {
            case "title": title = value.isEmpty ? nil : value
            case "author":
                let name = value.hasPrefix("By:") ? String(value.dropFirst(3)) : value
                author = KindleClippings.cleanAuthor(name)
            case "header": entry = (value, "", "")
            case "highlight": entry?.text = value
            default: entry?.note = value
            }
        }
        for token in HTMLText.tokens(html, attribute: { $0 == "span" ? "id" : "class" }) {
            switch token {
            case .open(let name, let value):
                if let current = capture {
                    if name == "br" { capture?.text += "\n" }
                    if name == "div" {
                        finish()
                    } else if name == current.name {
                        capture?.open += 1
                        continue
                    } else {
                        continue
                    }
                }
                switch (name, value) {
                case ("h3", let cls) where cls.contains("kp-notebook-metadata"): capture = ("title", name, 1, "")
                case ("p", let cls) where cls.contains("kp-notebook-metadata") && title != nil && author == nil:
                    capture = ("author", name, 1, "")
                case ("span", "annotationHighlightHeader"):
                    flush()
                    capture = ("header", name, 1, "")
                case ("span", "highlight") where entry != nil: capture = ("highlight", name, 1, "")
                case ("span", "note") where entry != nil: capture = ("note", name, 1, "")
                default: break
                }
            case .text(let text):
                capture?.text += text
            case .close(let name):
                guard let current = capture else { continue }
                if name == "div" {
                    finish()
                } else if name == current.name {
                    capture?.open -= 1
                    if capture?.open == 0 { finish() }
                }
            }
        }
        finish()
        flush()
        for i in found.records.indices {
            found.records[i].source = title
            found.records[i].author = author
        }
        return found
    }
}
