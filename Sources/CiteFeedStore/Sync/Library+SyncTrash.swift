import CiteFeedModel
import CiteFeedSupport

/// What other machines' deletions took from this library: kept for `trashDays`, so
/// that a deletion from the folder (a mistake, or someone who could write there) can be undone
/// here. `restore --deleted` brings one back as a new citation, a change of this machine's that
/// every machine receives; the deletion itself stands everywhere, so the machines still agree.
extension Library {
    /// Days a deleted citation stays in the trash.
    package static let trashDays: Int64 = 30

    /// A citation another machine deleted, as it was here.
    package struct Trashed: Equatable, Sendable {
        /// Its number in the trash (what `restore --deleted N` takes).
        package var number: Int64
        package var uuid: String
        /// The machine whose change deleted it.
        package var machine: String
        /// When this machine applied the deletion.
        package var deletedAt: Timestamp
        package var citation: Citation
    }

    /// Keeps `uuid` (when it is here) before another machine's deletion removes it.
    func trash(uuid: String, machine: String, at time: Timestamp) throws(StoreError) {
        guard let id = try citationID(uuid: uuid) else { return }
        let citation = try self.citation(id: id)
        try mapped {
            try db.run(
                "INSERT INTO sync_trash (uuid, machine, deleted_at, citation) VALUES (?, ?, ?, ?)", .text(uuid), .text(machine),
                .int(time.seconds), .text(JSONWriter.compact(CitationJSON.citation(citation))))
        }
    }

    /// The trash, the latest deletion first; what is older than `trashDays` before `now` is
    /// emptied first.
    package func trashed(now: Timestamp) throws(StoreError) -> [Trashed] {
        try emptyTrash(before: now)
        return try mapped {
            try db.query("SELECT n, uuid, machine, deleted_at, citation FROM sync_trash ORDER BY n DESC") { s in
                (s.int(0), s.text(1), s.text(2), s.int(3), s.text(4))
            }.compactMap { n, uuid, machine, at, text in
                guard let json = try? JSONParser.parse(text), let citation = Citation(trashed: json) else { return nil }
                return Trashed(number: n, uuid: uuid, machine: machine, deletedAt: Timestamp(seconds: at), citation: citation)
            }
        }
    }

    /// The number of citations, archived ones too.
    package func citationCount() throws(StoreError) -> Int {
        try mapped { Int(try db.scalar("SELECT count(*) FROM citations") ?? 0) }
    }

    /// The id here of the citation `uuid`, when it is here.
    package func citationID(uuid: String) throws(StoreError) -> Int64? {
        try mapped { try db.scalar("SELECT id FROM citations WHERE uuid = ?", .text(uuid)) }
    }

    /// Removes from the trash what is older than `trashDays` before `now` (each sync does).
    package func emptyTrash(before now: Timestamp) throws(StoreError) {
        try mapped { try db.run("DELETE FROM sync_trash WHERE deleted_at < ?", .int(now.seconds - Library.trashDays * 86400)) }
    }

    /// Citations in the trash that the mass-deletion check counts: those deleted since the
    /// user last accepted other machines' deletions (`acceptTrashedDeletions`).
    package func trashedSinceAccepted() throws(StoreError) -> Int {
        let mark = Int64(try meta("trash_accepted_through") ?? "") ?? 0
        return try mapped { Int(try db.scalar("SELECT count(*) FROM sync_trash WHERE n > ?", .int(mark)) ?? 0) }
    }

    /// `sync --accept-deletions`: the deletions in the trash now no longer count against the next.
    package func acceptTrashedDeletions() throws(StoreError) {
        let last = try mapped { try db.scalar("SELECT max(n) FROM sync_trash") ?? 0 }
        try setMeta("trash_accepted_through", String(last))
    }

    /// Takes citation `number` out of the trash.
    package func untrash(_ number: Int64) throws(StoreError) {
        try mapped { try db.run("DELETE FROM sync_trash WHERE n = ?", .int(number)) }
    }
}

extension Citation {
    /// A citation as the trash keeps it (`CitationJSON.citation`): its fields as a pick's
    /// snapshot reads them, and its dates.
    fileprivate init?(trashed json: JSONValue) {
        guard let s = PickSnapshot(json: json), let created = json["createdAt"]?.stringValue.flatMap(Timestamp.init(rfc3339:)),
            let updated = json["updatedAt"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
        else { return nil }
        self.init(
            id: s.id, uuid: s.uuid, text: s.text, back: s.back, author: s.author, source: s.source, tags: s.tags, favourite: s.favourite,
            createdAt: created, updatedAt: updated, archivedAt: json["archivedAt"]?.stringValue.flatMap(Timestamp.init(rfc3339:)))
    }
}
