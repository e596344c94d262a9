import CiteFeedSupport

/// One answer of the review log.
package struct ReviewEntry: Equatable, Sendable {
    package var id: Int64
    package var citationID: Int64
    package var reviewedAt: Timestamp
    package var grade: Grade
    /// Whole days since the review before (0 for the first).
    package var elapsedDays: Int64
    package var stateBefore: CardPhase

    package init(id: Int64, citationID: Int64, reviewedAt: Timestamp, grade: Grade, elapsedDays: Int64, stateBefore: CardPhase) {
        self.id = id
        self.citationID = citationID
        self.reviewedAt = reviewedAt
        self.grade = grade
        self.elapsedDays = elapsedDays
        self.stateBefore = stateBefore
    }
}
