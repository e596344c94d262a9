import CiteFeedSupport

/// What the bar of a rotation in review mode shows besides the card: whether its back is
/// revealed, and, when no card is due, when the next one is.
package struct ReviewDisplay: Sendable, Equatable {
    package var revealed: Bool
    package var nextDue: Timestamp?

    package init(revealed: Bool, nextDue: Timestamp?) {
        self.revealed = revealed
        self.nextDue = nextDue
    }
}
