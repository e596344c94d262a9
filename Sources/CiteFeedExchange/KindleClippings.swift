import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Kindle's `My Clippings.txt`: entries separated by lines of `==========`, each a book line
/// (`Title (Author)`), a metadata line (`KindleMetadata`), a blank line and the text.
///
/// Highlights (and article clips) become citations with the book as source, the clean author
/// and the clipping's date as `createdAt`. A note goes to the back of the highlight of the same
/// book whose location range holds the note's location, wherever it is in the file; a note
/// that no highlight holds is a citation of its own. A highlight that extends an earlier one of
/// the same book (overlapping range, its text holding the earlier text) replaces it. Bookmarks,
/// empty highlights and the "clipping limit" placeholders (`<You have reached the clipping
/// limit for this item>`, in every language) are skipped and counted.
enum KindleClippings {
    static let separator = "=========="

    /// Whether `text` looks like a clippings file: entries between separator lines whose
    /// second line is a clipping's metadata.
    static func looksLike(_ text: String) -> Bool {
        guard text.contains(separator) else { return false }
        let entries = text.split(separator: separator, maxSplits: 4, omittingEmptySubsequences: true).prefix(3)
        return entries.contains { entry in
            let lines = entry.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
            return lines.count >= 2 && KindleMetadata(String(lines[1])) != nil
        }
    }

    private struct Highlight {
        var record: ImportRecord
        var book: String
        var meta: KindleMetadata
    }

