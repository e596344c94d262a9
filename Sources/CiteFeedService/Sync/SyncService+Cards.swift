import CiteFeedCore
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Flashcards through sync (ARCHITECTURE.md, "Sync", "Flashcards"): a card's FSRS state is
/// replayed from its merged answers in time order with the library's study settings, so two
/// machines that studied offline end where one machine with every answer would be.
extension SyncService {
    /// Replays the cards of `citations` from new.
    func replay(_ citations: Set<Int64>, with study: Settings) throws {
        let fsrs = FSRS(study)
        let answers = try library.replayAnswers(of: citations)
        var replays: [Library.Replay] = []
        for id in citations.sorted() {
            var record = CardRecord(citationID: id, card: CardState(due: Timestamp(seconds: 0)))
            var steps: [(reviewID: Int64, before: CardRecord, elapsedDays: Int64)] = []
            for answer in answers[id] ?? [] {
                var before = record
                if before.card.state == .new { before.card.due = answer.at }
                steps.append((answer.reviewID, before, before.card.elapsedDays(at: answer.at)))
                record = fsrs.answer(before, answer.grade, at: answer.at)
            }
            replays.append((steps, record))
        }
        try library.saveReplays(replays)
    }

    /// The answers and picks of the citations just written: the answers all together (a
    /// joining machine's 18,000), as `apply` would add them one by one.
    func applyAfterFresh(_ lines: [(line: SyncLine, machine: String)], effects: inout Effects) throws {
        var answers: [Library.SyncedAnswer] = []
        var answerLines: [(line: SyncLine, machine: String)] = []
        for (line, machine) in lines {
            if case .answer(let uuid, let id, let at, let grade) = line.change {
                answers.append(Library.SyncedAnswer(uuid: uuid, id: id, at: at, grade: grade, clock: line.clock))
                answerLines.append((line, machine))
            } else {
                try apply(line, from: machine, effects: &effects)
            }
        }
        let (added, waiting) = try library.applyAnswers(answers)
        effects.replay.formUnion(added)
        for i in waiting {
            let (line, machine) = answerLines[i]
            try library.keepWaiting(machine: machine, seq: line.seq, uuid: answers[i].uuid, line: line.text)
        }
    }
}
