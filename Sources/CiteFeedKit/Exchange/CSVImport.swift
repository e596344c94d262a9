// CSV: citefeed's header, Readwise's export (a first column Highlight), any header naming the
// fields as `ImportFields` knows them, or no header at all (text, author).
extension Importers {
    /// Reads the header now and the rows as the import asks for them.
    static func csv(name: String, bytes: [UInt8]) throws(ImportError) -> ImportReader {
        func malformed(_ error: CSV.Failure) -> ImportError { .malformed(name, "line \(error.line): \(error.reason)") }
        var rows = CSV.Reader(bytes)
        let header: CSV.Record?
        do { header = try rows.next() } catch { throw malformed(error) }
        guard let header else { throw .empty(name) }
        let columns = header.fields.map { ImportFields.normalized($0.trimmingWhitespace()) }
        func index(_ names: String...) -> Int? { names.lazy.compactMap { columns.firstIndex(of: $0) }.first }
        let citefeed = columns.starts(with: ["id", "uuid", "text"])
        // Readwise: Highlight,Book Title,Book Author,…; its URL column is the source of a web
        // highlight that has no title.
        let readwise = columns.first == "highlight"
        // Readwise Reader's library: Title,URL,…,Document tags,Saved date,…,Location (archive),….
        let library = !readwise && columns.contains("url") && columns.contains("saveddate")
        var found = citefeed ? [:] : ImportFields.indexes(of: columns)
        if library { found = [.text: index("title"), .source: index("url"), .tags: index("documenttags")].compactMapValues { $0 } }
        var afterHeader = rows
        var textColumn = citefeed ? 2 : found[.text]
        var author = citefeed ? index("author") : found[.author]
        var source = citefeed ? index("source") : found[.source]
        if textColumn == nil {
            // No header: the rows from the first.
            afterHeader = CSV.Reader(bytes)
            guard let guess = headerless(afterHeader, columns: header.fields.count) else {
                throw .malformed(
                    name, "line 1: expected a header with a column of text (\(ImportFields.textNames)), or rows of text, author (and source)")
            }
            (textColumn, author, source) = guess
        }
        let back = citefeed ? index("back") : found[.back]
        let tags = citefeed ? index("tags") : found[.tags]
        let documentTags = readwise ? index("documenttags") : nil
        let location = library ? index("location") : nil
        let favourite = index("favourite", "favorite"), uuid = citefeed ? index("uuid") : nil, id = citefeed ? index("id") : nil
        let created = citefeed ? index("createdat") : index("highlightedat", "saveddate", "createdat", "date", "added")
        let updated = citefeed ? index("updatedat") : nil, archived = citefeed ? index("archivedat") : nil
        let url = readwise ? index("url") : nil
        return ImportReader { body in
            var rows = afterHeader
            while true {
                let next: CSV.Record?
                do throws(CSV.Failure) { next = try rows.next() } catch { throw malformed(error) }
                guard let record = next else { return }
                func field(_ i: Int?) -> String? {
                    guard let i, i < record.fields.count else { return nil }
                    // citefeed's own export guards cells that spreadsheets would run (CSV.formulaGuarded).
                    let v = citefeed ? CSV.formulaUnguarded(record.fields[i]) : record.fields[i]
                    // White space alone is no value either; the checks of `add` trim it.
                    return v.isEmpty ? nil : v
                }
                var r = ImportRecord(location: .line(record.line), text: field(textColumn), author: field(author))
                r.source = field(source) ?? field(url)
                r.back = field(back)
                if let list = field(tags) {
                    r.tags =
                        citefeed ? list.split(separator: ";").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty } : ImportFields.tagList(list)
                }
                if let list = field(documentTags) { r.tags += ImportFields.tagList(list) }
                if let flag = field(favourite) {
                    switch flag.lowercased() {
                    case "true", "yes", "1": r.favourite = true
                    default: break
                    }
                }
                r.uuid = field(uuid)
                r.id = field(id).flatMap { Int64($0) }
                r.createdAt = field(created).flatMap(citefeed ? Timestamp.init(rfc3339:) : ImportDates.parse)
                r.updatedAt = field(updated).flatMap(Timestamp.init(rfc3339:))
                r.archivedAt = field(archived).flatMap(Timestamp.init(rfc3339:))
                if field(location)?.lowercased() == "archive" { r.archived = true }
                if readwise || library { Readwise.apply(to: &r) }
                try body(r, rows.fractionRead)
            }
        }
    }
}

