import CiteFeedSupport

/// A card as the library keeps it: its FSRS state and how often it was reviewed and forgotten.
package struct CardRecord: Equatable, Sendable {
    package var citationID: Int64
    package var card: CardState
    /// Answers given (every grade).
    package var reps: Int
    /// Times forgotten in review (Again on a review card).
    package var lapses: Int

    package init(citationID: Int64, card: CardState, reps: Int = 0, lapses: Int = 0) {
        self.citationID = citationID
        self.card = card
        self.reps = reps
        self.lapses = lapses
    }
}
