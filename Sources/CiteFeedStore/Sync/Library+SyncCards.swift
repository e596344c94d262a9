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
                "SELECT r.id, r.citation_id, c.uuid, r.reviewed_at, r.grade FROM reviews r INDEXED BY reviews_unsynced JOIN citations c ON c.id = r.citation_id WHERE r.sync_id IS NULL ORDER BY r.id"
            ) {
                LocalAnswer(
                    reviewID: $0.int(0), citation: $0.int(1), uuid: $0.text(2), at: Timestamp(seconds: $0.int(3)), grade: Int($0.int(4)))
            }
        }
    }

    /// Gives each answer (review id) its change's id, in one statement.
    package func setAnswerSyncIDs(_ ids: [(reviewID: Int64, id: String)]) throws(StoreError) {
        guard !ids.isEmpty else { return }
        var json: [UInt8] = [0x7B]
        for (n, (reviewID, id)) in ids.enumerated() {
            if n > 0 { json.append(0x2C) }
            json += Array("\"\(reviewID)\":".utf8)
            JSONWriter.writeString(id, into: &json)
        }
        json.append(0x7D)
        try mapped {
            try db.run(
                "UPDATE reviews SET sync_id = j.value FROM json_each(?) j WHERE reviews.id = CAST(j.key AS INTEGER)",
                .text(String(decoding: json, as: UTF8.self)))
        }
    }

    package enum AnswerApplied: Equatable {
        /// Added to the card of this citation, which is to be replayed.
        case added(citation: Int64)
        /// Here already, undone, or its citation deleted.
        case unchanged
        /// Its citation is not here yet.
        case waiting
    }

    /// The time before which no horizon moves an answer given at `at` in a line of `clock`:
    /// `maximumCap` before the earlier of the two (kept as `answered_at`). An answer whose time is
    /// far past its own line's clock (a forged one, of the year 9999) is still capped to when
    /// another machine saw it; an honest one moves at most a day.
    static func answeredAt(_ at: Timestamp, clock: SyncClock) -> Int64 { min(at.seconds, clock.time.seconds) }

    /// Adds another machine's answer.
    package func applyAnswer(uuid: String, id: String, at: Timestamp, grade: Int, clock: SyncClock) throws(StoreError) -> AnswerApplied {
        try mapped {
            // What decides, in one query (a joining machine applies 18,000 answers): whether its
            // citation is deleted or here, whether the answer is undone or here already, and its
            // time as the horizons already read cap it (below).
            let machine = SyncChange.machine(ofAnswer: id)
            let rows = try db.query(
                """
                SELECT (SELECT count(*) FROM sync_tombstones WHERE uuid = ?1), (SELECT id FROM citations WHERE uuid = ?1),
                       (SELECT count(*) FROM sync_undone WHERE id = ?2) + (SELECT count(*) FROM reviews WHERE sync_id = ?2),
                       (SELECT min(wall) FROM sync_horizons WHERE machine = ?3 AND observer != ?3 AND seen >= ?4)
                """, [.text(uuid), .text(id), .text(machine), .int(SyncChange.seq(ofAnswer: id))]
            ) { (deleted: $0.int(0) > 0, citation: $0.optionalInt(1), known: $0.int(2) > 0, capped: $0.optionalInt(3)) }
            guard let row = rows.first, !row.deleted else { return .unchanged }
            guard let citation = row.citation else { return .waiting }
            if row.known { return .unchanged }
            let answeredAt = Library.answeredAt(at, clock: clock)
            let time = max(min(at.seconds, row.capped ?? at.seconds), answeredAt - Library.maximumCap)
            // The replay writes the card before and the days elapsed.
            try db.run(
                "INSERT INTO reviews (citation_id, reviewed_at, grade, elapsed_days, state_before, card_before, sync_id, answered_at) VALUES (?, ?, ?, 0, 'new', '{}', ?, ?)",
                .int(citation), .int(time), .int(Int64(grade)), .text(id), .int(answeredAt))
            return .added(citation: citation)
        }
    }

    /// An answer from the folder, as its line gives it.
    package struct SyncedAnswer {
        package var uuid: String
        package var id: String
        package var at: Timestamp
        package var grade: Int
        /// Its line's clock (`answeredAt`).
        package var clock: SyncClock

        package init(uuid: String, id: String, at: Timestamp, grade: Int, clock: SyncClock) {
            self.uuid = uuid
            self.id = id
            self.at = at
            self.grade = grade
            self.clock = clock
        }
    }

    /// `applyAnswer` for many answers: the citations whose answers were added, and the positions
    /// in `answers` of those that wait for their citation. The answers go into a table of this
    /// connection's own first (a plain insert each), then into `reviews` in one statement.
    package func applyAnswers(_ answers: [SyncedAnswer]) throws(StoreError) -> (added: Set<Int64>, waiting: [Int]) {
        guard !answers.isEmpty else { return ([], []) }
        return try mapped {
            try db.execute(
                "CREATE TEMP TABLE IF NOT EXISTS sync_answers_in (n INTEGER PRIMARY KEY, uuid, id, at, grade, machine, seq, answered)")
            defer { try? db.execute("DROP TABLE IF EXISTS temp.sync_answers_in") }
            let put = try db.prepare("INSERT INTO temp.sync_answers_in VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
            for (n, a) in answers.enumerated() {
                try put.bind([
                    .int(Int64(n)), .text(a.uuid), .text(a.id), .int(a.at.seconds), .int(Int64(a.grade)),
                    .text(SyncChange.machine(ofAnswer: a.id)), .int(SyncChange.seq(ofAnswer: a.id)),
                    .int(Library.answeredAt(a.at, clock: a.clock)),
                ])
                _ = try put.step()
            }
            let waiting = try db.query(
                """
                SELECT n FROM temp.sync_answers_in a
                WHERE NOT EXISTS (SELECT 1 FROM citations WHERE uuid = a.uuid) AND NOT EXISTS (SELECT 1 FROM sync_tombstones WHERE uuid = a.uuid)
                ORDER BY n
                """, []
            ) { Int($0.int(0)) }
            let before = try db.scalar("SELECT max(id) FROM reviews") ?? 0
            // Deleted, undone or here already (the unique sync id): not added; the time capped
            // by the horizons already read (the earliest wall of another machine that had seen it).
            try db.execute(
                """
                INSERT INTO reviews (citation_id, reviewed_at, grade, elapsed_days, state_before, card_before, sync_id, answered_at)
                SELECT c.id, a.time, a.grade, 0, 'new', '{}', a.id, a.answered
                FROM (SELECT i.*, max(i.answered - \(Library.maximumCap), min(i.at, coalesce((
                          SELECT min(wall) FROM sync_horizons WHERE machine = i.machine AND observer != i.machine AND seen >= i.seq), i.at)))
                          AS time
                      FROM temp.sync_answers_in i) a
                JOIN citations c ON c.uuid = a.uuid
                WHERE NOT EXISTS (SELECT 1 FROM sync_tombstones WHERE uuid = a.uuid) AND NOT EXISTS (SELECT 1 FROM sync_undone WHERE id = a.id)
                ORDER BY a.n
                ON CONFLICT DO NOTHING
                """)
            let added = try db.query("SELECT DISTINCT citation_id FROM reviews WHERE id > ?", [.int(before)]) { $0.int(0) }
            return (Set(added), waiting)
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

    /// How far a horizon may move an answer before the time it was made: one day, the lead
    /// `HybridClock` lets a clock have. A machine whose clock is ahead by more is not followed
    /// either; and a horizon of another machine's (a forged one in the folder) can move no
    /// answer, this machine's own included, by more.
    package static let maximumCap: Int64 = 86_400

    /// Caps the times of `machine`'s answers through `seen` at `wall` (another machine had seen
    /// them then), by at most `maximumCap`; the citations whose answers moved.
    package func capAnswers(machine: String, through seen: Int64, at wall: Timestamp) throws(StoreError) -> [Int64] {
        try mapped {
            let prefix = machine + ":"
            // At most `maximumCap` before the time the answer was made (`answered_at`, kept at
            // the first move): every machine caps alike, whatever order the horizons come in.
            let capped = "max(?4, coalesce(answered_at, reviewed_at) - \(Library.maximumCap))"
            let condition = """
                sync_id >= ?1 AND sync_id < ?2 AND CAST(substr(sync_id, \(prefix.utf8.count + 1)) AS INTEGER) <= ?3 AND reviewed_at > \(capped)
                """
            let values: [SQLValue] = [.text(prefix), .text(machine + ";"), .int(seen), .int(wall.seconds)]
            let ids = try db.query("SELECT DISTINCT citation_id FROM reviews WHERE \(condition)", values) { $0.int(0) }
            guard !ids.isEmpty else { return [] }
            let stmt = try db.prepare(
                "UPDATE reviews SET answered_at = coalesce(answered_at, reviewed_at), reviewed_at = \(capped) WHERE \(condition)")
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

    /// One card's replay: the card before each answer, and the card at the end.
    package typealias Replay = (steps: [(reviewID: Int64, before: CardRecord, elapsedDays: Int64)], card: CardRecord)

    /// Writes what replays found where it differs from what is there (a first sync replays every
    /// answered card, which study left as the replay finds it): each answer's card before it, in
    /// one statement (from a table of this connection's own: SQLite's loop instead of a statement
    /// an answer from here, and no JSON to take apart in SQL), and each card (a row made when missing, a card when it has a back, as `card` with
    /// no mark makes it; none for a citation deleted since its answers changed, later in the same
    /// sync), its numbers bound as they are (through JSON text they might not come back to the
    /// same bits).
    package func saveReplays(_ replays: [Replay]) throws(StoreError) {
        guard !replays.isEmpty else { return }
        let steps = replays.flatMap(\.steps)
        try mapped {
            if !steps.isEmpty {
                // Into a table of this connection's own first, as the cards below.
                try db.execute(
                    "CREATE TEMP TABLE IF NOT EXISTS sync_replayed_answers (review_id INTEGER PRIMARY KEY, elapsed_days, state_before, card_before)"
                )
                defer { try? db.execute("DROP TABLE IF EXISTS temp.sync_replayed_answers") }
                let put = try db.prepare("INSERT OR REPLACE INTO temp.sync_replayed_answers VALUES (?, ?, ?, ?)")
                for step in steps {
                    try put.bind([
                        .int(step.reviewID), .int(step.elapsedDays), .text(step.before.card.state.rawValue),
                        .text(JSONWriter.compact(CardJSON.object(step.before))),
                    ])
                    _ = try put.step()
                }
                try db.execute(
                    """
                    UPDATE reviews SET elapsed_days = a.elapsed_days, state_before = a.state_before, card_before = a.card_before
                    FROM temp.sync_replayed_answers a WHERE reviews.id = a.review_id
                      AND (reviews.elapsed_days IS NOT a.elapsed_days OR reviews.state_before IS NOT a.state_before
                           OR reviews.card_before IS NOT a.card_before)
                    """)
            }
            // Each card into a table of this connection's own (a plain insert: no trigger, no
            // statement journal), then every card in one statement: 18,000 upserts one by one
            // cost four times as much.
            try db.execute(
                """
                CREATE TEMP TABLE IF NOT EXISTS sync_replayed (
                    citation_id INTEGER PRIMARY KEY, state, step, stability, difficulty, due, last_review, reps, lapses)
                """)
            defer { try? db.execute("DROP TABLE IF EXISTS temp.sync_replayed") }
            let save = try db.prepare("INSERT OR REPLACE INTO temp.sync_replayed VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
            for (_, r) in replays {
                let c = r.card
                let new = c.state == .new
                try save.bind([
                    .int(r.citationID), .text(c.state.rawValue), new ? .null : c.step.map { .int(Int64($0)) } ?? .null,
                    new ? .null : c.stability.map(SQLValue.double) ?? .null, new ? .null : c.difficulty.map(SQLValue.double) ?? .null,
                    new ? .null : .int(c.due.seconds), new ? .null : c.lastReview.map { .int($0.seconds) } ?? .null, .int(Int64(r.reps)),
                    .int(Int64(r.lapses)),
                ])
                _ = try save.step()
            }
            try db.run(
                """
                INSERT INTO cards (citation_id, is_card, archived, state, step, stability, difficulty, due, last_review, reps, lapses)
                SELECT c.id, c.back IS NOT NULL AND c.back != '', c.archived_at IS NOT NULL, r.state, r.step, r.stability, r.difficulty,
                    r.due, r.last_review, r.reps, r.lapses
                FROM temp.sync_replayed r JOIN citations c ON c.id = r.citation_id WHERE true
                ON CONFLICT (citation_id) DO UPDATE SET state = excluded.state, step = excluded.step, stability = excluded.stability,
                    difficulty = excluded.difficulty, due = excluded.due, last_review = excluded.last_review, reps = excluded.reps,
                    lapses = excluded.lapses
                WHERE state IS NOT excluded.state OR step IS NOT excluded.step OR stability IS NOT excluded.stability
                    OR difficulty IS NOT excluded.difficulty OR due IS NOT excluded.due OR last_review IS NOT excluded.last_review
                    OR reps IS NOT excluded.reps OR lapses IS NOT excluded.lapses
                """)
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
