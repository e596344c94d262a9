import CiteFeedCore
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Flashcards through sync (ARCHITECTURE.md, "Sync", "Flashcards"): a card's FSRS state is
/// replayed from its merged answers in time order with the library's study settings, so two
/// machines that studied offline end where one machine with every answer would be. The
/// answers stay as they are; only the cards' states and each answer's state before it are
/// written again.
struct CardReplay {
    let library: Library

    /// Replays the cards of `citations` from new with the study settings `study`. A card in
    /// `keepingDue` (one imported from Anki) stays due when the other program had it due, once
    /// it is past new.
    func replay(_ citations: Set<Int64>, with study: Settings, keepingDue: [Int64: Timestamp] = [:]) throws {
        let library = FSRS(study)
        // A card of a fitted deck with that deck's parameters (`DeckParameters`).
        let tags = study.deckParameters.isEmpty ? [:] : try self.library.tagNames(of: citations)
        let answers = try self.library.replayAnswers(of: citations)
        var replays: [Library.Replay] = []
        for id in citations.sorted() {
            let fsrs = tags[id].map { FSRS(study, tags: $0) } ?? library
            var record = CardRecord(citationID: id, card: CardState(due: Timestamp(seconds: 0)))
            var steps: [(reviewID: Int64, before: CardRecord, elapsedDays: Int64)] = []
            for answer in answers[id] ?? [] {
                var before = record
                if before.card.state == .new { before.card.due = answer.at }
                steps.append((answer.reviewID, before, before.card.elapsedDays(at: answer.at)))
                record = fsrs.answer(before, answer.grade, at: answer.at)
            }
            if let due = keepingDue[id], record.card.state != .new { record.card.due = due }
            replays.append((steps, record))
        }
        try self.library.saveReplays(replays)
    }
}
