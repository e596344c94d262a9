import CiteFeedModel

/// What `grade` did.
package enum Graded {
    /// The card's back was not seen yet: nothing was answered.
    case notRevealed(Int64)
    case graded(before: CardRecord, after: CardRecord, next: CurrentFile)
}
