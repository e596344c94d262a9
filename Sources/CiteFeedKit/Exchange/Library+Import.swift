/// What an import did.
public struct ImportResult: Sendable, Equatable {
    public var imported = 0
    public var duplicates = 0
    /// The records skipped as invalid (with --skip-invalid), each with its location and reason.
    public var invalid: [String] = []
}

extension Library {
    /// Imports `document` in one transaction: all or nothing unless `skipInvalid`. Citations
    /// whose text and author match one in the library or earlier in the file (ignoring case and
    /// white space), or whose uuid is already there, are skipped as duplicates. An id from the
    /// file is kept when no citation ever had it; uuids, dates, favourites and tag colours are kept.
    public func importDocument(_ document: ImportDocument, extraTags: [String], skipInvalid: Bool, now: Timestamp) throws -> ImportResult {
        // A large cache, so that a big import does not spill the full-text index to the WAL page
        // by page; back to the default afterwards.
        try db.execute("PRAGMA cache_size = -65536")
        defer { try? db.execute("PRAGMA cache_size = -2000") }
        return try write { () throws -> ImportResult in
            var result = ImportResult()
            var problems: [String] = []
            var valid: [(ImportRecord, NewCitation)] = []
            for record in document.records {
                do {
                    var new = NewCitation(
                        text: try CitationInput.text(record.text ?? ""), back: try CitationInput.back(record.back),
                        author: try CitationInput.author(record.author), source: try CitationInput.source(record.source),
                        tags: try (record.tags + extraTags).map { name throws(ModelError) in try Tag.validateName(name) },
                        favourite: record.favourite)
                    if let uuid = record.uuid {
                        guard UUIDString.isValid(uuid) else { throw ImportRecordProblem("the uuid \(quoted(uuid)) is not a UUID") }
                        new.uuid = uuid.lowercased()
                    }
                    new.createdAt = record.createdAt
                    new.updatedAt = record.updatedAt ?? record.createdAt
                    new.archivedAt = record.archivedAt
                    valid.append((record, new))
                } catch let error as any CiteFeedError {
                    problems.append("\(record.location): \(error.message)")
                } catch let error as ImportRecordProblem {
                    problems.append("\(record.location): \(error.reason)")
                }
            }
            if !problems.isEmpty && !skipInvalid { throw ImportError.invalidRecords(Array(problems.prefix(3)), total: problems.count) }
            result.invalid = problems

            var seen = Set(try db.query("SELECT text, author FROM citations", []) { Library.duplicateKey($0.text(0), $0.optionalText(1)) })
            var uuids = Set(try db.query("SELECT uuid FROM citations", []) { $0.text(0) })
            let highestID = try db.scalar("SELECT seq FROM sqlite_sequence WHERE name = 'citations'") ?? 0
            var usedIDs = Set<Int64>()
            var tagIDs: [String: Int64] = [:]
            // Per-row triggers cost more than the rows (the full-text index and the generation
            // counter, through a statement journal); DDL is transactional, so they are dropped
            // for the import and the index is filled in one statement after it.
            // Every new row gets an id above this: kept ids are above the highest ever used.
            let firstNewID = (try db.scalar("SELECT max(id) FROM citations") ?? 0)
            try db.execute(
                "DROP TRIGGER citations_fts_insert; DROP TRIGGER generation_citation_insert; DROP TRIGGER generation_tagging_insert")
            let insertCitation = try db.prepare(
                """
                INSERT INTO citations (id, uuid, text, back, author, source, favourite, created_at, updated_at, archived_at, text_length)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let insertTagging = try db.prepare("INSERT OR IGNORE INTO citation_tags (citation_id, tag_id) VALUES (?, ?)")
            for (record, new) in valid {
                let key = Library.duplicateKey(new.text, new.author)
                if seen.contains(key) || new.uuid.map(uuids.contains) == true {
                    result.duplicates += 1
                    continue
                }
                seen.insert(key)
                let uuid = new.uuid ?? UUIDString.random()
                uuids.insert(uuid)
                var id: SQLValue = .null
                if let wanted = record.id, wanted > highestID, !usedIDs.contains(wanted) {
                    id = .int(wanted)
                    usedIDs.insert(wanted)
                }
                let created = new.createdAt ?? now
                try insertCitation.bind([
                    id, .text(uuid), .text(new.text), .optional(new.back), .optional(new.author), .optional(new.source),
                    .bool(new.favourite),
                    .int(created.seconds), .int((new.updatedAt ?? created).seconds), .optional(new.archivedAt),
                    .int(Int64(CitationInput.characterCount(new.text))),
                ])
                while try insertCitation.step() {}
                let citationID = db.lastInsertRowID
                for name in new.tags {
                    let tagKey = Tag.key(name)
                    let tagID = try tagIDs[tagKey] ?? tagID(named: name, createWithColor: document.tags[tagKey]?.color)
                    tagIDs[tagKey] = tagID
                    try insertTagging.bind([.int(citationID), .int(tagID)])
                    while try insertTagging.step() {}
                }
                result.imported += 1
            }
            try db.run(
                """
                INSERT INTO citations_fts (rowid, text, back, author, source)
                SELECT id, text, back, author, source FROM citations WHERE id > ?
                """, .int(firstNewID))
            try db.execute("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation'")
            try db.execute(Schema.bulkTriggers)
            // Tags of the document that no imported citation carries are kept too (with their colour).
            for tag in document.tags.values.sorted(by: { $0.name < $1.name }) where tagIDs[Tag.key(tag.name)] == nil {
                if try existingTagID(named: tag.name) == nil { _ = try tagID(named: tag.name, createWithColor: tag.color) }
            }
            return result
        }
    }

    /// Text and author, lower-cased with white space collapsed: what makes two citations the same.
    static func duplicateKey(_ text: String, _ author: String?) -> String {
        // One pass over the bytes when they are ASCII, over the scalars otherwise: this runs for
        // every citation of the library and of the file.
        if text.utf8.allSatisfy({ $0 < 0x80 }) && (author ?? "").utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count + (author?.utf8.count ?? 0) + 1)
            func addASCII(_ s: String) {
                var started = false, pendingSpace = false
                for var b in s.utf8 {
                    if b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D || b == 0x0B || b == 0x0C {
                        pendingSpace = started
                        continue
                    }
                    if pendingSpace { bytes.append(0x20) }
                    pendingSpace = false
                    started = true
                    if b >= 0x41 && b <= 0x5A { b += 0x20 }
                    bytes.append(b)
                }
            }
            addASCII(text)
            bytes.append(0x1F)
            addASCII(author ?? "")
            return String(decoding: bytes, as: UTF8.self)
        }
        var out = String.UnicodeScalarView()
        func add(_ s: String) {
            var started = false
            var pendingSpace = false
            for scalar in s.lowercased().unicodeScalars {
                let space =
                    scalar.isASCII ? (scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r") : scalar.properties.isWhitespace
                if space {
                    pendingSpace = started
                    continue
                }
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                started = true
                out.append(scalar)
            }
        }
        add(text)
        out.append("\u{1F}")
        add(author ?? "")
        return String(out)
    }
}

struct ImportRecordProblem: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
