/// What an import did.
public struct ImportResult: Sendable, Equatable {
    public var imported = 0
    public var duplicates = 0
    /// The records skipped as invalid (with --skip-invalid), each with its location and reason.
    public var invalid: [String] = []
    /// The first few citations imported (for `import --dry-run`), and how many have a back.
    public var first: [Preview] = []
    public var withBack = 0

    public struct Preview: Sendable, Equatable {
        public var text: String
        public var author: String?
        public var source: String?
    }
}

/// A record as the checking thread hands it over.
struct CheckedCitation {
    var citation: NewCitation
    /// The id the file gives it, if any.
    var id: Int64?
    var key: DuplicateKey
    /// Its uuid: the file's, or a new one; and its bits, to find it among those already there.
    var uuid: String
    var uuidBits: UUIDBits
    /// Its tags, as the numbers the checking thread gave their names: `tagNumbers[tags]` of
    /// its chunk (one array per chunk, not one per citation).
    var tags: Range<Int>
    /// Characters of the text (`text_length`).
    var length: Int64
}

/// Records checked, in the file's order, with how far into the file they go.
struct CheckedChunk {
    enum Item {
        case valid(CheckedCitation)
        /// Where the record is and what is wrong with it.
        case invalid(String)
    }
    var items: [Item] = []
    /// The tag numbers of the chunk's citations; and the names of the numbers first met in it
    /// (numbers are given in order: 0, 1, 2, … across the whole file).
    var tagNumbers: [Int32] = []
    var newTagNames: [String] = []
    /// Records read so far, and the fraction of the file.
    var read = 0
    var fraction = 0.0
    /// The file's last records: it is read to the end.
    var isLast = false
    /// The file could not be read on (a malformed CSV row): the import stops with this.
    var error: (any Error)?
}

/// How far an import has come, for a progress bar.
public enum ImportProgress: Sendable, Equatable {
    /// Records read so far and the fraction of the file they are.
    case reading(records: Int, fraction: Double)
    /// All read; the full-text index is being filled and the other indexes made again.
    case indexing
}

