import Foundation
import Testing

@testable import CiteFeedCore

/// The pieces of `citefeed optimize`'s fit, against the check values of the reference
/// (fsrs-rs 6.6.1's own tests) and against arithmetic: the model's formulas, the gradient, the
/// initial stabilities' order and filling, the bounds, and a fit that finds known parameters.
@Suite struct FSRSOptimizerTests {
    let model = FSRSForward(FSRSParameters.defaults)

    /// fsrs-rs `test_power_forgetting_curve`.
    @Test func theForgettingCurve() {
        let expected = [1, 0.9403443, 0.9253786, 0.9185229, 0.9, 0.8261359]
        for (t, (s, r)) in zip([1.0, 2, 3, 4, 4, 2], expected).enumerated() {
            #expect(abs(model.retrievability(days: t, stability: s) - r) < 1e-6)
        }
    }

    /// fsrs-rs `test_next_stability`: after a recall (Hard, Good, Easy at difficulty 2, 3, 4
    /// and recall 0.8, 0.7, 0.6), and on the same day.
    @Test func theStabilityAfterAnAnswer() {
        for (grade, expected) in [(2, 28.226582), (3, 58.656002), (4, 127.226685)] {
            let after = model.step((5, Double(grade)), grade: grade, days: 1, r: [0.9, 0.8, 0.7, 0.6][grade - 1])
            #expect(abs(after.s - expected) < 1e-4, "\(grade)")
        }
        for (grade, expected) in [(1, 1.596818), (2, 5.0), (3, 5.0), (4, 8.12961)] {
            let after = model.step((5, 5), grade: grade, days: 0, r: 1)
            #expect(abs(after.s - expected) < 1e-5, "\(grade)")
        }
    }

    /// fsrs-rs `test_next_difficulty` (before the reversion, w7 = 0).
    @Test func theDifficultyAfterAnAnswer() {
        var w = FSRSParameters.defaults
        w[7] = 0
        let model = FSRSForward(w)
        for (grade, expected) in [(1, 8.354889), (2, 6.6774445), (3, 5.0), (4, 3.3225555)] {
            #expect(abs(model.step((5, 5), grade: grade, days: 1, r: 0.9).d - expected) < 1e-5)
        }
    }

    /// The gradient carried by `Dual` is the slope finite differences measure, for every
    /// parameter, on histories that take every branch (same day, lapse, recall, each grade).
    @Test func theGradientIsTheSlope() {
        let cards = ReviewSimulator(parameters: FSRSParameters.defaults, seed: 7).cards(answers: 400)
        let (items, ids) = ReviewSimulator.items(cards)
        let columns = FSRSOptimizer.columns(zip(items, ids).map { ($0, $1, 1.0) }).map(\.column)
        var w = FSRSParameters.defaults
        w[7] = 0.05
        func loss(_ w: [Double]) -> Double {
            let model = FSRSForward(w)
            var total = 0.0
            for column in columns {
                model.replay(column.reviews) { k, r in
                    let weight = column.targets[k]
                    guard weight > 0 else { return }
                    let y = column.reviews[k].rating > 1 ? 1.0 : 0.0
                    total += -weight * (y * log(r) + (1 - y) * log(1 - r))
                }
            }
            return total
        }
        let gradient = FSRSOptimizer.lossGradient(columns, w)
        // The hand-written backward pass gives the forward mode's gradient.
        let analytic = FSRSGradient.lossGradient(columns, w)
        for j in 0..<21 {
            #expect(abs(analytic[j] - gradient[j]) <= 1e-9 * max(1, abs(gradient[j])), "w\(j): \(analytic[j]) against \(gradient[j])")
        }
        for j in 0..<21 {
            let h = max(abs(w[j]), 0.01) * 1e-6
            var up = w, down = w
            up[j] += h
            down[j] -= h
            let slope = (loss(up) - loss(down)) / (2 * h)
            #expect(abs(slope - gradient[j]) <= 1e-4 * max(1, abs(slope)), "w\(j): \(slope) against \(gradient[j])")
        }
    }

