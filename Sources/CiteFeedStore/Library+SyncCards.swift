import CiteFeedModel
import CiteFeedSupport

/// Flashcard answers through sync (ARCHITECTURE.md, "Sync", "Flashcards"): answers are a set,
/// each with the id `MACHINE:SEQ` of the change that carried it; an undo removes one for good;
/// a card's state is replayed from its answers in time order.
extension Library {
    /// An answer given here and not yet in the folder.
    package struct LocalAnswer: Equatable {
        package var reviewID: Int64
        package var citation: Int64
        package var uuid: String
        package var at: Timestamp
        package var grade: Int
    }

    /// The answers given here since the last sync (or ever, at the first), oldest first.
    package func unsyncedAnswers() throws(StoreError) -> [LocalAnswer] {
        try mapped {
            try db.query(
                "SELECT r.id, r.citation_id, c.uuid, r.reviewed_at, r.grade FROM reviews r JOIN citations c ON c.id = r.citation_id WHERE r.sync_id IS NULL ORDER BY r.id"
            ) {
                LocalAnswer(
                    reviewID: $0.int(0), citation: $0.int(1), uuid: $0.text(2), at: Timestamp(seconds: $0.int(3)), grade: Int($0.int(4)))
            }
        }
    }

    package func setAnswerSyncID(_ reviewID: Int64, _ id: String) throws(StoreError) {
        try mapped { try db.run("UPDATE reviews SET sync_id = ? WHERE id = ?", .text(id), .int(reviewID)) }
    }

    package enum AnswerApplied: Equatable {
        /// Added to the card of this citation, which is to be replayed.
        case added(citation: Int64)
        /// Here already, undone, or its citation deleted.
        case unchanged
        /// Its citation is not here yet.
        case waiting
    }

    /// Adds another machine's answer.
    package func applyAnswer(uuid: String, id: String, at: Timestamp, grade: Int) throws(StoreError) -> AnswerApplied {
        if try tombstone(uuid) { return .unchanged }
        return try mapped {
            guard let citation = try db.scalar("SELECT id FROM citations WHERE uuid = ?", .text(uuid)) else { return .waiting }
            if try db.scalar("SELECT 1 FROM sync_undone WHERE id = ?", .text(id)) != nil { return .unchanged }
            if try db.scalar("SELECT 1 FROM reviews WHERE sync_id = ?", .text(id)) != nil { return .unchanged }
            // Its time as the horizons already read cap it (below).
            let capped = try db.scalar(
                "SELECT min(wall) FROM sync_horizons WHERE machine = ? AND observer != ? AND seen >= ?",
                .text(SyncChange.machine(ofAnswer: id)),
                .text(SyncChange.machine(ofAnswer: id)), .int(SyncChange.seq(ofAnswer: id)))
            let time = min(at.seconds, capped ?? at.seconds)
            // The replay writes the card before and the days elapsed.
            try db.run(
                "INSERT INTO reviews (citation_id, reviewed_at, grade, elapsed_days, state_before, card_before, sync_id) VALUES (?, ?, ?, 0, 'new', '{}', ?)",
                .int(citation), .int(time), .int(Int64(grade)), .text(id))
            return .added(citation: citation)
        }
    }

    /// Undoes the answer `id` for good; its citation's id when the answer was here.
    package func applyUndo(_ id: String) throws(StoreError) -> Int64? {
        try mapped {
            try db.run("INSERT OR IGNORE INTO sync_undone (id) VALUES (?)", .text(id))
            let citation = try db.scalar("SELECT citation_id FROM reviews WHERE sync_id = ?", .text(id))
            try db.run("DELETE FROM reviews WHERE sync_id = ?", .text(id))
            return citation
        }
    }

    /// Caps the times of `machine`'s answers through `seen` at `wall` (another machine had seen
    /// them then); the citations whose answers moved.
    package func capAnswers(machine: String, through seen: Int64, at wall: Timestamp) throws(StoreError) -> [Int64] {
        try mapped {
            let prefix = machine + ":"
            let condition = """
                sync_id >= ?1 AND sync_id < ?2 AND CAST(substr(sync_id, \(prefix.utf8.count + 1)) AS INTEGER) <= ?3 AND reviewed_at > ?4
                """
            let values: [SQLValue] = [.text(prefix), .text(machine + ";"), .int(seen), .int(wall.seconds)]
            let ids = try db.query("SELECT DISTINCT citation_id FROM reviews WHERE \(condition)", values) { $0.int(0) }
            guard !ids.isEmpty else { return [] }
            let stmt = try db.prepare("UPDATE reviews SET reviewed_at = ?4 WHERE \(condition)")
            try stmt.bind(values)
            while try stmt.step() {}
            return ids
        }
    }

