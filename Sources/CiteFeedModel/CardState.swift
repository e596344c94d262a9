import CiteFeedSupport

/// An answer to a card, as Anki names them; the raw value is FSRS's rating.
package enum Grade: Int, CaseIterable, Sendable {
    case again = 1, hard, good, easy

    package var name: String { String(describing: self) }

    /// `again`, `a`, `1`, and so on (the study keys and `citefeed grade`).
    package init?(word: String) {
        switch word.lowercased() {
        case "again", "a", "1": self = .again
        case "hard", "h", "2": self = .hard
        case "good", "g", "3": self = .good
        case "easy", "e", "4": self = .easy
        default: return nil
        }
    }
}

/// Where a card is in its learning.
package enum CardPhase: String, CaseIterable, Sendable {
    /// Never reviewed.
    case new
    /// Going through the learning steps.
    case learning
    /// Learnt: due after days.
    case review
    /// Forgotten in review: going through the relearning steps.
    case relearning
}

/// What the scheduler knows of a card (FSRS's memory state and due time).
package struct CardState: Equatable, Sendable {
    package var state: CardPhase = .new
    /// The learning or relearning step; `nil` in review.
    package var step: Int? = 0
    /// Days until the probability of recall falls to 90%.
    package var stability: Double?
    /// 1 (easy) to 10 (hard).
    package var difficulty: Double?
    package var due: Timestamp
    package var lastReview: Timestamp?

    package init(due: Timestamp) { self.due = due }

    package init(state: CardPhase, step: Int?, stability: Double?, difficulty: Double?, due: Timestamp, lastReview: Timestamp?) {
        self.state = state
        self.step = step
        self.stability = stability
        self.difficulty = difficulty
        self.due = due
        self.lastReview = lastReview
    }
}

extension CardState {
    /// Whole days from the card's last answer to `time` (0 for a card never answered), as the
    /// review log keeps them.
    package func elapsedDays(at time: Timestamp) -> Int64 { lastReview.map { max(0, time.days(since: $0)) } ?? 0 }
}
