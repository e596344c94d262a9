import Foundation

/// FSRS-6's 21 parameters as its optimizer treats them (fsrs-rs 6.6.1): the defaults it starts
/// from, how far each may move from its start before the regularisation weighs against it
/// (`spread`, fsrs-rs's `PARAMS_STDDEV`), and the bounds each is held within after every step
/// (`src/parameter_clipper.rs`).
package enum FSRSParameters {
    package static let count = 21
    package static let defaults = FSRS.defaultWeights

    /// fsrs-rs `src/training.rs` `PARAMS_STDDEV`.
    static let spread: [Double] = [
        6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33, 0.3, 0.09, 0.16, 0.57, 0.25, 1.03, 0.31, 0.32, 0.14, 0.27,
    ]

    /// `parameters` held within their bounds; `relearningSteps`: the same-day relearning steps,
    /// which bound w17 and w18 so that a lapse relearned the same day cannot end above where
    /// it started.
    static func clipped(_ parameters: [Double], relearningSteps: Int) -> [Double] {
        var w = parameters
        func hold(_ i: Int, _ low: Double, _ high: Double) { w[i] = min(max(w[i], low), high) }
        for i in 0..<4 { hold(i, 0.001, 100) }
        hold(4, 1, 10)
        hold(5, 0.001, 4)
        hold(6, 0.001, 4)
        hold(7, 0.001, 0.75)
        hold(8, 0, 4.5)
        hold(9, 0, 0.8)
        hold(10, 0.001, 3.5)
        hold(11, 0.001, 5)
        hold(12, 0.001, 0.25)
        hold(13, 0.001, 0.9)
        hold(14, 0, 4)
        hold(15, 0, 1)
        hold(16, 1, 6)
        var ceiling = 2.0
        if relearningSteps > 1 {
            let inner = -(log(w[11]) + log(pow(2, w[13]) - 1) + 0.3 * w[14]) / Double(relearningSteps)
            ceiling = min(2, max(0.01, inner).squareRoot())
        }
        hold(17, 0, ceiling)
        hold(18, 0, ceiling)
        hold(19, 0.01, 0.8)
        hold(20, 0.1, 0.8)
        return w
    }
}
