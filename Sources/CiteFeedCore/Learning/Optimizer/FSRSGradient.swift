import Foundation

/// The gradient of a batch's loss by hand (reverse mode), as fsrs-rs's `analytic.rs` does: each
/// card's answers replayed forward once, keeping each step's state, then walked back from the
/// last answer to the first, carrying how the loss moves with the stability and difficulty
/// after each step. Some ten times quicker than `Dual`'s forward mode (one pass carries 21
/// derivatives), which checks it (`FSRSOptimizerTests`). The forward pass is `FSRSForward`'s; a
/// clamp passes the derivative where its value lies within the bounds, bounds included.
enum FSRSGradient {
    /// One step's state before it and what it computed.
    private struct Step {
        var s: Double
        var d: Double
        var r: Double
    }

    static func lossGradient(_ columns: [FSRSOptimizer.CardColumn], _ w: [Double]) -> [Double] {
        var g = [Double](repeating: 0, count: FSRSParameters.count)
        let model = FSRSForward(w)
        let factor = model.factor, easy = model.easyDifficulty
        // d factor / d w20: factor = e^(−ln 0.9 / w20) − 1.
        let dFactor = (factor + 1) * log(0.9) / (w[20] * w[20])
        let sMin = FSRSForward<Double>.minimumStability, sMax = FSRSForward<Double>.maximumStability
        var steps: [Step] = []
        for column in columns {
            let reviews = column.reviews
            guard reviews.count > 1 else { continue }
            steps.removeAll(keepingCapacity: true)
            // Forward: the state before each step.
            let g0 = min(max(reviews[0].rating, 1), 4)
            let s0 = w[g0 - 1], d0 = w[4] - exp(w[5] * Double(g0 - 1)) + 1
            var s = min(max(s0, sMin), sMax), d = min(max(d0, 1), 10)
            for k in 1..<reviews.count {
                let r = model.retrievability(days: reviews[k].deltaT, stability: s)
                steps.append(Step(s: s, d: d, r: r))
                let next = model.unclamped((s, d), grade: reviews[k].rating, days: reviews[k].deltaT, r: r)
                s = min(max(next.s, sMin), sMax)
                d = min(max(next.d, 1), 10)
            }
            // Backward.
            var gS = 0.0, gD = 0.0
            for k in stride(from: reviews.count - 1, through: 1, by: -1) {
                let step = steps[k - 1]
                let grade = reviews[k].rating
                let t = Double(reviews[k].deltaT)
                let (s, d, r) = (step.s, step.d, step.r)
                let next = model.unclamped((s, d), grade: grade, days: reviews[k].deltaT, r: r)
                let gSNew = next.s >= sMin && next.s <= sMax ? gS : 0
                let gDNew = next.d >= 1 && next.d <= 10 ? gD : 0
                var gR = 0.0
                let weight = column.targets[k]
                if weight > 0 && r > 1e-7 && r < 1 - 1e-7 {
                    let y: Double = grade > 1 ? 1 : 0
                    gR += weight * ((1 - y) / (1 - r) - y / r)
                }
                var gSPrev = 0.0, gDPrev = 0.0
                // The stability's formula.
                let gv = Double(grade)
                if reviews[k].deltaT == 0 {
                    let increase = exp(w[17] * (gv - 3 + w[18])) * pow(s, -w[19])
                    if grade >= 2 && increase < 1 {
                        gSPrev += gSNew
                    } else {
                        let sNew = s * increase
                        gSPrev += gSNew * increase * (1 - w[19])
                        g[17] += gSNew * sNew * (gv - 3 + w[18])
                        g[18] += gSNew * sNew * w[17]
                        g[19] += gSNew * sNew * -log(s)
                    }
                } else if grade == 1 {
                    let a = pow(d, -w[12]), b = pow(s + 1, w[13]) - 1, c = exp((1 - r) * w[14])
                    let raw = w[11] * a * b * c
                    let floor = s / exp(w[17] * w[18])
                    if floor < raw {
                        gSPrev += gSNew / exp(w[17] * w[18])
                        g[17] += gSNew * -floor * w[18]
                        g[18] += gSNew * -floor * w[17]
                    } else {
                        g[11] += gSNew * a * b * c
                        gDPrev += gSNew * raw * -w[12] / d
                        g[12] += gSNew * raw * -log(d)
                        gSPrev += gSNew * w[11] * a * c * w[13] * pow(s + 1, w[13] - 1)
                        g[13] += gSNew * w[11] * a * c * pow(s + 1, w[13]) * log(s + 1)
                        gR += gSNew * raw * -w[14]
                        g[14] += gSNew * raw * (1 - r)
                    }
                } else {
                    let hard = grade == 2 ? w[15] : 1, easyBonus = grade == 4 ? w[16] : 1
                    let e8 = exp(w[8]), q = pow(s, -w[9]), e10 = exp((1 - r) * w[10])
                    // growth = e8·(11 − d)·q·(e10 − 1)·hard·easy; without its bonuses:
                    let bare = e8 * (11 - d) * q * (e10 - 1)
                    let growth = bare * hard * easyBonus
                    gSPrev += gSNew * (1 + growth * (1 - w[9]))
                    gDPrev += gSNew * s * -(e8 * q * (e10 - 1) * hard * easyBonus)
                    g[8] += gSNew * s * growth
                    g[9] += gSNew * s * growth * -log(s)
                    let dE10 = s * e8 * (11 - d) * q * hard * easyBonus * e10
                    gR += gSNew * dE10 * -w[10]
                    g[10] += gSNew * dE10 * (1 - r)
                    if grade == 2 { g[15] += gSNew * s * bare * easyBonus }
                    if grade == 4 { g[16] += gSNew * s * bare * hard }
                }
                // The difficulty's formula: d1 = d + (10 − d)·δ/9, δ = −w6·(G − 3);
                // d2 = w7·(easy − d1) + d1, easy = w4 − e^(3·w5) + 1.
                let delta = -w[6] * (gv - 3)
                let d1 = d + (10 - d) * delta / 9
                let gD1 = gDNew * (1 - w[7])
                g[7] += gDNew * (easy - d1)
                g[4] += gDNew * w[7]
                g[5] += gDNew * w[7] * -3 * exp(3 * w[5])
                gDPrev += gD1 * (1 - delta / 9)
                g[6] += gD1 * (10 - d) / 9 * -(gv - 3)
                // Recall: r = (1 + factor·t/s)^(−w20).
                if t > 0 {
                    let base = 1 + factor * t / s
                    gSPrev += gR * r * w[20] * factor * t / (base * s * s)
                    g[20] += gR * r * (-log(base) - w[20] * t * dFactor / (base * s))
                }
                gS = gSPrev
                gD = gDPrev
            }
            // The first answer's state.
            if s0 >= sMin && s0 <= sMax { g[g0 - 1] += gS }
            if d0 >= 1 && d0 <= 10 {
                g[4] += gD
                g[5] += gD * -Double(g0 - 1) * exp(w[5] * Double(g0 - 1))
            }
        }
        return g
    }
}
