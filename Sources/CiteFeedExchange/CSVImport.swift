import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

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
                    name,
                    "line 1: expected a header with a column of text (\(ImportFields.textNames)), or rows of text, author (and source)")
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
                        citefeed
                        ? list.split(separator: ";").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
                        : ImportFields.tagList(list)
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
