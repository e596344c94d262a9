import CiteFeedSupport

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
