import CiteFeedModel
import CiteFeedSupport

/// Google Play Books' "Notes from …" document (Google Drive keeps it in sync with the book),
/// downloaded as `.docx` (a zip; its `word/document.xml` is read) or as HTML. Both lay it out the
/// same way: a first table holding the cover and, in its last cell, the title (the first
/// heading) and the author (the next paragraph); second-level headings for chapters; and an
/// entry a table of three cells — the colour's icon, the text, the page. The text cell holds the
/// passage, the user's note if any, and the date ("January 2, 2016"); a bookmark holds only the
/// date. The passage → text, the note → back, title and chapter → source, the author (turned
/// round when written `Last, First`) → author, the date → created (local midnight), and in a
/// `.docx` the highlight's colour, which the passage's shading gives, → a tag.
enum PlayBooks {
    /// A `.docx`'s document part at most this big is read (Play Books' are under a megabyte).
    static let documentLimit = 64 << 20

    static func looksLike(html text: String) -> Bool {
        text.contains("<table")
            && (text.contains("notes/highlights") || text.contains("note/highlight") || text.contains("books-notes-export"))
    }

    /// Whether the file at `path` is a Word document holding Play Books' notes.
    static func looksLike(docxAt path: String) -> Bool {
        guard let bytes = try? Posix.readFile(path, limit: 100 << 20), let zip = try? ZipArchive(bytes),
            let entry = zip.entry("word/document.xml"), let xml = try? zip.contents(of: entry, limit: documentLimit)
        else { return false }
        return looksLike(html: "<table" + String(decoding: xml, as: UTF8.self))
    }

    static func docx(name: String, bytes: [UInt8]) throws(ImportError) -> ImportReader {
        let xml: [UInt8]
        do throws(ZipError) {
            let zip = try ZipArchive(bytes)
            guard let entry = zip.entry("word/document.xml") else {
                throw ZipError("it is a zip without word/document.xml, so not a Word document (.docx)")
            }
            xml = try zip.contents(of: entry, limit: documentLimit)
        } catch {
            throw .malformed(name, error.reason)
        }
        return highlights(String(decoding: xml, as: UTF8.self), docx: true).reader
    }

    static func html(_ text: String) -> ImportReader { highlights(text, docx: false).reader }

    /// The shading colours of Play Books' four highlight colours.
    private static let shades = ["fde096": "yellow", "c5e1a5": "green", "93e3ed": "blue", "ffb8a1": "red"]

    static func highlights(_ text: String, docx: Bool) -> Highlights {
        let (table, cell, row, paragraph, textRun) = docx ? ("w:tbl", "w:tc", "w:tr", "w:p", "w:t") : ("table", "td", "tr", "p", "")
        let heading1 = docx ? "Heading1" : "h1", heading2 = docx ? "Heading2" : "h2"
        var found = Highlights()
        var title: String?, author: String?, chapter: String?
        var tables = 0, depth = 0, cellIndex = 0, outerCells: [Int] = []
        // The paragraphs of the cell being read, with the shade of each.
        var paragraphs: [(text: String, shade: String?)] = []
        // In HTML all text counts; in a .docx only a run's text (`w:t`), not a field's code.
        var current = "", style = "", shade: String?, inParagraph = false, inText = !docx
        var entry = 0
        let tokens = HTMLText.tokens(text) { name in
            switch name {
            case "w:pstyle", "w:shd": docx ? (name == "w:shd" ? "w:fill" : "w:val") : "class"
            default: "class"
            }
        }
        func endParagraph() {
            guard inParagraph else { return }
            inParagraph = false
            let text = docx ? current.trimmingWhitespace() : HTMLText.collapsed(current)
            if depth == 0 {
                if style == heading2, !text.isEmpty { chapter = text }
            } else if tables == 1 && depth == 1 && cellIndex > 0 {
                if style == heading1, title == nil, !text.isEmpty {
                    title = text
                } else if title != nil, author == nil, !text.isEmpty {
                    author = KindleClippings.cleanAuthor(text)
                }
            } else if depth == 2 && cellIndex == 1, !text.isEmpty {
                paragraphs.append((text, shade))
            }
            current = ""
        }
        func endEntry() {
            defer { paragraphs = [] }
            entry += 1
            guard paragraphs.count >= 2 else {
                found.bookmarks += 1
                return
            }
            var record = ImportRecord(location: .record(entry), text: paragraphs[0].text, author: author)
            let notes = paragraphs.dropFirst().dropLast().map(\.text)
            if !notes.isEmpty { record.back = notes.joined(separator: "\n") }
            record.source = Highlights.source(title, chapter)
            record.createdAt = date(paragraphs[paragraphs.count - 1].text)
            found.colour(paragraphs[0].shade.flatMap { shades[$0.lowercased()] }, of: &record)
            found.records.append(record)
        }
        for token in tokens {
            switch token {
            case .open(let name, let value):
                switch name {
                case table:
                    if depth == 0 { tables += 1 }
                    depth += 1
                    outerCells.append(cellIndex)
                    cellIndex = -1
                case row: cellIndex = -1
                case cell:
                    cellIndex += 1
                    if !docx { current = "" }
                case paragraph, "h1", "h2", "h3":
                    endParagraph()
                    (inParagraph, current, shade) = (true, "", nil)
                    style = docx ? "" : name
                case "w:pstyle": style = value
                case "w:shd" where inParagraph && shade == nil && !value.isEmpty && value != "auto": shade = value
                case "w:tab" where inText: current += "\t"
                case "w:br" where inParagraph, "br" where inParagraph: current += "\n"
                case textRun: inText = true
                default: break
                }
            case .close(let name):
                switch name {
                case table:
                    endParagraph()
                    if depth == 2 { endEntry() }
                    depth = max(0, depth - 1)
                    cellIndex = outerCells.popLast() ?? 0
                case paragraph, "h1", "h2", "h3": endParagraph()
                case cell where !docx:
                    // A bookmark's cell holds its date as bare text, outside a paragraph.
                    if depth == 2 && cellIndex == 1 && paragraphs.isEmpty {
                        let text = HTMLText.collapsed(current)
                        if !text.isEmpty { paragraphs.append((text, nil)) }
                    }
                    current = ""
                case textRun: inText = false
                default: break
                }
            case .text(let text):
                if inText { current += text }
            }
        }
        return found
    }

    /// `January 2, 2016`, as local midnight.
    static func date(_ text: String) -> Timestamp? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," })
        guard parts.count == 3, let month = ImportDates.englishMonth(parts[0]), let day = Int(parts[1]), let year = Int(parts[2])
        else { return nil }
        return Timestamp.local(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
    }
}
