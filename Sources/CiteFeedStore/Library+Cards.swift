import CiteFeedModel
import CiteFeedSupport

/// Cards: which citations are cards, their FSRS state, and the review log.
extension Library {
    /// The SQL condition (on `citations c`) of a card: a back and no `uncard`, or a `card`
    /// (`cards.is_card`, kept by triggers).
    static let isCard = "c.id IN (SELECT k.citation_id FROM cards k WHERE k.is_card = 1)"

    /// The SQL condition (on `cards k`) of a card that may be studied: a card, not archived.
    static let activeCard = "k.is_card = 1 AND k.archived = 0"

    /// Marks citations as cards (`true`) or not (`false`); returns the ids whose being a card
    /// changed. Unknown ids change nothing (all or nothing).
    package func setCard(_ ids: [Int64], _ card: Bool) throws -> [Int64] {
        try mappingSQLite {
            try write {
                var changed: [Int64] = []
                for id in ids {
                    _ = try citation(id: id)
                    let was = try isCard(id)
                    try db.run(
                        """
                        INSERT INTO cards (citation_id, marked, is_card, archived)
                        VALUES (?1, ?2, ?2, (SELECT archived_at IS NOT NULL FROM citations WHERE id = ?1))
                        ON CONFLICT (citation_id) DO UPDATE SET marked = excluded.marked, is_card = excluded.is_card
                        """, .int(id), .int(card ? 1 : 0))
                    if was != card { changed.append(id) }
                }
                return changed
            }
        }
    }

    /// The columns of `cards` that `cardRecord` reads, in its order.
    static let cardColumns = "state, step, stability, difficulty, due, last_review, reps, lapses"

    /// The card of the `cardColumns` starting at column `first` of a row; a card never reviewed
    /// (no due time) is due at `dueWhenNew`.
    static func cardRecord(_ s: Statement, at first: Int32, citationID: Int64, dueWhenNew: Timestamp) -> CardRecord {
        let card = CardState(
            state: CardPhase(rawValue: s.text(first)) ?? .new, step: s.isNull(first + 1) ? nil : Int(s.int(first + 1)),
            stability: s.isNull(first + 2) ? nil : s.double(first + 2), difficulty: s.isNull(first + 3) ? nil : s.double(first + 3),
            due: s.isNull(first + 4) ? dueWhenNew : Timestamp(seconds: s.int(first + 4)),
            lastReview: s.isNull(first + 5) ? nil : Timestamp(seconds: s.int(first + 5)))
        return CardRecord(citationID: citationID, card: card, reps: Int(s.int(first + 6)), lapses: Int(s.int(first + 7)))
    }

    /// Whether citation `id` is a card (archived or not).
    package func isCard(_ id: Int64) throws(StoreError) -> Bool {
        try mapped { try db.scalar("SELECT 1 FROM cards WHERE citation_id = ? AND is_card = 1", .int(id)) != nil }
    }

    /// The card of citation `id`, or `nil` when it is not a card. A card never reviewed is new,
    /// due from `now`.
    package func card(of id: Int64, now: Timestamp) throws(StoreError) -> CardRecord? {
        try mapped {
            guard try isCard(id) else { return nil }
            let rows = try db.query("SELECT \(Library.cardColumns) FROM cards WHERE citation_id = ?", [.int(id)]) { s in
                Library.cardRecord(s, at: 0, citationID: id, dueWhenNew: now)
            }
            return rows.first ?? CardRecord(citationID: id, card: CardState(due: now))
        }
    }

    /// Saves a card's state after an answer and logs the answer; returns the log entry's id.
    @discardableResult
    package func recordReview(_ before: CardRecord, after: CardRecord, grade: Grade, at time: Timestamp) throws(StoreError) -> Int64 {
        try mapped {
            try saveCard(after)
            let elapsed = before.card.elapsedDays(at: time)
            try db.run(
                "INSERT INTO reviews (citation_id, reviewed_at, grade, elapsed_days, state_before, card_before) VALUES (?, ?, ?, ?, ?, ?)",
                .int(after.citationID), .int(time.seconds), .int(Int64(grade.rawValue)), .int(elapsed), .text(before.card.state.rawValue),
                .text(JSONWriter.compact(CardJSON.object(before))))
            return db.lastInsertRowID
        }
    }