    /// One answer of a card, as the replay reads it.
    package struct ReplayAnswer {
        package var reviewID: Int64
        package var at: Timestamp
        package var grade: Grade
    }

    /// The answers of each of `ids` in the order the replay takes them: by time, then by id
    /// (for many cards, one pass over every answer instead of a query a card).
    package func replayAnswers(of ids: Set<Int64>) throws(StoreError) -> [Int64: [ReplayAnswer]] {
        let order = "ORDER BY citation_id, reviewed_at, coalesce(sync_id, ''), id"
        let many = ids.count > 500
        return try mapped {
            var answers: [Int64: [ReplayAnswer]] = [:]
            func read(_ sql: String, _ bindings: [SQLValue]) throws(SQLiteError) {
                for (id, answer) in try db.query(
                    sql, bindings,
                    {
                        (
                            $0.int(0),
                            ReplayAnswer(
                                reviewID: $0.int(1), at: Timestamp(seconds: $0.int(2)), grade: Grade(rawValue: Int($0.int(3))) ?? .good)
                        )
                    }) where !many || ids.contains(id)
                {
                    answers[id, default: []].append(answer)
                }
            }
            if many {
                try read("SELECT citation_id, id, reviewed_at, grade FROM reviews \(order)", [])
            } else {
                for id in ids {
                    try read("SELECT citation_id, id, reviewed_at, grade FROM reviews WHERE citation_id = ? \(order)", [.int(id)])
                }
            }
            return answers
        }
    }

    /// The citations that have answers (every card, for a replay after the study settings changed).
    package func answeredCitations() throws(StoreError) -> [Int64] {
        try mapped { try db.query("SELECT DISTINCT citation_id FROM reviews ORDER BY 1") { $0.int(0) } }
    }

    /// Writes what a replay found: the card before each answer, and the card at the end (a
    /// row made when missing, a card when it has a back, as `card` with no mark makes it; none
    /// for a citation deleted since its answers changed, later in the same sync).
    package func saveReplay(_ steps: [(reviewID: Int64, before: CardRecord, elapsedDays: Int64)], card r: CardRecord) throws(StoreError) {
        try mapped {
            for step in steps {
                try db.run(
                    "UPDATE reviews SET elapsed_days = ?, state_before = ?, card_before = ? WHERE id = ?", .int(step.elapsedDays),
                    .text(step.before.card.state.rawValue), .text(JSONWriter.compact(CardJSON.object(step.before))), .int(step.reviewID))
            }
            let c = r.card
            let new = c.state == .new
            try db.run(
                """
                INSERT INTO cards (citation_id, is_card, archived, state, step, stability, difficulty, due, last_review, reps, lapses)
                SELECT id, back IS NOT NULL AND back != '', archived_at IS NOT NULL, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 FROM citations WHERE id = ?1
                ON CONFLICT (citation_id) DO UPDATE SET state = excluded.state, step = excluded.step, stability = excluded.stability,
                    difficulty = excluded.difficulty, due = excluded.due, last_review = excluded.last_review, reps = excluded.reps,
                    lapses = excluded.lapses
                """, .int(r.citationID), .text(c.state.rawValue), new ? .null : c.step.map { .int(Int64($0)) } ?? .null,
                new ? .null : c.stability.map(SQLValue.double) ?? .null, new ? .null : c.difficulty.map(SQLValue.double) ?? .null,
                new ? .null : .int(c.due.seconds), new ? .null : c.lastReview.map { .int($0.seconds) } ?? .null, .int(Int64(r.reps)),
                .int(Int64(r.lapses)))
        }
    }

    /// Whether the scheduler's settings (`fingerprint`) differ from those the cards were last
    /// replayed with; notes the new ones. The first sync counts as a change.
    package func studySettingsChanged(to fingerprint: String) throws(StoreError) -> Bool {
        guard try meta("sync_study") != fingerprint else { return false }
        try setMeta("sync_study", fingerprint)
        return true
    }
}