    /// fsrs-rs `smooth_and_fill`'s tests: a missing grade filled, one grade scaling the
    /// defaults; and out of order, the grade with more cards decides.
    @Test func theInitialStabilitiesInOrderAndFilled() throws {
        let filled = try FSRSPretraining.smoothAndFill([1: 0.4, 3: 2.3, 4: 10.9], counts: [1: 1, 3: 1, 4: 1])
        #expect(zip(filled, [0.4, 1.1227008, 2.3, 10.9]).allSatisfy { abs($0 - $1) < 1e-6 })
        let scaled = try FSRSPretraining.smoothAndFill([2: 0.35], counts: [2: 1])
        #expect(zip(scaled, [0.05738148, 0.35, 0.6242943, 2.2453482]).allSatisfy { abs($0 - $1) < 1e-6 })
        let ordered = try FSRSPretraining.smoothAndFill([1: 3, 2: 2, 3: 4, 4: 9], counts: [1: 50, 2: 10, 3: 80, 4: 20])
        #expect(ordered == [3, 3, 4, 9])
        #expect(throws: FSRSPretraining.Failure.notEnoughData) { try FSRSPretraining.smoothAndFill([:], counts: [:]) }
    }

    /// fsrs-rs's bounds; two same-day relearning steps bound w17 and w18 by how a lapse ends.
    @Test func theBounds() {
        let wild = FSRSParameters.clipped(Array(repeating: 1000, count: 21), relearningSteps: 1)
        #expect(wild == [100, 100, 100, 100, 10, 4, 4, 0.75, 4.5, 0.8, 3.5, 5, 0.25, 0.9, 4, 1, 6, 2, 2, 0.8, 0.8])
        #expect(FSRSParameters.clipped(Array(repeating: -1, count: 21), relearningSteps: 1)[19] == 0.01)
        let two = FSRSParameters.clipped(FSRSParameters.defaults, relearningSteps: 2)
        #expect(Array(two[17...19]) == [0.5425, 0.0912, 0.0658])
    }

    /// Items are one per answer a day or more after the one before; answers the same day stay
    /// in the history.
    @Test func itemsFromAnswers() {
        let items = FSRSItem.items(grades: [1, 3, 3, 2, 3], days: [0, 0, 2, 2, 9])
        #expect(items.map(\.index) == [2, 4])
        #expect(items[1].item.reviews.map(\.deltaT) == [0, 0, 2, 0, 7])
        #expect(items[1].item.longTermReviewCount == 2)
    }

    /// Too few answers: the defaults, or only the initial stabilities.
    @Test func fewAnswersChangeLittle() throws {
        let optimizer = FSRSOptimizer()
        #expect(try optimizer.fit([], cardIDs: []) == FSRSParameters.defaults)
        let cards = ReviewSimulator(parameters: FSRSParameters.defaults, seed: 3).cards(answers: 60)
        let (items, ids) = ReviewSimulator.items(cards)
        let fitted = try optimizer.fit(items, cardIDs: ids)
        #expect(items.count < FSRSOptimizer.minimumForTraining)
        #expect(Array(fitted[4...]) == Array(FSRSParameters.defaults[4...]))
    }

    /// On 5,000 answers of a learner far from the defaults, the fit predicts later answers
    /// better than the defaults and close to the true parameters, and the same answers give the
    /// same parameters.
    @Test func aFitFindsTheLearner() throws {
        var truth = FSRSParameters.defaults
        (truth[0], truth[1], truth[2], truth[3]) = (0.8, 2.5, 5, 15)
        (truth[8], truth[9], truth[10], truth[11], truth[20]) = (1.2, 0.3, 1.4, 2.2, 0.5)
        let cards = ReviewSimulator(parameters: truth, seed: 11).cards(answers: 5000)
        let (items, ids) = ReviewSimulator.items(cards)
        let cut = items.count * 4 / 5
        let fitted = try FSRSOptimizer().fit(Array(items[..<cut]), cardIDs: Array(ids[..<cut]))
        let later = Array(items[cut...])
        let ours = FSRSEvaluation(fitted, on: later), defaults = FSRSEvaluation(FSRSParameters.defaults, on: later)
        let best = FSRSEvaluation(truth, on: later)
        #expect(ours.logLoss < defaults.logLoss)
        #expect(ours.logLoss < best.logLoss * 1.02, "\(ours) against the truth's \(best)")
        #expect(try FSRSOptimizer().fit(Array(items[..<cut]), cardIDs: Array(ids[..<cut])) == fitted)
    }
}