    static func records(_ text: String) -> (records: [ImportRecord], skipped: [(String, Int)]) {
        var highlights: [Highlight?] = []
        // Where each highlight is, by book: what a new one extends and what a note belongs to
        // are found among its neighbours, not among every highlight (200k clippings, or 4k
        // notes on one highlight, were quadratic).
        var byPosition = RangeIndex(), byLocation = RangeIndex(), byPage = RangeIndex()
        var notes: [(note: ImportRecord, book: String, meta: KindleMetadata)] = []
        var invalid: [ImportRecord] = []
        var bookmarks = 0, placeholders = 0, empty = 0
        // Highlights a later one extends (Kindle keeps both), and the same words highlighted
        // again: each is one citation, and the summary counts what was folded into it.
        var replaced = 0, repeated = 0
        var lineNumber = 1
        var lines: [(Int, String)] = []
        let dates = KindleMetadata.DateCache()
        // A book line is read once per book, not once per clipping.
        var bookLines: [String: (String, String?)] = [:]
        func flush() {
            defer { lines = [] }
            while let first = lines.first, first.1.trimmingWhitespace().isEmpty { lines.removeFirst() }
            guard let (start, titleLine) = lines.first else { return }
            guard lines.count >= 2, let meta = KindleMetadata(lines[1].1, dates: dates) else {
                var r = ImportRecord(location: .line(start), text: nil)
                r.problem =
                    "Not a Kindle clipping: expected a book line, then a line like \"- Your Highlight on page 3 | Location 45-46 | Added on …\""
                invalid.append(r)
                return
            }
            let body = lines.dropFirst(2).map(\.1).joined(separator: "\n").trimmingWhitespace()
            let (source, author) = bookLines[titleLine] ?? book(titleLine)
            if bookLines.count < 100_000 { bookLines[titleLine] = (source, author) }
            var r = ImportRecord(location: .line(start), text: body, author: author)
            r.source = source
            // A book is its title and its author: two books of one title are two.
            let bookKey = source + "\u{1F}" + (author ?? "")
            r.createdAt = meta.added
            switch meta.kind ?? (body.isEmpty ? .bookmark : .highlight) {
            case .bookmark: bookmarks += 1
            case .note: if body.isEmpty { empty += 1 } else { notes.append((r, bookKey, meta)) }
            case .highlight, .clip:
                // The placeholder stands alone, or after the text Kindle kept before the limit.
                if let cut = placeholder(in: body) {
                    r.text = String(body[..<cut]).trimmingWhitespace()
                    if r.text!.isEmpty { placeholders += 1; return }
                }
                if r.text!.isEmpty {
                    empty += 1
                } else {
                    add(Highlight(record: r, book: bookKey, meta: meta), to: &highlights, index: &byPosition, replaced: &replaced)
                }
            }
        }
        for line in text.lines {
            let text = String(line)
            let clean = text.containsBytes("\u{FEFF}") ? text.replacing("\u{FEFF}", with: "") : text
            if isSeparator(clean) {
                flush()
            } else {
                lines.append((lineNumber, clean))
            }
            lineNumber += 1
        }
        flush()
        var records = highlights
        func indexForNotes(_ i: Int) {
            guard let h = records[i] else { return }
            if let range = h.meta.location { byLocation.insert(i, book: h.book, range) }
            if let range = h.meta.page { byPage.insert(i, book: h.book, range) }
        }
        records.indices.forEach(indexForNotes)
        // Each highlight's notes, in order, joined once at the end (a back grown note by note
        // was copied whole for each).
        var notesOn: [Int: [String]] = [:]
        for (note, book, meta) in notes {
            // The last record that holds it (`holds`: by location, or by page where either has none).
            let candidates =
                (meta.location.map { byLocation.candidates(book: book, $0.lowerBound...$0.lowerBound) } ?? [])
                + (meta.page.map { byPage.candidates(book: book, $0.lowerBound...$0.lowerBound) } ?? [])
            if let i = candidates.filter({ records[$0].map { holds($0, note: meta, book: book) } ?? false }).max() {
                notesOn[i, default: []].append(note.text!)
            } else {
                records.append(Highlight(record: note, book: book, meta: meta))
                indexForNotes(records.count - 1)
            }
        }
        for (i, texts) in notesOn { records[i]!.record.back = joined(records[i]!.record.back, texts.joined(separator: "\n\n")) }
        var skipped: [(String, Int)] = []
        if bookmarks > 0 { skipped.append(("bookmark", bookmarks)) }
        if placeholders > 0 { skipped.append(("clipping-limit placeholder", placeholders)) }
        if empty > 0 { skipped.append(("empty clipping", empty)) }
        // The same words highlighted twice are one citation (the import would skip the second
        // as a duplicate, and with it the notes on it): their notes are kept together.
        var merged: [ImportRecord] = []
        var byKey: [DuplicateKey: Int] = [:]
        var keys = DuplicateKey.Maker()
        for record in records.compactMap({ $0?.record }) {
            let key = keys.key(text: record.text ?? "", author: record.author)
            if let i = byKey[key] {
                repeated += 1
                if let back = record.back, !(merged[i].back ?? "").contains(back) { merged[i].back = joined(merged[i].back, back) }
            } else {
                byKey[key] = merged.count
                merged.append(record)
            }
        }
        if replaced > 0 { skipped.append(("earlier highlight a later one extends", replaced)) }
        if repeated > 0 { skipped.append(("repeated highlight", repeated)) }
        let all = merged + invalid
        return (all.sorted { $0.location.number < $1.location.number }, skipped)
    }

