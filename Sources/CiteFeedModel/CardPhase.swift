import CiteFeedSupport

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
