/// Readers for each import format; each turns the file into records.
enum Importers {
    /// Picks the format from the file name and the content (its first 64 KiB, which hold
    /// whatever tells one format from another).
    static func detect(name: String, bytes: [UInt8]) -> ImportFormat? {
        let lower = name.lowercased()
        if lower.hasSuffix(".csv") { return .csv }
        if lower.hasSuffix(".fortune") { return .fortune }
        let text = String(decoding: bytes.prefix(65536), as: UTF8.self)
        let trimmed = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        if lower.hasSuffix(".json") || trimmed.first == "{" || trimmed.first == "[" {
            return trimmed.contains("\"quotes\"") && !trimmed.contains("\"citefeed\"") ? .dummyjson : .json
        }
        if text.contains("==========") && (text.contains("Your Highlight") || text.contains("Your Note") || text.contains("Your Bookmark"))
        {
            return .clippings
        }
        let firstLine = trimmed.prefix(while: { !$0.isNewline }).lowercased()
        if firstLine.hasPrefix("id,uuid,text") || firstLine.hasPrefix("highlight,") { return .csv }
        if text.split(whereSeparator: \.isNewline).contains("%") { return .fortune }
        return nil
    }

    /// A reader of `bytes` (valid UTF-8) as `format`. Errors found before the first record
    /// (malformed JSON, a CSV header that is neither citefeed's nor Readwise's) are thrown here.
    static func reader(_ format: ImportFormat, name: String, bytes: [UInt8]) throws(ImportError) -> ImportReader {
        switch format {
        case .auto: throw .unknownFormat(name)
        case .json, .dummyjson: return json(name: name, bytes: bytes)
        case .csv: return try csv(name: name, bytes: bytes)
        case .fortune: return ImportReader(records: fortune(String(decoding: bytes, as: UTF8.self)))
        case .clippings: return ImportReader(records: clippings(String(decoding: bytes, as: UTF8.self)))
        }
    }

    // MARK: JSON: citefeed's document, dummyjson's {"quotes": […]}, or an array of objects

    /// Parses as it imports: the elements of the list (the document, or its `citations` or
    /// `quotes`) become records one at a time and are not kept.
    static func json(name: String, bytes: [UInt8]) -> ImportReader {
        let tags = ImportTags()
        return ImportReader(tags: tags) { body in
            var count = 0
            var stopped: (any Error)?
            let document: JSONValue
            do throws(JSONParser.Failure) {
                document = try JSONParser.parse(bytes, streaming: ["citations", "quotes"]) { member, item, fraction in
                    count += 1
                    do {
                        try body(record(item, number: count, citefeed: member == "citations"), fraction)
                        return true
                    } catch {
                        stopped = error
                        return false
                    }
                }
            } catch {
                if let stopped { throw stopped }
                throw ImportError.malformed(name, error.message)
            }
            guard document.arrayValue != nil || document["citations"]?.arrayValue != nil || document["quotes"]?.arrayValue != nil
            else {
                throw ImportError.malformed(name, "expected a list of citations, citefeed's export or {\"quotes\": […]}")
            }
            // Tag names are checked as `tag add` checks them; an invalid one is an invalid record.
            for (i, tag) in (document["tags"]?.arrayValue ?? []).enumerated() {
                guard let raw = tag["name"]?.stringValue else {
                    tags.problems.append("Tag \(i + 1) of \"tags\": it has no \"name\".")
                    continue
                }
                do throws(ModelError) {
                    let name = try Tag.validateName(raw)
                    if let c = tag["color"]?.stringValue, let color = try? Palette.normalize(c) {
                        tags.byKey[Tag.key(name)] = Tag(name: name, color: color)
                    }
                } catch {
                    tags.problems.append("Tag \(i + 1) of \"tags\": \(error.message)")
                }
            }
        }
    }

