import CiteFeedModel
import Foundation

/// FSRS-6's 21 parameters as its optimizer treats them (fsrs-rs 6.6.1): the defaults it starts
/// from, how far each may move from its start before the regularisation weighs against it
/// (`spread`, fsrs-rs's `PARAMS_STDDEV`), and the bounds each is held within after every step
/// (`src/parameter_clipper.rs`; the table is `StudyParameters.bounds`, which settings check too).
package enum FSRSParameters {
    package static let count = 21
    package static let defaults = FSRS.defaultWeights

    /// fsrs-rs `src/training.rs` `PARAMS_STDDEV`.
    static let spread: [Double] = [
        6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33, 0.3, 0.09, 0.16, 0.57, 0.25, 1.03, 0.31, 0.32, 0.14, 0.27,
    ]

    /// `parameters` held within their bounds (`StudyParameters.bounds`); `relearningSteps`: the
    /// same-day relearning steps, which bound w17 and w18 so that a lapse relearned the same day
    /// cannot end above where it started. w19 is at least 0.01, as fsrs-rs holds it with its
    /// short-term formula in use.
    static func clipped(_ parameters: [Double], relearningSteps: Int) -> [Double] {
        var w = zip(parameters, StudyParameters.bounds).map { min(max($0, $1.0), $1.1) }
        var ceiling = 2.0
        if relearningSteps > 1 {
            let inner = -(log(w[11]) + log(pow(2, w[13]) - 1) + 0.3 * w[14]) / Double(relearningSteps)
            ceiling = min(2, max(0.01, inner).squareRoot())
        }
        w[17] = min(w[17], ceiling)
        w[18] = min(w[18], ceiling)
        w[19] = max(w[19], 0.01)
        return w
    }
}
