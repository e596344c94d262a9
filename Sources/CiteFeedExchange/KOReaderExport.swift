import CiteFeedModel
import CiteFeedSupport

/// KOReader's own exports (the Exporter plugin: "Export highlights"), one book or several: JSON
/// (`"version": "json/1.0.0"`, a book's `title`, `author` and `entries`, or `documents` of
/// them), Markdown (`# Title`, `##### Authors`, `## Chapter`, `### Page N @ date`, the passage,
/// and a note after `---`) and HTML (`html`). Each entry becomes a
/// citation as a sidecar's highlight does: passage → text (the Markdown export's emphasis taken
/// off), note → back, title and chapter → source, authors → author, the time → created date, the
/// colour (JSON only; the others do not write it) → a tag.
enum KOReaderExport {
    static func looksLike(_ text: Substring) -> Bool {
        if text.first == "<" { return text.contains("<h2 style=\"font-size:18pt; text-align:right;\">") && text.contains("float:right") }
        if text.first == "{" { return text.contains("\"json/") && (text.contains("\"entries\"") || text.contains("\"documents\"")) }
        return text.hasPrefix("# ") && text.contains("\n##### ") && text.contains("\n### Page ")
    }

    struct Book {
        var title: String?
        var author: String?
        var entries: [Entry] = []
    }

    struct Entry {
        var text: String
        var note: String?
        var chapter: String?
        var created: Timestamp?
        var colour: String?
    }

    /// The citations of `books`, numbered through the file.
    static func highlights(_ books: [Book]) -> Highlights {
        var found = Highlights()
        var number = 0
        for book in books {
            for entry in book.entries {
                number += 1
                let text = entry.text.trimmingWhitespace()
                guard !text.isEmpty else {
                    found.empty += 1
                    continue
                }
                var record = ImportRecord(location: .record(number), text: text, author: book.author)
                record.back = entry.note.trimmedNonEmpty
                record.source = Highlights.source(book.title, entry.chapter)
                record.createdAt = entry.created
                found.colour(entry.colour, of: &record)
                found.records.append(record)
            }
        }
        return found
    }

    static func json(name: String, bytes: [UInt8]) throws(ImportError) -> ImportReader {
        let document = try Importers.parseJSON(bytes, name: name)
        let items = document["documents"]?.arrayValue ?? [document]
        var books: [Book] = []
        for item in items {
            guard let entries = item["entries"]?.arrayValue else {
                throw .malformed(name, "KOReader's JSON export holds a book's \"entries\", or \"documents\" of books")
            }
            var book = Book(title: item["title"]?.stringValue, author: item["author"]?.stringValue.flatMap(AuthorNames.normalised))
            for entry in entries {
                var e = Entry(
                    text: entry["text"]?.stringValue ?? "", note: entry["note"]?.stringValue, chapter: entry["chapter"]?.stringValue)
                if case .int(let seconds)? = entry["time"] { e.created = Timestamp(seconds: seconds) }
                e.colour = entry["color"]?.stringValue
                book.entries.append(e)
            }
            books.append(book)
        }
        return highlights(books).reader
    }

    static func markdown(_ text: String) -> ImportReader {
        var books: [Book] = []
        var entry: Entry?
        var lines: [Substring] = [], note: [Substring]?
        var chapter: String?
        func flush() {
            guard var e = entry else { return }
            if note == nil, lines.last?.isEmpty == true { lines.removeLast() }
            e.text = unformatted(lines.joined(separator: "\n").trimmingWhitespace())
            e.note = note?.joined(separator: "\n")
            books[books.count - 1].entries.append(e)
            (entry, lines, note) = (nil, [], nil)
        }
        let all = text.lines
        for (i, line) in all.enumerated() {
            if line.hasPrefix("# "), i + 1 < all.count, all[i + 1].hasPrefix("##### ") || books.isEmpty {
                flush()
                books.append(Book(title: String(line.dropFirst(2)).trimmingWhitespace()))
                chapter = nil
            } else if line.hasPrefix("##### "), entry == nil, let last = books.indices.last, books[last].author == nil {
                books[last].author = AuthorNames.commaList(String(line.dropFirst(6))).flatMap { $0 == "N/A" ? nil : $0 }
            } else if line.hasPrefix("## ") || line == "##" {
                flush()
                let name = String(line.dropFirst(2)).trimmingWhitespace()
                chapter = name.isEmpty ? nil : name
            } else if line.hasPrefix("### Page "), let at = line.firstRange(of: " @ "), !books.isEmpty {
                flush()
                entry = Entry(text: "", chapter: chapter, created: date(String(line[at.upperBound...])))
            } else if line.hasPrefix("_Generated at: ") {
                flush()
            } else if entry != nil {
                if note == nil, line == "---", lines.last?.isEmpty == true {
                    lines.removeLast()
                    note = []
                } else if note != nil {
                    note!.append(line)
                } else {
                    lines.append(line)
                }
            }
        }
        flush()
        return highlights(books).reader
    }

