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
        var notes: [(note: ImportRecord, book: String, meta: KindleMetadata)] = []
        var invalid: [ImportRecord] = []
        var bookmarks = 0, placeholders = 0, empty = 0
        var lineNumber = 1
        var lines: [(Int, String)] = []
        func flush() {
            defer { lines = [] }
            while let first = lines.first, first.1.trimmingWhitespace().isEmpty { lines.removeFirst() }
            guard let (start, titleLine) = lines.first else { return }
            guard lines.count >= 2, let meta = KindleMetadata(lines[1].1) else {
                var r = ImportRecord(location: .line(start), text: nil)
                r.problem = "Not a Kindle clipping: expected a book line, then a line like \"- Your Highlight on page 3 | Location 45-46 | Added on …\""
                invalid.append(r)
                return
            }
            let body = lines.dropFirst(2).map(\.1).joined(separator: "\n").trimmingWhitespace()
            let (source, author) = book(titleLine)
            var r = ImportRecord(location: .line(start), text: body, author: author)
            r.source = source
            r.createdAt = meta.added
            switch meta.kind ?? (body.isEmpty ? .bookmark : .highlight) {
            case .bookmark: bookmarks += 1
            case .note: if body.isEmpty { empty += 1 } else { notes.append((r, source, meta)) }
            case .highlight, .clip:
                // The placeholder stands alone, or after the text Kindle kept before the limit.
                if let cut = placeholder(in: body) {
                    r.text = String(body[..<cut]).trimmingWhitespace()
                    if r.text!.isEmpty { placeholders += 1; return }
                }
                if r.text!.isEmpty {
                    empty += 1
                } else {
                    add(Highlight(record: r, book: source, meta: meta), to: &highlights)
                }
            }
        }
        for line in text.lines {
            let clean = line.contains("\u{FEFF}") ? String(line).replacing("\u{FEFF}", with: "") : String(line)
            if clean.trimmingWhitespace() == separator {
                flush()
            } else {
                lines.append((lineNumber, clean))
            }
            lineNumber += 1
        }
        flush()
        var records = highlights
        for (note, book, meta) in notes {
            if let i = records.lastIndex(where: { $0.map { holds($0, note: meta, book: book) } ?? false }) {
                records[i]!.record.back = joined(records[i]!.record.back, note.text!)
            } else {
                records.append(Highlight(record: note, book: book, meta: meta))
            }
        }
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
                if let back = record.back, !(merged[i].back ?? "").contains(back) { merged[i].back = joined(merged[i].back, back) }
            } else {
                byKey[key] = merged.count
                merged.append(record)
            }
        }
        let all = merged + invalid
        return (all.sorted { $0.location.number < $1.location.number }, skipped)
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
    private static func add(_ new: Highlight, to highlights: inout [Highlight?]) {
        let text = new.record.text ?? ""
        for i in highlights.indices.reversed() {
            guard let old = highlights[i], old.book == new.book, let a = old.meta.location ?? old.meta.page,
                let b = new.meta.location ?? new.meta.page, a.overlaps(b), text.contains(old.record.text ?? "")
            else { continue }
            highlights[i] = nil
        }
        highlights.append(new)
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

    /// `Last, First` as `First Last` (each of several authors separated by `;`).
    static func cleanAuthor(_ raw: String) -> String? {
        let authors = raw.split(separator: ";").map { part -> String in
            let names = part.split(separator: ",").map { String($0).trimmingWhitespace() }
            return names.count == 2 && !names[1].isEmpty ? names[1] + " " + names[0] : String(part).trimmingWhitespace()
        }.filter { !$0.isEmpty }
        return authors.isEmpty ? nil : authors.joined(separator: "; ")
    }
}

extension RecordLocation {
    var number: Int {
        switch self {
        case .line(let n), .record(let n): n
        }
    }
}