extension Library {
    /// Imports what `reader` reads in one transaction: all or nothing unless `skipInvalid`.
    /// Records are read and checked on a second thread while this one inserts them, a batch at
    /// a time, so memory does not grow with the file and both cores work. Citations whose text
    /// and author match one in the library or earlier in the file (ignoring case and white
    /// space), or whose uuid is already there, are skipped as duplicates. An id from the file
    /// is kept when no citation ever had it; uuids, dates, favourites and tag colours are kept.
    public func importRecords(
        from reader: ImportReader, extraTags: [String], skipInvalid: Bool, now: Timestamp, progress: ((ImportProgress) -> Void)? = nil
    ) throws -> ImportResult {
        // A cache large enough that SQLite seldom spills pages to the WAL and reads them back
        // before the commit (100k rows: 16 MiB 2.2 s and 92 MB peak, 64 MiB 2.0 s and 128 MB;
        // the default 2 MiB is 25% slower). Back to the default afterwards.
        try db.execute("PRAGMA cache_size = -65536")
        defer { try? db.execute("PRAGMA cache_size = -2000") }
        // Every tagging refers to a citation inserted before it and a tag looked up or made by
        // this import, so the foreign keys hold by construction; checking them costs a lookup
        // of both parents per tagging (100k rows: 0.1 s of 0.2 s). The pragma has no effect
        // inside a transaction, hence here; the tests check the foreign keys after imports.
        try db.execute("PRAGMA foreign_keys = OFF")
        defer { try? db.execute("PRAGMA foreign_keys = ON") }
        return try write { () throws -> ImportResult in
            var result = ImportResult()
            var problems: [String] = []
            var duplicates = ImportDuplicates()
            let highestID = try db.scalar("SELECT seq FROM sqlite_sequence WHERE name = 'citations'") ?? 0
            var usedIDs = KeySet()
            var tagIDs: [String: Int64] = [:]
            var createdTags: [String: Int64] = [:]
            // The checking thread numbers tag names; a number's tag id is looked up (or the tag
            // made) when a citation that carries it is first imported. 0: not yet.
            var tagNames: [String] = []
            var tagIDsByNumber: [Int64] = []
            func tagID(number: Int) throws -> Int64 {
                if tagIDsByNumber[number] != 0 { return tagIDsByNumber[number] }
                let name = tagNames[number]
                let tagKey = Tag.key(name)
                var id = tagIDs[tagKey]
                if id == nil {
                    id = try existingTagID(named: name)
                    // New tags get the file's colour once it is read (below).
                    if id == nil {
                        id = try self.tagID(named: name, createWithColor: nil)
                        createdTags[tagKey] = id
                    }
                    tagIDs[tagKey] = id
                }
                tagIDsByNumber[number] = id!
                return id!
            }

            // Per-row triggers cost more than the rows (the full-text index and the generation
            // counter, through a statement journal); DDL is transactional, so they are dropped
            // for the import and the index is filled in one statement after it, with FTS5's
            // automatic merging off while it is (at 100k rows: 0.8 s to 0.4 s; segments are
            // still merged when a level fills up, and automerge is back on for later writes).
            let firstNewID = (try db.scalar("SELECT max(id) FROM citations") ?? 0)
            let restoreTriggers = try dropSchemaObjects(
                "type = 'trigger' AND name IN ('citations_fts_insert', 'generation_citation_insert', 'generation_tagging_insert')")
            var restoreIndexes: [String] = []
            // OR FAIL: a failing row stops the statement without undoing the rows before it
            // (the import's transaction undoes everything anyway), so SQLite keeps no statement
            // journal of every page each batch touches (at 100k rows: 315,000 writes to 66,000).
            let citations = BatchInsert(
                db,
                "INSERT OR FAIL INTO citations (id, uuid, text, back, author, source, favourite, created_at, updated_at, archived_at, text_length)",
                columns: 11)
            let taggings = BatchInsert(db, "INSERT OR IGNORE INTO citation_tags (citation_id, tag_id)", columns: 2, batch: 256)
            // Ids are given here, not by SQLite, so that taggings can wait for their batch too:
            // new ones above every id ever used, skipping the ids kept from the file.
            // (`&+`: a library that an older citefeed let keep an id near 2^63 − 1 has no id left,
            // which is reported below instead of crashing.)
            var nextID = max(highestID, firstNewID) &+ 1
            // Taggings wait until their citations are in (a foreign key).
            var pendingTaggings: [(Int64, Int64)] = []
            func moveTaggings() throws(StoreError) {
                for (citation, tag) in pendingTaggings {
                    taggings.put(citation)
                    taggings.put(tag)
                    try taggings.endRow()
                }
                pendingTaggings.removeAll(keepingCapacity: true)
            }

            let channel = Channel<CheckedChunk>(capacity: 8)
            let checker = WorkerThread { Library.check(reader, extraTags: extraTags, now: now, into: channel) }
            if checker == nil {
                // No second thread: check everything first, here.
                channel.removeLimit()
                Library.check(reader, extraTags: extraTags, now: now, into: channel)
            }
            defer {
                channel.cancel()
                checker?.join()
            }
            var first = true
            while let chunk = channel.receive() {
                if let error = chunk.error { throw error }
                progress?(.reading(records: chunk.read, fraction: chunk.fraction))
                tagNames += chunk.newTagNames
                tagIDsByNumber += repeatElement(0, count: chunk.newTagNames.count)
                if first {
                    first = false
                    // A large import into a smaller library: the secondary indexes are dropped
                    // and made again at the end, which sorts once instead of inserting at random
                    // (100k rows: 0.7 s less). For a few rows into a large library, they stay.
                    let estimate = Double(chunk.read) / max(chunk.fraction, 1e-9)
                    let expected = Int(min(estimate * 1.05, 10_000_000))
                    usedIDs.reserveCapacity(expected)
                    // A whole file of a few records into a large library: each looked up.
                    let small =
                        chunk.isLast && chunk.items.count <= 64 && firstNewID >= 2000
                        && chunk.items.allSatisfy {
                            if case .valid(let c) = $0 { ImportDuplicates.canLookUp(c.citation.text) } else { true }
                        }
                    if !small { try duplicates.loadLibrary(db, expected: expected) }
                    if estimate >= 1000 && estimate >= Double(duplicates.libraryCount) / 2 {
                        restoreIndexes = try dropSchemaObjects(
                            "type = 'index' AND tbl_name IN ('citations', 'citation_tags') AND sql IS NOT NULL")
                    }
                }
                for item in chunk.items {
                    let new: CheckedCitation
                    switch item {
                    case .invalid(let problem):
                        problems.append(problem)
                        continue
                    case .valid(let citation): new = citation
                    }
                    // After an invalid record, without --skip-invalid, the rest is only checked
                    // (to report every invalid record); the transaction will be rolled back.
                    guard problems.isEmpty || skipInvalid else { continue }
                    if try duplicates.isDuplicate(new, in: db) {
                        result.duplicates += 1
                        continue
                    }
                    let citationID: Int64
                    if let wanted = new.id, wanted > highestID, wanted <= Citation.largestKeptID, usedIDs.insert(wanted) {
                        citationID = wanted
                    } else {
                        while !usedIDs.insert(nextID) { nextID &+= 1 }
                        guard nextID > 0 else { throw StoreError.noIDLeft }
                        citationID = nextID
                        nextID &+= 1
                    }
                    let c = new.citation
                    let created = c.createdAt ?? now
                    citations.put(citationID)
                    citations.put(new.uuid)
                    citations.put(c.text)
                    citations.put(c.back)
                    citations.put(c.author)
                    citations.put(c.source)
                    citations.put(c.favourite)
                    citations.put(created.seconds)
                    citations.put((c.updatedAt ?? created).seconds)
                    citations.put(c.archivedAt)
                    citations.put(new.length)
                    try citations.endRow()
                    for k in new.tags {
                        pendingTaggings.append((citationID, try tagID(number: Int(chunk.tagNumbers[k]))))
                    }
                    if citations.isEmpty { try moveTaggings() }
                    result.imported += 1
                    if result.first.count < 5 { result.first.append(.init(text: c.text, author: c.author, source: c.source)) }
                    if new.citation.back != nil { result.withBack += 1 }
                }
            }
            try citations.flush()
            try moveTaggings()
            try taggings.flush()
            problems += reader.tags.problems
            if !problems.isEmpty && !skipInvalid { throw ImportError.invalidRecords(Array(problems.prefix(3)), total: problems.count) }
            result.invalid = problems
            progress?(.indexing)
            try db.execute("INSERT INTO citations_fts (citations_fts, rank) VALUES ('automerge', 0)")
            try db.run(
                """
                INSERT INTO citations_fts (rowid, text, back, author, source)
                SELECT id, text, back, author, source FROM citations WHERE id > ?
                """, .int(firstNewID))
            try db.execute("INSERT INTO citations_fts (citations_fts, rank) VALUES ('automerge', 4)")
            try db.execute("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation'")
            for sql in restoreIndexes + restoreTriggers { try db.execute(sql) }
            // The file's tag colours (read by now, wherever the file lists them) go to the tags
            // this import made; tags of the file that no imported citation carries are kept too.
            for tag in reader.tags.byKey.values.sorted(by: { $0.name < $1.name }) {
                let key = Tag.key(tag.name)
                if let id = createdTags[key] {
                    try db.run("UPDATE tags SET color = ? WHERE id = ?", .text(tag.color), .int(id))
                } else if tagIDs[key] == nil, try existingTagID(named: tag.name) == nil {
                    _ = try self.tagID(named: tag.name, createWithColor: tag.color)
                }
            }
            return result
        }
    }