extension Importers {
    /// The columns of a CSV file without a header: one or two are text and author; with more,
    /// the first 50 rows decide: columns of whole numbers are ids (left out), the column with
    /// the longest values is the text, and of the others the last is the author and the one
    /// before it, if any, the source (`text,book,author`; `id,text,author`).
    static func headerless(_ rows: CSV.Reader, columns: Int) -> (Int, Int?, Int?)? {
        if columns <= 2 { return (0, columns == 2 ? 1 : nil, nil) }
        var rows = rows
        var lengths = [Int](repeating: 0, count: columns)
        var numbers = [Bool](repeating: true, count: columns)
        for _ in 0..<50 {
            guard let row = try? rows.next() else { break }
            for (i, field) in row.fields.prefix(columns).enumerated() {
                lengths[i] += field.count
                if !field.isEmpty && !field.allSatisfy({ $0.isASCII && $0.isNumber }) { numbers[i] = false }
            }
        }
        let words = (0..<columns).filter { !numbers[$0] }
        guard let text = words.max(by: { lengths[$0] < lengths[$1] }) else { return nil }
        let others = words.filter { $0 != text }
        return (text, others.last, others.count >= 2 ? others[others.count - 2] : nil)
    }
}

/// Readwise's conventions: the tags `favorite` and `discard`, and notes that begin with
/// `.favorite`, `.discard`, a tag (`.stoic`) or a formatting directive (`.h1`–`.h6`, `.c1`–`.c5`,
/// `.qa`), as Readwise reads them. Directives are not back sides; `.qa QUESTION` makes a
/// flashcard: the question is the front and the highlight its back.
enum Readwise {
    static let directives: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6", "c1", "c2", "c3", "c4", "c5"]

    static func apply(to r: inout ImportRecord) {
        var tags: [String] = []
        for tag in r.tags {
            switch tag.lowercased() {
            case "favorite", "favourite": r.favourite = true
            case "discard": r.archived = true
            default: tags.append(tag)
            }
        }
        var note = r.back ?? ""
        var question = false
        // Leading dot words, as Readwise's inline tagging reads them: `.favorite .h1 rest`.
        while note.hasPrefix("."), let word = note.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true).first {
            let name = String(word.dropFirst())
            guard name.first?.isLetter == true, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { break }
            switch name.lowercased() {
            case "favorite", "favourite", "fav": r.favourite = true
            case "discard": r.archived = true
            case "qa": question = true
            default: if !directives.contains(name.lowercased()) { tags.append(name) }
            }
            note = String(note.dropFirst(word.count)).trimmingWhitespace()
        }
        r.tags = tags
        if question, !note.isEmpty {
            r.back = r.text
            r.text = note
        } else {
            r.back = note.isEmpty ? nil : note
        }
    }
}

/// Dates as quote files write them: RFC 3339 (`2024-05-01T10:00:00Z`, or with a space), or a
/// date and time without an offset, read as local time (`TZ`), or a date alone (local midnight).
enum ImportDates {
    static func parse(_ text: String) -> Timestamp? {
        let t = text.trimmingWhitespace()
        if let stamp = Timestamp(rfc3339: t) { return stamp }
        let parts = t.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == "T" || $0 == ":" })
        guard parts.count == 3 || parts.count == 5 || parts.count == 6, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }) else { return nil }
        let n = parts.compactMap { Int($0) }
        guard n.count == parts.count, parts[0].count == 4 else { return nil }
        return Timestamp.local(
            year: n[0], month: n[1], day: n[2], hour: n.count > 3 ? n[3] : 0, minute: n.count > 4 ? n[4] : 0, second: n.count > 5 ? n[5] : 0)
    }
}