    /// One element of a JSON list; only citefeed's own documents give ids, uuids and dates.
    static func record(_ item: JSONValue, number: Int, citefeed: Bool) -> ImportRecord {
        var r = ImportRecord(
            location: .record(number),
            text: item["text"]?.stringValue ?? item["quote"]?.stringValue ?? item["content"]?.stringValue,
            author: item["author"]?.stringValue)
        r.back = item["back"]?.stringValue
        r.source = item["source"]?.stringValue
        r.tags = (item["tags"]?.arrayValue ?? []).compactMap(\.stringValue)
        r.favourite = item["favourite"] == .bool(true)
        for field in ["text", "quote", "content", "author", "back", "source"] {
            if let value = item[field], value != .null, value.stringValue == nil {
                r.problem = "\"\(field)\" is not a string"
                break
            }
        }
        if case .object = item {} else { r.problem = "Not an object with a \"text\"" }
        if citefeed {
            r.uuid = item["uuid"]?.stringValue
            if case .int(let id)? = item["id"] { r.id = id }
            r.createdAt = item["createdAt"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
            r.updatedAt = item["updatedAt"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
            r.archivedAt = item["archivedAt"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
        }
        return r
    }

    // MARK: CSV: citefeed's header, or Readwise's export

    /// Reads the header now and the rows as the import asks for them.
    static func csv(name: String, bytes: [UInt8]) throws(ImportError) -> ImportReader {
        func malformed(_ error: CSV.Failure) -> ImportError { .malformed(name, "line \(error.line): \(error.reason)") }
        var rows = CSV.Reader(bytes)
        let header: CSV.Record?
        do { header = try rows.next() } catch { throw malformed(error) }
        guard let header else { throw .empty(name) }
        let columns = header.fields.map { $0.trimmingWhitespace().lowercased() }
        func index(_ names: String...) -> Int? { names.lazy.compactMap { columns.firstIndex(of: $0) }.first }
        let readwise = columns.first == "highlight"
        guard let textColumn = index("text", "highlight") else {
            throw .malformed(name, "line 1: expected citefeed's header (id,uuid,text,…) or Readwise's (Highlight,Book Title,…)")
        }
        let author = index("author", "book author"), source = index("source", "book title"), back = index("back", "note")
        let tags = index("tags"), favourite = index("favourite"), uuid = index("uuid"), id = index("id")
        let created = index("created_at"), updated = index("updated_at"), archived = index("archived_at")
        let afterHeader = rows
        return ImportReader { body in
            var rows = afterHeader
            while true {
                let next: CSV.Record?
                do throws(CSV.Failure) { next = try rows.next() } catch { throw malformed(error) }
                guard let record = next else { return }
                func field(_ i: Int?) -> String? {
                    guard let i, i < record.fields.count else { return nil }
                    // citefeed's own export guards cells that spreadsheets would run (CSV.formulaGuarded).
                    let v = readwise ? record.fields[i] : CSV.formulaUnguarded(record.fields[i])
                    return v.isEmpty ? nil : v
                }
                var r = ImportRecord(location: .line(record.line), text: field(textColumn), author: field(author))
                r.source = field(source)
                r.back = field(back)
                if let list = field(tags) {
                    r.tags = list.split(separator: readwise ? "," : ";").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
                }
                if let flag = field(favourite) {
                    switch flag.lowercased() {
                    case "true", "yes", "1": r.favourite = true
                    default: break
                    }
                }
                r.uuid = field(uuid)
                r.id = field(id).flatMap { Int64($0) }
                r.createdAt = field(created).flatMap(Timestamp.init(rfc3339:))
                r.updatedAt = field(updated).flatMap(Timestamp.init(rfc3339:))
                r.archivedAt = field(archived).flatMap(Timestamp.init(rfc3339:))
                try body(r, rows.fractionRead)
            }
        }
    }

    // MARK: fortune: entries separated by lines holding only %

    static func fortune(_ text: String) -> [ImportRecord] {
        var records: [ImportRecord] = []
        var lines: [Substring] = []
        var startLine = 1
        var lineNumber = 0
        func flush() {
            defer { lines = [] }
            guard lines.contains(where: { !String($0).trimmingWhitespace().isEmpty }) else { return }
            var body = lines
            var author: String?
            var source: String?
            // A last line "-- Author, Source" (strfile's convention, and citefeed's export).
            if let last = body.last, case let t = String(last).trimmingWhitespace(), t.hasPrefix("--") || t.hasPrefix("—") {
                let attribution = t.drop(while: { $0 == "-" || $0 == "—" || $0 == " " })
                let parts = attribution.split(separator: ",", maxSplits: 1)
                author = parts.first.map { String($0).trimmingWhitespace() }
                source = parts.count > 1 ? String(parts[1]).trimmingWhitespace() : nil
                body.removeLast()
            }
            var r = ImportRecord(location: .line(startLine), text: body.joined(separator: "\n"), author: author)
            r.source = source
            records.append(r)
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let l = line.hasSuffix("\r") ? line.dropLast() : line
            if l == "%" {
                flush()
                startLine = lineNumber + 1
            } else {
                lines.append(l)
            }
        }
        flush()
        return records
    }

    // MARK: Kindle "My Clippings.txt"

    /// Entries separated by `==========`: a title line `Book (Author)`, a line `- Your Highlight
    /// on page 3 | Location 45-46 | Added on …`, a blank line, the text. Highlights become
    /// citations with the book as source; a note becomes the back of the highlight it follows;
    /// bookmarks are skipped.
    static func clippings(_ text: String) -> [ImportRecord] {
        var records: [ImportRecord] = []
        var lineNumber = 1
        let cleaned = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        for entry in cleaned.replacing("\r\n", with: "\n").splitting(on: "==========") {
            let start = lineNumber
            lineNumber += entry.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            var lines = entry.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).replacing("\u{FEFF}", with: "") }
            while lines.first?.trimmingWhitespace().isEmpty == true { lines.removeFirst() }
            guard lines.count >= 2 else { continue }
            let title = lines[0].trimmingWhitespace()
            let meta = lines[1]
            let body = lines.dropFirst(2).joined(separator: "\n").trimmingWhitespace()
            var book = title
            var author: String?
            if title.hasSuffix(")"), let open = title.lastIndex(of: "(") {
                author = String(title[title.index(after: open)..<title.index(before: title.endIndex)]).trimmingWhitespace()
                book = String(title[..<open]).trimmingWhitespace()
            }
            if meta.contains("Your Note") {
                if let last = records.indices.last, records[last].source == book, !body.isEmpty {
                    records[last].back = body
                }
            } else if meta.contains("Your Highlight") {
                var r = ImportRecord(location: .line(start + 1), text: body, author: author)
                r.source = book
                records.append(r)
            }
        }
        return records
    }
}

extension String {
    func splitting(on separator: String) -> [String] {
        split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    }
}