    /// The checking thread: reads every record, checks it as `add` would and makes its
    /// duplicate key, and sends the results in chunks of 256; a failure to read the file is
    /// sent as the last chunk. Touches nothing but `reader` and `channel`.
    static func check(_ reader: ImportReader, extraTags: [String], now: Timestamp, into channel: Channel<CheckedChunk>) {
        struct Cancelled: Error {}
        var keys = DuplicateKey.Maker()
        var tagNames: [String: String] = [:]
        var tagNumbers: [String: Int32] = [:]
        var chunk = CheckedChunk()
        do {
            try reader.forEachRecord { record, fraction in
                chunk.read += 1
                chunk.fraction = fraction
                do {
                    let citation = try validated(record, extraTags: extraTags, now: now, tagNames: &tagNames)
                    let uuid = citation.uuid ?? UUIDString.random()
                    let firstTag = chunk.tagNumbers.count
                    for name in citation.tags {
                        if let number = tagNumbers[name] {
                            chunk.tagNumbers.append(number)
                        } else {
                            let number = Int32(tagNumbers.count)
                            tagNumbers[name] = number
                            chunk.newTagNames.append(name)
                            chunk.tagNumbers.append(number)
                        }
                    }
                    chunk.items.append(
                        .valid(
                            CheckedCitation(
                                citation: citation, id: record.id, key: keys.key(text: citation.text, author: citation.author),
                                uuid: uuid, uuidBits: UUIDString.bits(of: uuid)!,  // checked by `validated`, or new
                                tags: firstTag..<chunk.tagNumbers.count,
                                length: Int64(CitationInput.characterCount(citation.text)))))
                } catch let error as any CiteFeedError {
                    chunk.items.append(.invalid("\(record.location): \(error.message)"))
                } catch let error as ImportRecordProblem {
                    chunk.items.append(.invalid("\(record.location): \(error.reason)."))
                }
                if chunk.items.count == 256 {
                    guard channel.send(chunk) else { throw Cancelled() }
                    chunk.items.removeAll(keepingCapacity: true)
                    chunk.tagNumbers.removeAll(keepingCapacity: true)
                    chunk.newTagNames.removeAll(keepingCapacity: true)
                }
            }
            if !chunk.items.isEmpty {
                chunk.isLast = true
                _ = channel.send(chunk)
            }
        } catch is Cancelled {
        } catch {
            chunk.items = []
            chunk.error = error
            _ = channel.send(chunk)
        }
        channel.close()
    }

