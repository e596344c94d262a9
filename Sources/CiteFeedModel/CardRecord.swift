import CiteFeedSupport

/// A card as the library keeps it: its FSRS state and how often it was reviewed and forgotten.
public struct CardRecord: Equatable, Sendable {
    public var citationID: Int64
    public var card: CardState
    /// Answers given (every grade).
    public var reps: Int
    /// Times forgotten in review (Again on a review card).
    public var lapses: Int

    public init(citationID: Int64, card: CardState, reps: Int = 0, lapses: Int = 0) {
        self.citationID = citationID
        self.card = card
        self.reps = reps
        self.lapses = lapses
    }
}

/// One answer of the review log.
public struct ReviewEntry: Equatable, Sendable {
    public var id: Int64
    public var citationID: Int64
    public var reviewedAt: Timestamp
    public var grade: Grade
    /// Whole days since the review before (0 for the first).
    public var elapsedDays: Int64
    public var stateBefore: CardPhase

    package init(id: Int64, citationID: Int64, reviewedAt: Timestamp, grade: Grade, elapsedDays: Int64, stateBefore: CardPhase) {
        self.id = id
        self.citationID = citationID
        self.reviewedAt = reviewedAt
        self.grade = grade
        self.elapsedDays = elapsedDays
        self.stateBefore = stateBefore
    }
}
