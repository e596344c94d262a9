/// FSRS-6 as its optimizer computes it (fsrs-rs 6.6.1, `src/model.rs` `step` and
/// `src/analytic.rs`), on any `FSRSScalar`: one card's answers replayed from the first, and the
/// probability of recall predicted before each. It differs from the scheduler (`FSRS`) where
/// the reference's training does: every answer on the same study day as the one before takes
/// the same-day formula, whatever its grade, and the stability is held within 0.001…36500.
struct FSRSForward<Scalar: FSRSScalar> {
    static var minimumStability: Double { 0.001 }
    static var maximumStability: Double { 36500 }

    let w: [Scalar]
    let decay: Scalar
    let factor: Scalar
    /// The starting difficulty of an Easy first answer, unclamped: where difficulty reverts to.
    let easyDifficulty: Scalar

    init(_ w: [Scalar]) {
        self.w = w
        decay = -w[20]
        factor = Scalar.exp(Scalar(0.9.logarithm) / decay) - 1
        easyDifficulty = w[4] - Scalar.exp(w[5] * 3) + 1
    }

    /// The probability of recall after `days` at stability `s`.
    func retrievability(days: Int, stability s: Scalar) -> Scalar {
        Scalar.pow(1 + factor * Double(days) / s, decay)
    }

    /// The state after a first answer `grade`.
    func initial(_ grade: Int) -> (s: Scalar, d: Scalar) {
        let g = min(max(grade, 1), 4)
        let s = Scalar.clamp(w[g - 1], Self.minimumStability, Self.maximumStability)
        let d = Scalar.clamp(w[4] - Scalar.exp(w[5] * Double(g - 1)) + 1, 1, 10)
        return (s, d)
    }

    /// The state after answer `grade` `days` after the one before (state `s`, `d`), with the
    /// probability of recall `r` at that moment.
    func step(_ state: (s: Scalar, d: Scalar), grade: Int, days: Int, r: Scalar) -> (s: Scalar, d: Scalar) {
        let next = unclamped(state, grade: grade, days: days, r: r)
        return (Scalar.clamp(next.s, Self.minimumStability, Self.maximumStability), Scalar.clamp(next.d, 1, 10))
    }

    /// `step`'s stability and difficulty before they are held within their bounds (the
    /// hand-written gradient needs to know whether they were).
    func unclamped(_ state: (s: Scalar, d: Scalar), grade: Int, days: Int, r: Scalar) -> (s: Scalar, d: Scalar) {
        let s = Scalar.clamp(state.s, Self.minimumStability, Self.maximumStability)
        let d = Scalar.clamp(state.d, 1, 10)
        let g = Double(grade)
        var next: Scalar
        if days == 0 {
            let increase = Scalar.exp(w[17] * (w[18] + (g - 3))) * Scalar.pow(s, -w[19])
            next = grade >= 2 && increase.value < 1 ? s : s * increase
        } else if grade == 1 {
            let raw = w[11] * Scalar.pow(d, -w[12]) * (Scalar.pow(s + 1, w[13]) - 1) * Scalar.exp((1 - r) * w[14])
            let floor = s / Scalar.exp(w[17] * w[18])
            next = floor.value < raw.value ? floor : raw
        } else {
            var growth = Scalar.exp(w[8]) * (11 - d) * Scalar.pow(s, -w[9]) * (Scalar.exp((1 - r) * w[10]) - 1)
            if grade == 2 { growth = growth * w[15] }
            if grade == 4 { growth = growth * w[16] }
            next = s * (1 + growth)
        }
        let delta = -(w[6] * (g - 3))
        let damped = d + (10 - d) * delta / 9
        let reverted = w[7] * (easyDifficulty - damped) + damped
        return (next, reverted)
    }

    /// Replays `reviews`, calling `predicted` with each answer's index and the probability of
    /// recall the answers before it gave (not for the first).
    func replay(_ reviews: some Collection<FSRSItem.Review>, _ predicted: (Int, Scalar) -> Void) {
        var state: (s: Scalar, d: Scalar)?
        for (k, review) in reviews.enumerated() {
            guard let before = state else {
                state = initial(review.rating)
                continue
            }
            let s = Scalar.clamp(before.s, Self.minimumStability, Self.maximumStability)
            let r = retrievability(days: review.deltaT, stability: s)
            predicted(k, r)
            state = step(before, grade: review.rating, days: review.deltaT, r: r)
        }
    }
}

extension Double {
    fileprivate var logarithm: Double { Double.log(self) }
}

extension FSRSForward: Sendable where Scalar: Sendable {}