    /// Whether `line` is `==========`, with white space around it (not between the signs). Bytes
    /// first: nearly every line is not one, and comparing strings was a tenth of an import.
    static func isSeparator(_ line: String) -> Bool {
        let bytes = line.utf8
        guard bytes.contains(UInt8(ascii: "=")) else { return false }
        if bytes.contains(where: { $0 >= 0x80 }) { return line.trimmingWhitespace() == separator }  // other white space
        let space: (UInt8) -> Bool = { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
        return bytes.drop(while: space).reversed().drop(while: space).elementsEqual(separator.utf8)
    }

    /// Where the "clipping limit" placeholder at the end of a clipping's text starts: one
    /// line in `<…>` (or `‹…>`), `<You have reached the clipping limit for this item>`,
    /// `‹您已达到本内容的剪贴上限>`, whatever the language.
    static func placeholder(in body: String) -> String.Index? {
        guard body.hasSuffix(">") || body.hasSuffix("›"), let open = body.lastIndex(where: { $0 == "<" || $0 == "‹" }),
            !body[open...].contains("\n"), body[open...].count > 12
        else { return nil }
        return open == body.startIndex || body[..<open].hasSuffix(" ") || body[..<open].hasSuffix("\n") ? open : nil
    }

    /// A back with a note added after a blank line.
    private static func joined(_ back: String?, _ note: String) -> String { back.map { $0 + "\n\n" + note } ?? note }

    /// Adds a highlight, in place of an earlier one of the same book that it extends.
    private static func add(_ new: Highlight, to highlights: inout [Highlight?], index: inout RangeIndex, replaced: inout Int) {
        let text = new.record.text ?? ""
        if let b = new.meta.location ?? new.meta.page {
            for i in index.candidates(book: new.book, b) {
                guard let old = highlights[i], let a = old.meta.location ?? old.meta.page, a.overlaps(b),
                    text.contains(old.record.text ?? "")
                else { continue }
                highlights[i] = nil
                replaced += 1
            }
            index.insert(highlights.count, book: new.book, b)
        }
        highlights.append(new)
    }

    /// Items (by their number) with a range of locations or pages, by book, in buckets of 64 by
    /// where they start: the items whose range may overlap a given one are those of the
    /// buckets from its start less the widest range of the book to its end.
    struct RangeIndex {
        private var books: [String: (buckets: [Int: [(item: Int, range: ClosedRange<Int>)]], widest: Int)] = [:]
        private static let width = 64

        mutating func insert(_ item: Int, book: String, _ range: ClosedRange<Int>) {
            // In place: a copy of the book's buckets per insertion was quadratic again.
            books[book, default: ([:], 0)].buckets[Self.bucket(range.lowerBound), default: []].append((item, range))
            books[book, default: ([:], 0)].widest = max(books[book]!.widest, range.upperBound - range.lowerBound)
        }

        /// The items of `book` whose range overlaps `range`.
        func candidates(book: String, _ range: ClosedRange<Int>) -> [Int] {
            guard let entry = books[book] else { return [] }
            // Saturating: a damaged line may give a range as wide as Int.
            let from = Self.bucket(
                range.lowerBound.subtractingReportingOverflow(entry.widest).overflow ? Int.min : range.lowerBound - entry.widest)
            let to = Self.bucket(range.upperBound)
            // Far apart ends (a range of millions, from a damaged line) would mean many empty
            // buckets: then every bucket of the book.
            let buckets = to - from > entry.buckets.count ? Array(entry.buckets.keys) : Array(from...to)
            var items: [Int] = []
            for b in buckets {
                for (item, r) in entry.buckets[b] ?? [] where r.overlaps(range) { items.append(item) }
            }
            return items
        }

        private static func bucket(_ n: Int) -> Int { n >= 0 ? n / width : -1 - (-(n + 1)) / width }
    }

    /// Whether the highlight's range holds the note's location (or page, for a note without one).
    private static func holds(_ highlight: Highlight, note: KindleMetadata, book: String) -> Bool {
        guard highlight.book == book else { return false }
        if let at = note.location, let range = highlight.meta.location { return range.contains(at.lowerBound) }
        if let at = note.page, let range = highlight.meta.page { return range.contains(at.lowerBound) }
        return false
    }

    /// The book and its author from a book line: `Title (Author)`, `Title (Last, First)`,
    /// `Title (Series 2) (Author)`, `Title -- Author -- Publisher -- hash`.
    static func book(_ line: String) -> (String, String?) {
        let title = line.trimmingWhitespace()
        let parts = title.splitting(on: " -- ")
        if parts.count >= 2, !parts[0].trimmingWhitespace().isEmpty {
            return (parts[0].trimmingWhitespace(), cleanAuthor(parts[1]))
        }
        guard title.hasSuffix(")") else { return (title, nil) }
        var depth = 0
        var open: String.Index?
        for i in title.indices.reversed() {
            if title[i] == ")" { depth += 1 }
            if title[i] == "(" {
                depth -= 1
                if depth == 0 { open = i; break }
            }
        }
        guard let open, case let book = String(title[..<open]).trimmingWhitespace(), !book.isEmpty else { return (title, nil) }
        let author = String(title[title.index(after: open)..<title.index(before: title.endIndex)])
        return (book, cleanAuthor(author))
    }

    /// `Last, First` as `First Last`, several authors joined with ", " (`AuthorNames`).
    static func cleanAuthor(_ raw: String) -> String? { AuthorNames.normalised(raw) }
}

extension RecordLocation {
    var number: Int {
        switch self {
        case .line(let n), .record(let n), .tag(let n): n
        }
    }
}
