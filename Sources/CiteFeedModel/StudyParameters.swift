import Foundation

/// What FSRS's parameters may be (fsrs-rs 6.6.1, `parameter_clipper.rs` and
/// `check_and_fill_parameters`): each of the 21 within its bounds, and the sets of older FSRS
/// versions brought to FSRS-6's. The optimizer holds its steps within the same bounds.
package enum StudyParameters {
    /// Each parameter's bounds. w17 and w18 are bounded further by the relearning steps when
    /// there are more than one (`FSRSParameters.clipped`), w19 from 0.01 when fitted.
    package static let bounds: [(Double, Double)] = [
        (0.001, 100), (0.001, 100), (0.001, 100), (0.001, 100), (1, 10), (0.001, 4), (0.001, 4), (0.001, 0.75), (0, 4.5), (0, 0.8),
        (0.001, 3.5), (0.001, 5), (0.001, 0.25), (0.001, 0.9), (0, 4), (0, 1), (1, 6), (0, 2), (0, 2), (0, 0.8), (0.1, 0.8),
    ]

    /// FSRS-5's 19 parameters or FSRS-4.5's 17 as FSRS-6's 21 (fsrs-rs's conversion); any other
    /// list as it is.
    package static func upgraded(_ w: [Double]) -> [Double] {
        switch w.count {
        case 17:
            var v = w
            v[4] = w[4] + 2 * w[5]
            v[5] = log(3 * w[5] + 1) / 3
            v[6] = w[6] + 0.5
            return v + [0, 0, 0, 0.5]
        case 19: return w + [0, 0.5]
        default: return w
        }
    }
}