    /// The HTML export (template/note.tpl): `<h2>` title, `<h5>` authors, a 14pt heading per
    /// chapter, an entry per highlight: a 10pt line with the date (`%x`, MM/DD/YY), the passage in
    /// a 12pt div, the note in an 11pt one.
    static func html(_ text: String) -> ImportReader {
        var books: [Book] = []
        var chapter: String?, entry: Entry?
        // What is being read: the element's name and style, its depth, and the text so far.
        var capture: (what: String, depth: Int, text: String)?
        var depth = 0
        // The depth of the entry's date line, while it is being read.
        var dateLine: Int?
        func flush() {
            if let e = entry, !books.isEmpty { books[books.count - 1].entries.append(e) }
            entry = nil
        }
        for token in HTMLText.tokens(text, attribute: { _ in "style" }) {
            switch token {
            case .open(let name, let style):
                if name == "br" { capture?.text += "\n" }
                guard ["div", "h2", "h5", "span"].contains(name) else { continue }
                depth += 1
                let style = style.replacingSpaces()
                switch (name, capture) {
                case ("h2", nil): capture = ("title", depth, "")
                case ("h5", nil): capture = ("author", depth, "")
                case ("div", nil) where style.hasPrefix("font-size:14pt"): capture = ("chapter", depth, "")
                case ("div", nil) where style.hasPrefix("padding-top:"):
                    flush()
                    entry = Entry(text: "", chapter: chapter)
                case ("div", nil) where style.hasPrefix("font-size:10pt"): dateLine = depth
                case ("span", nil) where dateLine != nil && style.isEmpty: capture = ("date", depth, "")
                case ("div", nil) where style == "font-size:12pt" && entry != nil: capture = ("text", depth, "")
                case ("div", nil) where style.hasPrefix("font-size:11pt") && entry != nil: capture = ("note", depth, "")
                default: break
                }
            case .text(let text):
                capture?.text += text
            case .close(let name):
                guard ["div", "h2", "h5", "span"].contains(name) else { continue }
                defer { depth -= 1 }
                if name == "div", dateLine == depth { dateLine = nil }
                guard let (what, at, raw) = capture, at == depth else { continue }
                capture = nil
                // Line breaks were <br/>; the template's own white space around them is not text.
                let value = HTMLText.collapsedLines(raw)
                switch what {
                case "title":
                    flush()
                    books.append(Book(title: value))
                    chapter = nil
                case "author": if !books.isEmpty { books[books.count - 1].author = AuthorNames.commaList(value) }
                case "chapter": chapter = value.isEmpty ? nil : value
                case "date": entry?.created = shortDate(value)
                case "text": entry?.text = value
                default: entry?.note = value
                }
            }
        }
        flush()
        return highlights(books).reader
    }

    /// `03/01/24` (`%x` in the C locale: month, day, year of the century), local midnight.
    static func shortDate(_ text: String) -> Timestamp? {
        let parts = text.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[0]), (1...31).contains(parts[1]) else { return nil }
        let year = parts[2] < 100 ? 2000 + parts[2] : parts[2]
        return Timestamp.local(year: year, month: parts[0], day: parts[1], hour: 0, minute: 0, second: 0)
    }

    /// The passage without the emphasis the Markdown export wraps it in for its highlight style.
    static func unformatted(_ text: String) -> String {
        for (open, close) in [("**_", "_**"), ("**", "**"), ("++", "++"), ("~~", "~~"), ("==", "=="), ("<u>", "</u>"), ("*", "*")]
        where text.count > open.count + close.count && text.hasPrefix(open) && text.hasSuffix(close) {
            return String(text.dropFirst(open.count).dropLast(close.count))
        }
        return text
    }

    /// `01 March 2024 09:15:02 PM` (`%d %B %Y %I:%M:%S %p`, C locale), in local time.
    static func date(_ text: String) -> Timestamp? {
        let parts = text.split(separator: " ")
        guard parts.count == 5, let day = Int(parts[0]), let year = Int(parts[2]),
            let month = ImportDates.englishMonth(parts[1])
        else { return nil }
        let clock = parts[3].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (1...12).contains(clock[0]) else { return nil }
        let pm = parts[4].uppercased() == "PM"
        guard pm || parts[4].uppercased() == "AM" else { return nil }
        return Timestamp.local(year: year, month: month, day: day, hour: clock[0] % 12 + (pm ? 12 : 0), minute: clock[1], second: clock[2])
    }
}

extension String {
    /// Without spaces (`font-size: 12pt` as `font-size:12pt`), to compare styles.
    fileprivate func replacingSpaces() -> String { String(filter { $0 != " " }) }
}
