/// Why `reveal`, `grade` or `next` cannot do what the bar asked.
package enum ReviewBarError: Error, Equatable {
    /// `next` in a rotation that reviews.
    case reviewMode(String)
    /// `reveal` or `grade` in a rotation that rotates; the rotations that review, if any.
    case rotateMode(String, reviewing: [String] = [])
    /// No card is shown: nothing is due.
    case noCardShown
    case unknownGrade(String)
    /// The card shown was answered since it was shown.
    case answeredMeanwhile(Int64)
}
