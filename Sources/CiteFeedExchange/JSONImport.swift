import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

// JSON: citefeed's document, dummyjson's {"quotes": […]}, a list of objects (at the top, or the
// one list an object holds under any name), or JSON Lines (an object per line).
extension Importers {
    /// Parses as it imports: the elements of the list (the document, or its `citations` or
    /// `quotes`) become records one at a time and are not kept.
    static func json(name: String, bytes: [UInt8]) -> ImportReader {
        let lower = name.lowercased()
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") { return jsonLines(name: name, bytes: bytes) }
        let tags = ImportTags()
        return ImportReader(tags: tags) { body in
            var count = 0
            var stopped: (any Error)?
            // A list whose first element is a string is a list of citations as strings.
            var strings = false
            let document: JSONValue
            do throws(JSONParser.Failure) {
                document = try JSONParser.parse(bytes, streaming: ["citations", "quotes"]) { member, item, fraction in
                    count += 1
                    do {
                        if count == 1, case .string = item { strings = true }
                        try body(record(item, number: count, citefeed: member == "citations", strings: strings), fraction)
                        return true
                    } catch {
                        stopped = error
                        return false
                    }
                }
            } catch {
                if let stopped { throw stopped }
                // Objects one per line, in a file not named .jsonl.
                if count == 0, let lines = try? jsonLineRecords(bytes), lines.count > 1 {
                    for (i, r) in lines.enumerated() { try body(r, Double(i + 1) / Double(lines.count)) }
                    return
                }
                throw ImportError.malformed(name, error.message)
            }
            tags.isCitefeedExport = document["format"]?.stringValue == "citefeed" && document["citations"]?.arrayValue != nil
            // A document of a newer citefeed may hold what this one would lose: refused whole.
            if document["format"]?.stringValue == "citefeed", case .int(let version)? = document["version"],
                version > Int64(ExportWriter.jsonVersion)
            {
                throw ImportError.malformed(
                    name,
                    "it is citefeed's export format version \(version), from a newer citefeed; this one reads versions 1 to \(ExportWriter.jsonVersion), so update citefeed to import it"
                )
            }
            if document.arrayValue == nil && document["citations"]?.arrayValue == nil && document["quotes"]?.arrayValue == nil {
                // One list under another name: {"data": […]}, {"results": […]}.
                guard case .object(let members) = document, case let lists = members.filter({ $0.1.arrayValue != nil }), lists.count == 1,
                    let list = lists[0].1.arrayValue
                else {
                    throw ImportError.malformed(
                        name,
                        "expected a list of citations (objects with a \(ImportFields.textNames)), citefeed's export or an object holding one list"
                    )
                }
                let strings = list.first?.stringValue != nil
                for (i, item) in list.enumerated() {
                    try body(record(item, number: i + 1, citefeed: false, strings: strings), Double(i + 1) / Double(list.count))
                }
            }
            // Tag names are checked as `tag add` checks them; an invalid one is an invalid record.
            for (i, tag) in (document["tags"]?.arrayValue ?? []).enumerated() {
                guard let raw = tag["name"]?.stringValue else {
                    tags.problems.append(InvalidRecord(.tag(i + 1), .format("it has no \"name\"")))
                    continue
                }
                do throws(ModelError) {
                    let name = try Tag.validateName(raw)
                    if let c = tag["color"]?.stringValue, let color = try? Palette.normalize(c) {
                        tags.byKey[Tag.key(name)] = Tag(name: name, color: color)
                    }
                } catch {
                    tags.problems.append(InvalidRecord(.tag(i + 1), .citation(error)))
                }
            }
        }
    }

    /// JSON Lines: an object per line; blank lines are skipped.
    static func jsonLines(name: String, bytes: [UInt8]) -> ImportReader {
        ImportReader(tags: ImportTags()) { body in
            let records = try jsonLineRecords(bytes, name: name)
            for (i, r) in records.enumerated() { try body(r, Double(i + 1) / Double(records.count)) }
        }
    }

    static func jsonLineRecords(_ bytes: [UInt8], name: String = "") throws(ImportError) -> [ImportRecord] {
        var records: [ImportRecord] = []
        for (n, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            do throws(JSONParser.Failure) {
                var r = record(try JSONParser.parse(Array(line)), number: records.count + 1, citefeed: false)
                r.location = .line(n + 1)
                records.append(r)
            } catch {
                throw .malformed(name, "line \(n + 1): \(error.message)")
            }
        }
        return records
    }

    /// One element of a JSON list. citefeed's own documents give ids, uuids and dates, and
    /// name their fields exactly; other files' members are found by `ImportFields`.
    /// `strings`: the list is of strings (its first element is one), each a citation that may
    /// end with its attribution (`text — Author`); in a list of objects, a string is invalid.
    static func record(_ item: JSONValue, number: Int, citefeed: Bool, strings: Bool = false) -> ImportRecord {
        var r = ImportRecord(location: .record(number), text: nil)
        // A list of strings: each a citation, perhaps ending with its attribution.
        if case .string(let text) = item, strings {
            r.text = text
            if let (quote, author, source) = trailingAttribution(text) { (r.text, r.author, r.source) = (quote, author, source) }
            return r
        }
        guard case .object(let members) = item else {
            r.problem = "Not an object with a \"text\""
            return r
        }
        func string(_ value: JSONValue?, _ field: String) -> String? {
            guard let value, value != .null else { return nil }
            if let s = value.stringValue { return s }
            if r.problem == nil { r.problem = "\"\(field)\" is not a string" }
            return nil
        }
        if citefeed {
            r.text = string(item["text"], "text")
            r.author = string(item["author"], "author")
            r.back = string(item["back"], "back")
            r.source = string(item["source"], "source")
            r.tags = CitationJSON.tagNames(item["tags"])
            r.favourite = item["favourite"] == .bool(true)
            r.uuid = item["uuid"]?.stringValue
            if case .int(let id)? = item["id"] { r.id = id }
            r.createdAt = item["createdAt"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
            r.updatedAt = item["updatedAt"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
            r.archivedAt = item["archivedAt"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
            if let card = item["card"], card != .null { r.card = card }
            return r
        }
        let found = ImportFields.indexes(of: members.map(\.0))
        func member(_ field: ImportFields.Field) -> (String, JSONValue)? { found[field].map { members[$0] } }
        if let (key, value) = member(.text) { r.text = string(value, key) }
        if let (key, value) = member(.author) { r.author = string(value, key) }
        if let (key, value) = member(.source) { r.source = string(value, key) }
        if let (key, value) = member(.back) { r.back = string(value, key) }
        if let (_, value) = member(.tags) {
            if value.arrayValue != nil {
                r.tags = CitationJSON.tagNames(value)
            } else if let text = value.stringValue {
                r.tags = ImportFields.tagList(text)
            }
        }
        r.favourite = item["favourite"] == .bool(true) || item["favorite"] == .bool(true)
        if found[.text] == nil && r.problem == nil { r.problem = "It has no text (a member named \(ImportFields.textNames))" }
        return r
    }
}