    /// Writes a card's scheduling (a grade, or an undo). A new card keeps no step, memory or
    /// times: it is due when studied.
    func saveCard(_ r: CardRecord) throws(SQLiteError) {
        let c = r.card
        let new = c.state == .new
        try db.run(
            """
            INSERT INTO cards (citation_id, state, step, stability, difficulty, due, last_review, reps, lapses, is_card)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
            ON CONFLICT (citation_id) DO UPDATE SET state = excluded.state, step = excluded.step, stability = excluded.stability,
                difficulty = excluded.difficulty, due = excluded.due, last_review = excluded.last_review, reps = excluded.reps,
                lapses = excluded.lapses
            """, .int(r.citationID), .text(c.state.rawValue), new ? .null : c.step.map { .int(Int64($0)) } ?? .null,
            new ? .null : c.stability.map(SQLValue.double) ?? .null, new ? .null : c.difficulty.map(SQLValue.double) ?? .null,
            new ? .null : .int(c.due.seconds), new ? .null : c.lastReview.map { .int($0.seconds) } ?? .null, .int(Int64(r.reps)),
            .int(Int64(r.lapses)))
    }

    /// Takes back the answer `reviewID` (the newest of its card): the card is as it was before.
    /// Returns the citation's id, or `nil` when there is no such answer.
    package func undoReview(_ reviewID: Int64) throws(StoreError) -> Int64? {
        try mapped {
            let rows = try db.query("SELECT citation_id, card_before, sync_id FROM reviews WHERE id = ?", [.int(reviewID)]) {
                ($0.int(0), $0.text(1), $0.optionalText(2))
            }
            guard let (id, json, syncID) = rows.first, let before = CardJSON.record(json, citationID: id) else { return nil }
            // A synced answer of another machine id: the undo would be this library's alone.
            if let syncID, let machine = try meta("sync_machine"), SyncChange.machine(ofAnswer: syncID) != machine {
                throw StoreError.answeredElsewhere(citationID: id)
            }
            // Only the newest answer of its card: an answer given since (from the bar) would be lost.
            if try db.scalar("SELECT 1 FROM reviews WHERE citation_id = ? AND id > ?", .int(id), .int(reviewID)) != nil {
                throw StoreError.answeredSince(citationID: id)
            }
            try saveCard(before)
            try db.run("DELETE FROM reviews WHERE id = ?", .int(reviewID))
            return id
        }
    }

    /// The review log of citation `id`, oldest first.
    package func reviews(of id: Int64) throws(StoreError) -> [ReviewEntry] {
        try mapped {
            try db.query(
                "SELECT id, citation_id, reviewed_at, grade, elapsed_days, state_before FROM reviews WHERE citation_id = ? ORDER BY id",
                [.int(id)]
            ) { s in
                ReviewEntry(
                    id: s.int(0), citationID: s.int(1), reviewedAt: Timestamp(seconds: s.int(2)),
                    grade: Grade(rawValue: Int(s.int(3))) ?? .good,
                    elapsedDays: s.int(4), stateBefore: CardPhase(rawValue: s.text(5)) ?? .new)
            }
        }
    }
}

extension Library {
    /// Cards not archived, by state (a card never reviewed is new); archived cards apart.
    package func cardCounts() throws(StoreError) -> (byState: [CardPhase: Int], suspended: Int) {
        try mapped {
            var byState: [CardPhase: Int] = [:]
            var suspended = 0
            for (state, archived, n) in try db.query(
                "SELECT state, archived, n FROM card_counts WHERE is_card = 1 AND n > 0", [],
                { ($0.text(0), $0.int(1) != 0, Int($0.int(2))) })
            {
                if archived { suspended += n } else { byState[CardPhase(rawValue: state) ?? .new, default: 0] += n }
            }
            return (byState, suspended)
        }
    }

    /// Cards not archived and not new that are due before `time`.
    package func dueCount(before time: Timestamp) throws(StoreError) -> Int {
        try dueCount(in: [.learning, .review, .relearning], before: time)
    }

    /// Answers given from `start` on, and how many of those to review-state cards were not Again:
    /// the whole hours from the counts kept by hour, the part of an hour before from the log.
    package func reviewCounts(since start: Timestamp) throws(StoreError) -> (answers: Int, reviewAnswers: Int, recalled: Int) {
        try mapped {
            let firstWholeHour = (start.seconds + 3599) / 3600
            let hours =
                try db.query(
                    "SELECT coalesce(sum(answers), 0), coalesce(sum(review_answers), 0), coalesce(sum(recalled), 0) FROM review_hours WHERE hour >= ?",
                    [.int(firstWholeHour)]
                ) { (Int($0.int(0)), Int($0.int(1)), Int($0.int(2))) }.first ?? (0, 0, 0)
            let part =
                try db.query(
                    """
                    SELECT count(*), coalesce(sum(state_before = 'review'), 0), coalesce(sum(state_before = 'review' AND grade > 1), 0)
                    FROM reviews WHERE reviewed_at >= ? AND reviewed_at < ?
                    """, [.int(start.seconds), .int(firstWholeHour * 3600)]
                ) { (Int($0.int(0)), Int($0.int(1)), Int($0.int(2))) }.first ?? (0, 0, 0)
            return (hours.0 + part.0, hours.1 + part.1, hours.2 + part.2)
        }
    }

