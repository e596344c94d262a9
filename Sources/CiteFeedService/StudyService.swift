import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedStore
import CiteFeedSupport

/// Spaced repetition over the library's cards: grading a card with FSRS, taking an
/// answer back, and what is due. It reads and writes through the `Library` and lets the pure
/// `FSRS` decide; every change runs in a write transaction.
package struct StudyService {
    package let library: Library
    package let settings: Settings
    package let now: Timestamp

    /// The cards studied: those a rotation's filters let through (so that a review rotation
    /// with `tags latin` never shows a card tagged `greek`), or `study --tag`'s; `nil`: every card.
    package var deck: CardDeck?

    /// `deck`: the settings whose filters choose the cards (a review rotation's own, or those
    /// of `study --rotation`, `--tag`, `--favourites`); `nil`, every card.
    package init(library: Library, settings: Settings, now: Timestamp, deck: Settings? = nil) {
        self.library = library
        self.settings = settings
        self.now = now
        self.deck = deck.flatMap(library.deck)
    }

    /// The study day holding `now`: from `dayStartsAt` (local time, 04:00 by default, as Anki)
    /// to the next.
    package var day: Slot { dayClock.slot(at: now) }

    /// Study days, each from `dayStartsAt` to the next.
    private var dayClock: SlotClock { SlotClock(interval: Interval(minutes: Interval.day), shift: settings.dayStartsAt) }

    /// Grades the card of citation `id`; returns the card before and after, and the answer's id
    /// in the review log (for undo).
    @discardableResult
    package func grade(_ id: Int64, _ grade: Grade) throws -> (before: CardRecord, after: CardRecord, reviewID: Int64) {
        try library.write {
            let citation = try library.citation(id: id)
            guard let before = try library.card(of: id, now: now) else { throw StudyError.notACard(id) }
            if citation.isArchived { throw StudyError.suspended(id) }
            let after = FSRS(settings, tags: citation.tags.map(\.name)).answer(before, grade, at: now)
            let reviewID = try library.recordReview(before, after: after, grade: grade, at: now)
            return (before, after, reviewID)
        }
    }

    /// Takes back the answer `reviewID`; returns its citation's id.
    @discardableResult
    package func undo(_ reviewID: Int64) throws -> Int64 {
        try library.write {
            guard let id = try library.undoReview(reviewID) else { throw StudyError.nothingToUndo }
            return id
        }
    }

    /// What each grade would do to the card of `id` now: the interval until it is due again.
    package func intervals(_ id: Int64) throws -> [(grade: Grade, seconds: Int64)] {
        guard let record = try library.card(of: id, now: now) else { throw StudyError.notACard(id) }
        let fsrs = settings.deckParameters.isEmpty ? FSRS(settings) : FSRS(settings, tags: try library.citation(id: id).tags.map(\.name))
        return Grade.allCases.map { ($0, fsrs.review(record.card, $0, at: now).due.seconds - now.seconds) }
    }

    /// The card to show next, as `study` and the bar take them (as Anki does): cards in
    /// learning or relearning that are due now, most overdue first; then review cards due
    /// today (before the study day ends); then new cards while fewer than `newPerDay` were
    /// started today.
    package func nextCard() throws -> Int64? {
        if let learning = try library.mostOverdueCard(
            in: [.learning, .relearning], before: Timestamp(seconds: now.seconds + 1), deck: deck)
        {
            return learning
        }
        if let review = try library.mostOverdueCard(in: [.review], before: day.end, deck: deck) { return review }
        // newPerDay is one limit for the whole library: decks share the day's new cards.
        guard try library.newCardsStarted(since: day.start) < settings.newPerDay else { return nil }
        return try library.firstNewCard(deck: deck)
    }

    /// What is left today, as the study screen counts it: new cards (up to what `newPerDay`
    /// still allows), learning cards due now, review cards due today.
    package func counts() throws -> (new: Int, learning: Int, due: Int) {
        let newLeft = max(0, settings.newPerDay - (try library.newCardsStarted(since: day.start)))
        let newCards = try library.newCardCount(deck: deck)
        return (
            min(newLeft, newCards),
            try library.dueCount(in: [.learning, .relearning], before: Timestamp(seconds: now.seconds + 1), deck: deck),
            try library.dueCount(in: [.review], before: day.end, deck: deck)
        )
    }

    /// New cards of the deck that wait because today's `newPerDay` is used up (or is 0).
    package func newHeldBack() throws -> Int {
        let newLeft = max(0, settings.newPerDay - (try library.newCardsStarted(since: day.start)))
        return max(0, try library.newCardCount(deck: deck) - newLeft)
    }

    /// What the bar of a rotation in review mode shows now: the next card (not revealed), or
    /// nothing and when the next card is due; valid until the study day ends or that time.
    package func barState(revealed: Bool = false) throws -> CurrentFile {
        let day = self.day
        if let id = try nextCard() {
            return CurrentFile(
                slot: Slot(start: now, end: day.end), pick: PickSnapshot(try library.citation(id: id)),
                review: ReviewDisplay(revealed: revealed, nextDue: nil))
        }
        let next = try library.nextDue(after: now, deck: deck)
        let until = min(next ?? day.end, day.end)
        return CurrentFile(slot: Slot(start: now, end: until), pick: nil, review: ReviewDisplay(revealed: false, nextDue: next))
    }

    /// What a digest says of study: the cards due today and yesterday's answers (the study
    /// day before today's, `dayStartsAt`); `nil` when the library has no cards.
    package func digest() throws -> Digest.Study? {
        let counts = try library.cardCounts()
        guard counts.byState.values.reduce(0, +) + counts.suspended > 0 else { return nil }
        let clock = dayClock
        let today = clock.slot(at: now)
        let yesterday = clock.slot(at: Timestamp(seconds: today.start.seconds - 1))
        let since = try library.reviewCounts(since: yesterday.start), after = try library.reviewCounts(since: today.start)
        return Digest.Study(
            dueToday: try library.dueCount(before: today.end),
            yesterday: StudyStats.Period(
                days: 1, answers: since.answers - after.answers, reviewAnswers: since.reviewAnswers - after.reviewAnswers,
                recalled: since.recalled - after.recalled))
    }

    /// Cards by state, what is due, answers and retention over today, 7 and 30 days, and the
    /// streak of study days with answers.
    package func stats() throws -> StudyStats {
        let clock = dayClock
        let today = clock.slot(at: now)
        // The start of the study day `n` days before today.
        func dayStart(_ n: Int) -> Slot {
            var slot = today
            for _ in 0..<n { slot = clock.slot(at: Timestamp(seconds: slot.start.seconds - 1)) }
            return slot
        }
        var weekEnd = today
        for _ in 0..<6 { weekEnd = clock.next(after: weekEnd) }
        let counts = try library.cardCounts()
        var periods: [StudyStats.Period] = []
        for days in [1, 7, 30] {
            let c = try library.reviewCounts(since: dayStart(days - 1).start)
            periods.append(StudyStats.Period(days: days, answers: c.answers, reviewAnswers: c.reviewAnswers, recalled: c.recalled))
        }
        var streak = 0
        var day = today
        if try !library.hasReviews(from: day.start, to: day.end) { day = clock.slot(at: Timestamp(seconds: day.start.seconds - 1)) }
        while try library.hasReviews(from: day.start, to: day.end) {
            streak += 1
            day = clock.slot(at: Timestamp(seconds: day.start.seconds - 1))
        }
        var stats = StudyStats(
            byState: counts.byState, suspended: counts.suspended, dueToday: try library.dueCount(before: today.end),
            dueWeek: try library.dueCount(before: weekEnd.end), periods: periods, streak: streak)
        // The next 30 study days' ends; each card counts on the first day ending after its due time.
        var ends: [Timestamp] = []
        var slot = today
        for _ in 0..<30 {
            ends.append(slot.end)
            slot = clock.next(after: slot)
        }
        stats.dueByDay = [Int](repeating: 0, count: ends.count)
        for time in try library.dueTimes(before: ends[ends.count - 1]) {
            if let day = ends.firstIndex(where: { time < $0 }) { stats.dueByDay[day] += 1 }
        }
        for (hour, answers, recalled) in try library.reviewAnswersByHour() {
            let civil = CivilTime.local(hour * 3600).0
            let month = "\(civil.year)-" + (civil.month < 10 ? "0" : "") + "\(civil.month)"
            if stats.months.last?.month == month {
                stats.months[stats.months.count - 1].reviewAnswers += answers
                stats.months[stats.months.count - 1].recalled += recalled
            } else {
                stats.months.append(StudyStats.Month(month: month, reviewAnswers: answers, recalled: recalled))
            }
        }
        stats.desiredRetention = settings.desiredRetention
        return stats
    }

    /// What FSRS predicts for each desired retention of `retentions` over the next year
    /// (`FSRSSimulator`), from the library's cards and its new ones.
    package func simulate(_ retentions: [Double]) throws -> [FSRSSimulator.Outcome] {
        let start = try library.simulationStart()
        let simulator = FSRSSimulator(fsrs: FSRS(settings), newPerDay: settings.newPerDay)
        return retentions.map { simulator.run(cards: start.cards, newCards: start.newCards, retention: $0, today: day.start) }
    }
}

/// Why a card cannot be studied or graded.
package enum StudyError: Error, Equatable, Sendable {
    case notACard(Int64)
    case suspended(Int64)
    case nothingToUndo
}
