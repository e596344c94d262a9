import CiteFeedCore

/// What `citefeed optimize` did (`Home.optimize`), as data the front end words.
package struct OptimizeReport: Sendable {
    /// The deck fitted (a tag), or `nil` for every card.
    package var deck: String?
    /// The answers read, and the cards they are of.
    package var answers = 0
    package var cards = 0
    /// The answers predicted: those made a study day or more after the card's previous one.
    package var predicted = 0
    /// Below the minimum: how many more such answers a fit needs (nothing was changed).
    package var needed: Int?
    /// How many were left out as outliers (intervals few cards had), when that left too few.
    package var leftOut = 0
    /// The fit predicted later answers no better than the parameters in use: not written
    /// (unless forced).
    package var notBetter = false
    /// The parameters in use and the fitted ones, each judged on later answers by fits on
    /// earlier ones (`FSRSEvaluation.judgeAndFit`).
    package var inUse: FSRSEvaluation?
    package var fitted: FSRSEvaluation?
    package var previous: [Double] = []
    package var parameters: [Double] = []
    /// Whether the parameters were written (not with `--dry-run`), and the cards replayed.
    package var written = false
    package var replayed = 0
}