    /// Whether any answer was given in [start, end).
    package func hasReviews(from start: Timestamp, to end: Timestamp) throws(StoreError) -> Bool {
        try mapped {
            try db.scalar(
                "SELECT 1 FROM reviews WHERE reviewed_at >= ? AND reviewed_at < ? LIMIT 1", .int(start.seconds), .int(end.seconds)) != nil
        }
    }
}

extension Library {
    /// The most overdue card in `states` due before `time` (not archived): its citation's id.
    package func mostOverdueCard(in states: [CardPhase], before time: Timestamp, deck: CardDeck? = nil) throws(StoreError) -> Int64? {
        try mapped {
            let names = states.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            return try db.scalar(
                "SELECT k.citation_id FROM cards k WHERE \(Library.activeCard) AND k.state IN (\(names)) AND k.due < ?\(deck.clause) ORDER BY k.due, k.citation_id LIMIT 1",
                [.int(time.seconds)] + deck.bindings)
        }
    }

    /// Cards in `states` due before `time` (not archived), of `deck`.
    package func dueCount(in states: [CardPhase], before time: Timestamp, deck: CardDeck? = nil) throws(StoreError) -> Int {
        try mapped {
            let names = states.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            return Int(
                try db.scalar(
                    "SELECT count(*) FROM cards k WHERE \(Library.activeCard) AND k.state IN (\(names)) AND k.due < ?\(deck.clause)",
                    [.int(time.seconds)] + deck.bindings) ?? 0)
        }
    }

    /// The first new card (never answered, not archived) of `deck`, oldest first.
    package func firstNewCard(deck: CardDeck? = nil) throws(StoreError) -> Int64? {
        try mapped {
            try db.scalar(
                "SELECT k.citation_id FROM cards k WHERE \(Library.activeCard) AND k.state = 'new'\(deck.clause) ORDER BY k.citation_id LIMIT 1",
                deck.bindings)
        }
    }

    /// New cards (not archived) of `deck`.
    package func newCardCount(deck: CardDeck? = nil) throws(StoreError) -> Int {
        guard deck != nil else { return try cardCounts().byState[.new] ?? 0 }
        return try mapped {
            Int(
                try db.scalar("SELECT count(*) FROM cards k WHERE \(Library.activeCard) AND k.state = 'new'\(deck.clause)", deck.bindings)
                    ?? 0)
        }
    }

    /// The cards a rotation's filters (tags, excludeTags, authors, sources, search,
    /// favouritesOnly, lengths, weights of 0) let through, as `list --rotation` lists them;
    /// `nil` when it has none (every card).
    package func deck(_ settings: Settings) -> CardDeck? {
        let (condition, bindings) = eligibility(settings)
        guard condition != "c.archived_at IS NULL" else { return nil }
        return CardDeck(condition: condition, bindings: bindings)
    }

    /// New cards answered for the first time from `start` on.
    package func newCardsStarted(since start: Timestamp) throws(StoreError) -> Int {
        try mapped {
            Int(try db.scalar("SELECT count(*) FROM reviews WHERE reviewed_at >= ? AND state_before = 'new'", .int(start.seconds)) ?? 0)
        }
    }

    /// The earliest due time after `time` of a card in learning, review or relearning.
    package func nextDue(after time: Timestamp, deck: CardDeck? = nil) throws(StoreError) -> Timestamp? {
        try mapped {
            // One range of the index per state, the smallest of their minimums.
            try [CardPhase.learning, .review, .relearning].compactMap { state throws(SQLiteError) in
                try db.scalar(
                    "SELECT min(k.due) FROM cards k WHERE \(Library.activeCard) AND k.state = ? AND k.due > ?\(deck.clause)",
                    [.text(state.rawValue), .int(time.seconds)] + deck.bindings)
            }.min().map { Timestamp(seconds: $0) }
        }
    }

