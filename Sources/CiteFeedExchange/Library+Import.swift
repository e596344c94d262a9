import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

extension Library {
    /// Imports what `reader` reads in one transaction: all or nothing unless `skipInvalid`.
    /// Records are read and checked on a second thread while this one inserts them, a batch at
    /// a time, so memory does not grow with the file and both cores work. Citations whose text
    /// and author match one in the library or earlier in the file (ignoring case and white
    /// space), or whose uuid is already there, are skipped as duplicates. An id from the file
    /// is kept when no citation ever had it; uuids, dates, favourites and tag colours are kept.
    /// `shared`: the duplicate check of several imports in one transaction.
    package func importRecords(
        from reader: ImportReader, extraTags: [String], skipInvalid: Bool, now: Timestamp, progress: ((ImportProgress) -> Void)? = nil,
        shared: SharedDuplicates? = nil
    ) throws -> ImportResult {
        try bulkLoad { load throws -> ImportResult in
            var result = ImportResult()
            var problems: [InvalidRecord] = []
            var duplicates = shared?.take() ?? ImportDuplicates()
            shared?.added = []
            // The shared check's state goes back to it however this import ends.
            defer { shared?.duplicates = duplicates }
            var notesOnDuplicates: [(CheckedCitation, String)] = []
            // A record that is a citation deleted since (here or on another machine, through
            // sync): imported again, it would be deleted again at the next sync.
            let tombstones = try syncEnabled() ? Set(try self.tombstones()) : []
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
            // Ids are given here, not by SQLite, so that taggings can wait for their batch too:
            // new ones above every id ever used, skipping the ids kept from the file.
            // (`&+`: a library that an older citefeed let keep an id near 2^63 − 1 has no id left,
            // which is reported below instead of crashing.)
            var nextID = max(load.highestID, load.firstNewID) &+ 1

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
                    let estimate = Double(chunk.read) / max(chunk.fraction, 1e-9)
                    let expected = Int(min(estimate * 1.05, 10_000_000))
                    usedIDs.reserveCapacity(expected)
                    // A whole file of a few records into a large library: each looked up.
                    let small =
                        shared == nil && chunk.isLast && chunk.items.count <= 64 && load.firstNewID >= 2000
                        && chunk.items.allSatisfy {
                            if case .valid(let c) = $0 { ImportDuplicates.canLookUp(c.citation.text) } else { true }
                        }
                    if let shared {
                        if !shared.loaded { try duplicates.loadLibrary(self, expected: expected) }
                        shared.loaded = true
                    } else if !small {
                        try duplicates.loadLibrary(self, expected: expected)
                    }
                    try load.prepare(expected: estimate)
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
                    if try duplicates.isDuplicate(new, in: self) {
                        result.duplicates += 1
                        if let back = new.citation.back, !back.isEmpty { notesOnDuplicates.append((new, back)) }
                        continue
                    }
                    if !tombstones.isEmpty, tombstones.contains(new.uuid) {
                        result.stayDeleted.append(new.citation.text)
                        continue
                    }
                    shared?.added.append(new)
                    let citationID: Int64
                    if let wanted = new.id, wanted > load.highestID, wanted <= Citation.largestKeptID, usedIDs.insert(wanted) {
                        citationID = wanted
                    } else {
                        while !usedIDs.insert(nextID) { nextID &+= 1 }
                        guard nextID > 0 else { throw StoreError.noIDLeft }
                        citationID = nextID
                        nextID &+= 1
                    }
                    let c = new.citation
                    let tags = try new.tags.map { k throws -> Int64 in try tagID(number: Int(chunk.tagNumbers[k])) }
                    try load.insert(id: citationID, uuid: new.uuid, c, length: new.length, now: now, tagIDs: tags)
                    if let card = c.card {
                        try insertImportedCard(
                            card, citationID: citationID, hasBack: !(c.back ?? "").isEmpty, archived: c.archivedAt != nil)
                        if card.state == nil && !card.answers.isEmpty { result.toReplay[citationID] = card.due }
                    }
                    result.imported += 1
                    if result.first.count < 5 { result.first.append(.init(text: c.text, author: c.author, source: c.source)) }
                    if c.back != nil { result.withBack += 1 }
                }
            }
            try load.flush()
            // A note made since the last import of the same highlight becomes its back (the
            // library's, where it has none; one it has is never replaced).
            for (duplicate, back) in notesOnDuplicates where problems.isEmpty || skipInvalid {
                let same = try citationsWithoutBack(holding: duplicate.citation.text).first {
                    duplicates.key(text: $0.text, author: $0.author) == duplicate.key
                }
                guard let same else { continue }
                var changes = CitationChanges()
                changes.back = back
                _ = try update(id: same.id, changes, now: now)
                result.backsAdded += 1
            }
            problems += reader.tags.problems
            if !problems.isEmpty && !skipInvalid { throw ImportError.invalidRecords(Array(problems.prefix(3)), total: problems.count) }
            result.invalid = problems
            progress?(.indexing)
            // The file's tag colours (read by now, wherever the file lists them) go to the tags
            // this import made; tags of the file that no imported citation carries are kept too.
            for tag in reader.tags.byKey.values.sorted(by: { $0.name < $1.name }) {
                let key = Tag.key(tag.name)
                if let id = createdTags[key] {
                    try setTagColor(id: id, tag.color)
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
                    let uuid = citation.uuid ?? importedUUID(text: citation.text, author: citation.author)
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
                                citation: citation, id: record.id,
                                key: keys.key(
                                    text: record.cardOfDeck ? citation.text + "\u{1E}" + (citation.back ?? "") : citation.text,
                                    author: citation.author),
                                uuid: uuid, uuidBits: UUIDString.bits(of: uuid)!,  // checked by `validated`, or new
                                tags: firstTag..<chunk.tagNumbers.count,
                                length: Int64(CitationInput.characterCount(citation.text)))))
                } catch let error as ModelError {
                    chunk.items.append(.invalid(InvalidRecord(record.location, .citation(error))))
                } catch let error as ImportRecordProblem {
                    chunk.items.append(.invalid(InvalidRecord(record.location, .format(error.reason))))
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

    /// The uuid of an imported citation whose file gives none: derived from its text and author
    /// (a name-based UUID), so the same highlight imported on two machines that sync is one
    /// citation, as `import` takes it for one on one machine (a duplicate).
    static func importedUUID(text: String, author: String?) -> String {
        UUIDString.nameBased(namespace: importNamespace, name: text + "\u{1F}" + (author ?? ""))
    }

    /// The namespace of `importedUUID`.
    static let importNamespace = "0c1f3e5a-7b9d-4c2e-8f60-a1b2c3d4e5f6"

    /// The record's fields checked as `add` checks them (README, "Citations"), plus its uuid.
    /// `tagNames` remembers the tag names already checked (a file repeats a few tags many times).
    /// A record archived without a date (a Readwise discard) is archived `now`.
    static func validated(_ record: ImportRecord, extraTags: [String], now: Timestamp, tagNames: inout [String: String]) throws
        -> NewCitation
    {
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
        // A date no output could write (a reader's file may hold any number) is as none.
        let created = record.createdAt.flatMap { $0.isInCivilRange ? $0 : nil }
        new.createdAt = created
        new.updatedAt = record.updatedAt.flatMap { $0.isInCivilRange ? $0 : nil } ?? created
        new.archivedAt =
            record.archivedAt.flatMap { $0.isInCivilRange ? $0 : nil } ?? (record.archived || record.archivedAt != nil ? now : nil)
        if let card = record.card {
            let exchange = try CardExchange(json: card)
            // An answer after now would stay the card's newest for good: grade would take every
            // click for one on a card answered since the bar showed it, and undo would reach it first.
            if let (i, answer) = exchange.answers.enumerated().first(where: { $0.element.at > now }) {
                throw ImportRecordProblem("answer \(i + 1) of \"card\".\"log\" is dated \(answer.at.rfc3339UTC), after now; fix its \"at\"")
            }
            if let last = exchange.state?.card.lastReview, last > now {
                throw ImportRecordProblem("\"card\".\"lastReview\" is \(last.rfc3339UTC), after now; fix it")
            }
            new.card = exchange
        }
        return new
    }
}