    /// Drops the schema objects that `condition` selects from `sqlite_master`; returns the SQL
    /// that makes them again.
    func dropSchemaObjects(_ condition: String) throws(StoreError) -> [String] {
        let objects = try db.query("SELECT type, name, sql FROM sqlite_master WHERE \(condition) ORDER BY name", []) {
            (type: $0.text(0), name: $0.text(1), sql: $0.text(2))
        }
        for object in objects { try db.execute("DROP \(object.type.uppercased()) \(object.name)") }
        return objects.map(\.sql)
    }

    /// The record's fields checked as `add` checks them (SPEC.md, "Data"), plus its uuid.
    /// `tagNames` remembers the tag names already checked (a file repeats a few tags many times).
    /// A record archived without a date (a Readwise discard) is archived `now`.
    static func validated(_ record: ImportRecord, extraTags: [String], now: Timestamp, tagNames: inout [String: String]) throws -> NewCitation {
        if let problem = record.problem { throw ImportRecordProblem(problem) }
        var tags: [String] = []
        for raw in record.tags + extraTags {
            if let name = tagNames[raw] {
                tags.append(name)
            } else {
                let name = try Tag.validateName(raw)
                tagNames[raw] = name
                tags.append(name)
            }
        }
        var new = NewCitation(
            text: try CitationInput.text(record.text ?? ""), back: try CitationInput.back(record.back),
            author: try CitationInput.author(record.author), source: try CitationInput.source(record.source),
            tags: tags, favourite: record.favourite)
        if var uuid = record.uuid {
            let (valid, upper) = uuid.withUTF8 { bytes in
                (UUIDString.bits(of: bytes) != nil, bytes.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "F") })
            }
            guard valid else { throw ImportRecordProblem("The uuid \(quoted(uuid)) is not a UUID") }
            // Most files spell them in lower case already: no new string then.
            new.uuid = upper ? uuid.lowercased() : uuid
        }
        new.createdAt = record.createdAt
        new.updatedAt = record.updatedAt ?? record.createdAt
        new.archivedAt = record.archivedAt ?? (record.archived ? now : nil)
        return new
    }
}

struct ImportRecordProblem: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