    /// The newest answers (at most `limit`) with the citation as it is now, for the feeds of a
    /// rotation in review mode: each as a pick dated at the answer.
    package func recentReviewPicks(limit: Int) throws(StoreError) -> [Pick] {
        let rows = try mapped {
            try db.query("SELECT r.id, r.citation_id, r.reviewed_at FROM reviews r ORDER BY r.id DESC LIMIT ?", [.int(Int64(limit))]) {
                ($0.int(0), $0.int(1), Timestamp(seconds: $0.int(2)))
            }
        }
        return try rows.map { id, citationID, time throws(StoreError) in
            Pick(
                id: id, slot: Slot(start: time, end: time), pickedAt: time, cycle: 0, reason: .rotate,
                snapshot: PickSnapshot(try citation(id: citationID)))
        }
    }
}

extension Library {
    /// Every card that carries something (a mark, a state, answers), with its review log, by
    /// citation id: read at once, for the export, which streams citations and must not query
    /// per citation.
    package func cardExports() throws(StoreError) -> [Int64: CardExchange] {
        try mapped {
            var cards: [Int64: CardExchange] = [:]
            let rows = try db.query(
                // A card with a back never studied nor marked has nothing to carry.
                "SELECT citation_id, marked, \(Library.cardColumns) FROM cards WHERE marked IS NOT NULL OR state != 'new'", []
            ) { s in
                (
                    s.int(0), s.isNull(1) ? nil : s.int(1) != 0,
                    Library.cardRecord(s, at: 2, citationID: s.int(0), dueWhenNew: Timestamp(seconds: 0))
                )
            }
            for (id, marked, record) in rows { cards[id] = CardExchange(marked: marked, state: record, answers: []) }
            let answers = try db.query(
                "SELECT citation_id, reviewed_at, grade, elapsed_days, state_before, card_before FROM reviews ORDER BY id", []
            ) { s -> (Int64, CardExchange.Answer) in
                (
                    s.int(0),
                    CardExchange.Answer(
                        at: Timestamp(seconds: s.int(1)), grade: Grade(rawValue: Int(s.int(2))) ?? .good, elapsedDays: s.int(3),
                        stateBefore: CardPhase(rawValue: s.text(4)) ?? .new, before: CardJSON.record(s.text(5), citationID: s.int(0)))
                )
            }
            for (id, answer) in answers { cards[id, default: CardExchange(marked: nil, state: nil, answers: [])].answers.append(answer) }
            return cards
        }
    }

    /// Writes the card data of an imported citation (inside the import's transaction).
    package func insertImportedCard(_ card: CardExchange, citationID: Int64, hasBack: Bool, archived: Bool) throws(StoreError) {
        try mapped {
            let c = card.state?.card
            try db.run(
                """
                INSERT OR REPLACE INTO cards (citation_id, is_card, archived, marked, state, step, stability, difficulty, due, last_review, reps, lapses)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, .int(citationID), .bool(card.marked ?? hasBack), .bool(archived), card.marked.map { .int($0 ? 1 : 0) } ?? .null,
                .text(c?.state.rawValue ?? "new"),
                c?.step.map { .int(Int64($0)) } ?? .null, c?.stability.map(SQLValue.double) ?? .null,
                c?.difficulty.map(SQLValue.double) ?? .null,
                c.flatMap { $0.state == .new ? nil : SQLValue.int($0.due.seconds) } ?? .null,
                c?.lastReview.map { .int($0.seconds) } ?? .null,
                .int(Int64(card.state?.reps ?? 0)), .int(Int64(card.state?.lapses ?? 0)))
            for answer in card.answers {
                // The card before, as the log keeps it (for undo); a file without it gets the state before alone.
                let before =
                    answer.before
                    ?? CardRecord(
                        citationID: citationID,
                        card: CardState(
                            state: answer.stateBefore, step: nil, stability: nil, difficulty: nil, due: answer.at, lastReview: nil))
                let beforeText = JSONWriter.compact(CardJSON.object(before))
                try db.run(
                    "INSERT INTO reviews (citation_id, reviewed_at, grade, elapsed_days, state_before, card_before) VALUES (?, ?, ?, ?, ?, ?)",
                    .int(citationID), .int(answer.at.seconds), .int(Int64(answer.grade.rawValue)), .int(answer.elapsedDays),
                    .text(answer.stateBefore.rawValue), .text(beforeText))
            }
        }
    }
}

/// The cards of a deck: those whose citation passes a condition on `citations c` (a
/// rotation's filters, or `study --tag`'s), as a clause for queries on `cards k`.
package struct CardDeck {
    let condition: String
    let bindings: [SQLValue]
}

extension Optional where Wrapped == CardDeck {
    /// ` AND …` limiting `cards k` to the deck, or nothing for every card.
    var clause: String { map { " AND k.citation_id IN (SELECT c.id FROM citations c WHERE \($0.condition))" } ?? "" }
    var bindings: [SQLValue] { self?.bindings ?? [] }
}
