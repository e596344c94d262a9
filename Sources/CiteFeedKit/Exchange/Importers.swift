/// Readers for each import format; each turns the file's text into records.
enum Importers {
    /// Picks the format from the file name and the content.
    static func detect(name: String, text: String) -> ImportFormat? {
        let lower = name.lowercased()
        if lower.hasSuffix(".csv") { return .csv }
        if lower.hasSuffix(".fortune") { return .fortune }
        let trimmed = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        if lower.hasSuffix(".json") || trimmed.first == "{" || trimmed.first == "[" {
            return trimmed.contains("\"quotes\"") && !trimmed.contains("\"citefeed\"") ? .dummyjson : .json
        }
        if text.contains("==========") && (text.contains("Your Highlight") || text.contains("Your Note") || text.contains("Your Bookmark"))
        {
            return .clippings
        }
        if lower.hasSuffix(".csv") { return .csv }
        let firstLine = trimmed.prefix(while: { !$0.isNewline }).lowercased()
        if firstLine.hasPrefix("id,uuid,text") || firstLine.hasPrefix("highlight,") { return .csv }
        if text.split(whereSeparator: \.isNewline).contains("%") { return .fortune }
        return nil
    }

    static func read(_ format: ImportFormat, name: String, text: String) throws(ImportError) -> ImportDocument {
        switch format {
        case .auto: throw .unknownFormat(name)
        case .json, .dummyjson: return try json(name: name, text: text)
        case .csv: return try csv(name: name, text: text)
        case .fortune: return fortune(text)
        case .clippings: return clippings(text)
        }
    }

    // MARK: JSON: citefeed's document, dummyjson's {"quotes": […]}, or an array of objects

    static func json(name: String, text: String) throws(ImportError) -> ImportDocument {
        let value: JSONValue
        do { value = try JSONParser.parse(text) } catch { throw .malformed(name, error.message) }
        var document = ImportDocument(records: [])
        let items: [JSONValue]
        if case .array(let array) = value {
            items = array
        } else if let citations = value["citations"]?.arrayValue {
            items = citations
            for tag in value["tags"]?.arrayValue ?? [] {
                if let n = tag["name"]?.stringValue, let c = tag["color"]?.stringValue, let color = try? Palette.normalize(c) {
                    document.tags[Tag.key(n)] = Tag(name: n, color: color)
                }
            }
        } else if let quotes = value["quotes"]?.arrayValue {
            items = quotes
        } else {
            throw .malformed(name, "expected a list of citations, citefeed's export or {\"quotes\": […]}")
        }
        for (i, item) in items.enumerated() {
            var r = ImportRecord(
                location: "record \(i + 1)", text: item["text"]?.stringValue ?? item["quote"]?.stringValue ?? item["content"]?.stringValue,
                author: item["author"]?.stringValue)
            r.back = item["back"]?.stringValue
            r.source = item["source"]?.stringValue
            r.tags = (item["tags"]?.arrayValue ?? []).compactMap(\.stringValue)
            r.favourite = item["favourite"] == .bool(true)
            if value["citations"] != nil {
                r.uuid = item["uuid"]?.stringValue
                if case .int(let id)? = item["id"] { r.id = id }
                r.createdAt = item["createdAt"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
                r.updatedAt = item["updatedAt"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
                r.archivedAt = item["archivedAt"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
            }
            document.records.append(r)
        }
        return document
    }

    // MARK: CSV: citefeed's header, or Readwise's export

    static func csv(name: String, text: String) throws(ImportError) -> ImportDocument {
        let records: [CSV.Record]
        do { records = try CSV.parse(text) } catch { throw .malformed(name, "line \(error.line): \(error.reason)") }
        guard let header = records.first else { throw .empty(name) }
        let columns = header.fields.map { $0.trimmingWhitespace().lowercased() }
        func index(_ names: String...) -> Int? { names.lazy.compactMap { columns.firstIndex(of: $0) }.first }
        let readwise = columns.first == "highlight"
        guard let textColumn = index("text", "highlight") else {
            throw .malformed(name, "line 1: expected citefeed's header (id,uuid,text,…) or Readwise's (Highlight,Book Title,…)")
        }
        let author = index("author", "book author"), source = index("source", "book title"), back = index("back", "note")
        let tags = index("tags"), favourite = index("favourite"), uuid = index("uuid"), id = index("id")
        let created = index("created_at"), updated = index("updated_at"), archived = index("archived_at")
        var document = ImportDocument(records: [])
        for record in records.dropFirst() {
            func field(_ i: Int?) -> String? {
                guard let i, i < record.fields.count else { return nil }
                let v = record.fields[i]
                return v.isEmpty ? nil : v
            }
            var r = ImportRecord(location: "line \(record.line)", text: field(textColumn), author: field(author))
            r.source = field(source)
            r.back = field(back)
            r.tags = (field(tags) ?? "").split(separator: readwise ? "," : ";").map { String($0).trimmingWhitespace() }.filter {
                !$0.isEmpty
            }
            r.favourite = ["true", "yes", "1"].contains(field(favourite)?.lowercased() ?? "")
            r.uuid = field(uuid)
            r.id = field(id).flatMap { Int64($0) }
            r.createdAt = field(created).flatMap(Timestamp.init(rfc3339:))
            r.updatedAt = field(updated).flatMap(Timestamp.init(rfc3339:))
            r.archivedAt = field(archived).flatMap(Timestamp.init(rfc3339:))
            document.records.append(r)
        }
        return document
    }

    // MARK: fortune: entries separated by lines holding only %

    static func fortune(_ text: String) -> ImportDocument {
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
            var r = ImportRecord(location: "line \(startLine)", text: body.joined(separator: "\n"), author: author)
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
        return ImportDocument(records: records)
    }

    // MARK: Kindle "My Clippings.txt"

    /// Entries separated by `==========`: a title line `Book (Author)`, a line `- Your Highlight
    /// on page 3 | Location 45-46 | Added on …`, a blank line, the text. Highlights become
    /// citations with the book as source; a note becomes the back of the highlight it follows;
    /// bookmarks are skipped.
    static func clippings(_ text: String) -> ImportDocument {
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
                var r = ImportRecord(location: "line \(start + 1)", text: body, author: author)
                r.source = book
                records.append(r)
            }
        }
        return ImportDocument(records: records)
    }
}

extension String {
    func splitting(on separator: String) -> [String] {
        split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    }
}
