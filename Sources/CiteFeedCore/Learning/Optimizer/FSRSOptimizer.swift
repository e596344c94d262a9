import CiteFeedSupport
import Foundation

/// FSRS-6's parameters fitted to a learner's own answers, by the method of fsrs-rs 6.6.1 (the
/// optimizer Anki uses; `compute_parameters` in `src/training.rs`), step by step:
///
/// 1. The outliers left out (`FSRSOutliers`); fewer than 8 items left: the defaults.
/// 2. The initial stabilities w0…w3 fitted first (`FSRSPretraining`); fewer than 64 items, or
///    none but first long-term answers: those four with the defaults.
/// 3. The rest trained from there with Adam (β 0.9/0.999, ε 1e-8, learning rate 0.04 falling on
///    a cosine to 0 over the epochs, 5 epochs), batches of about 512 predictions made of whole
///    cards (shortest first, their order shuffled each epoch by a seeded generator). The loss
///    is the binary cross-entropy of each predicted answer, weighted toward recent ones
///    (0.25 + 0.75·(i/(n−1))³), plus a penalty pulling each parameter to where it started,
///    scaled by its spread and by the batch's share of the items. After each step every
///    parameter is held within its bounds (`FSRSParameters.clipped`).
/// 4. w0…w3 put in order and filled again as after the pretraining.
///
/// Pure: the items come in, the parameters go out. The batch order comes from citefeed's own
/// generator, not Rust's, so the numbers are not fsrs-rs's to the last digit; how good they
/// are is judged by the reference's own evaluation (`FSRSOptimizerTests`, `scripts/bench`).
package struct FSRSOptimizer {
    package enum Failure: Error, Equatable {
        /// Too few items to fit anything on (the first grades' long-term answers).
        case notEnoughData
        /// Training gave a parameter that is not a finite number.
        case diverged
        /// With `requireTraining`: too few items left after the outliers (how many) for more than
        /// the defaults or the initial stabilities.
        case tooFewKept(Int)
    }

    /// Fewer training items than this: the defaults (fsrs-rs).
    package static let minimumItems = 8
    /// Fewer than this: only the initial stabilities are fitted (fsrs-rs).
    package static let minimumForTraining = 64

    package var epochs = 5
    package var batchSize = 512
    package var learningRate = 0.04
    package var maximumLength = 256
    package var gamma = 1.0
    package var seed: UInt64 = 2023
    /// The study settings' same-day relearning steps (bounds w17 and w18).
    package var relearningSteps = 1
    /// Whether each epoch's batches are whole cards in a new random mix (citefeed's way), or
    /// fsrs-rs's: cards sorted by length, packed once, and only the batches' order shuffled.
    /// Sorted batches pull the parameters different ways (cards with few answers and cards with
    /// many), so where the last epoch ends depends on the batches' order; mixed ones do not.
    package var mixedBatches = true
    /// Whether a fit that would be the defaults, or only the initial stabilities with them (too
    /// few items left after the outliers), fails (`tooFewKept`) instead: `optimize` writes only
    /// a fit of all 21.
    package var requireTraining = false
    /// Called after each batch with the batches done and the batches in all (a progress bar).
    package var progress: ((Int, Int) -> Void)?

    package init() {}

    /// The parameters fitted to `items` (in the time order of their predicted answers), whose
    /// cards are `cardIDs`.
    package func fit(_ items: [FSRSItem], cardIDs: [Int64]) throws(Failure) -> [Double] {
        let split = FSRSOutliers.split(items, cardIDs: cardIDs)
        let training = split.training
        if requireTraining && (training.count < Self.minimumForTraining || training.count == split.initialization.count) {
            throw .tooFewKept(training.count)
        }
        guard training.count >= Self.minimumItems else { return FSRSParameters.defaults }
        let averageRecall = Double(training.count(where: \.recalled)) / Double(training.count)
        let pretrained: (stabilities: [Double], counts: [Int: Int])
        do { pretrained = try FSRSPretraining.fit(split.initialization, averageRecall: averageRecall) } catch {
            throw .notEnoughData
        }
        var start = pretrained.stabilities + FSRSParameters.defaults[4...]
        if training.count < Self.minimumForTraining || training.count == split.initialization.count { return start }
        start = FSRSParameters.clipped(start, relearningSteps: relearningSteps)
        var trained = train(training, cardIDs: split.cardIDs, from: start)
        guard trained.allSatisfy(\.isFinite) else { throw .diverged }
        var fitted: [Int: Double] = [:]
        for rating in 1...4 where pretrained.counts[rating] != nil { fitted[rating] = trained[rating - 1] }
        do {
            trained.replaceSubrange(0..<4, with: try FSRSPretraining.smoothAndFill(fitted, counts: pretrained.counts))
        } catch { throw .notEnoughData }
        return trained
    }

    /// One card's answers replayed once, with the positions predicted and their weights.
    struct CardColumn {
        var reviews: [FSRSItem.Review]
        /// Each answer's weight, 0 where it is not predicted (the first answer, same-day ones,
        /// answers of items left out).
        var targets: [Double]
    }

    /// The training proper (step 3): from `start`, the parameters after the last epoch.
    func train(_ items: [FSRSItem], cardIDs: [Int64], from start: [Double]) -> [Double] {
        let n = items.count
        var weighted: [(item: FSRSItem, card: Int64, weight: Double)] = []
        for (i, (item, card)) in zip(items, cardIDs).enumerated() {
            let weight = FSRSItem.recencyWeight(i, of: n)
            if item.reviews.count <= maximumLength { weighted.append((item, card, weight)) }
        }
        let columns = Self.columns(weighted)
        let sorted = Self.pack(columns, size: batchSize)
        let total = Double(weighted.count)
        var w = start
        var adam = Adam(count: FSRSParameters.count)
        let horizon = (weighted.count / batchSize + 1) * epochs
        var generator = SplitMix64(seed: seed)
        var step = 0
        for _ in 0..<epochs {
            let batches: [(columns: [CardColumn], predictions: Int)]
            if mixedBatches {
                batches = Self.pack(columns.shuffled(using: &generator), size: batchSize)
            } else {
                batches = sorted.shuffled(using: &generator)
            }
            for batch in batches {
                let rate = learningRate * (1 + cos(Double.pi * Double(step) / Double(horizon))) / 2
                var gradient = FSRSGradient.lossGradient(batch.columns, w)
                let share = gamma * Double(batch.predictions) / total
                for j in 0..<FSRSParameters.count {
                    gradient[j] += 2 * share * (w[j] - start[j]) / (FSRSParameters.spread[j] * FSRSParameters.spread[j])
                }
                adam.step(&w, gradient: gradient, rate: rate)
                w = FSRSParameters.clipped(w, relearningSteps: relearningSteps)
                step += 1
                progress?(step, sorted.count * epochs)
            }
        }
        return w
    }

    /// Each card's items (prefixes of its longest) as one column replayed once, with the number of
    /// its predictions; in the order of their longest item's length.
    static func columns(_ items: [(item: FSRSItem, card: Int64, weight: Double)]) -> [(column: CardColumn, predictions: Int)] {
        var byCard: [Int64: [(item: FSRSItem, weight: Double)]] = [:]
        for entry in items { byCard[entry.card, default: []].append((entry.item, entry.weight)) }
        var columns: [(column: CardColumn, predictions: Int)] = []
        for card in byCard.keys.sorted() {
            let own = byCard[card]!
            let longest = own.max { $0.item.reviews.count < $1.item.reviews.count }!.item
            var targets = [Double](repeating: 0, count: longest.reviews.count)
            for (item, weight) in own { targets[item.reviews.count - 1] += weight }
            columns.append((CardColumn(reviews: Array(longest.reviews), targets: targets), own.count))
        }
        return columns.enumerated().sorted { a, b in
            a.element.column.reviews.count != b.element.column.reviews.count
                ? a.element.column.reviews.count < b.element.column.reviews.count : a.offset < b.offset
        }.map(\.element)
    }

    /// Whole cards packed in order into batches of about `size` predictions (a card with more
    /// is a batch of its own).
    static func pack(_ columns: [(column: CardColumn, predictions: Int)], size: Int) -> [(columns: [CardColumn], predictions: Int)] {
        var batches: [(columns: [CardColumn], predictions: Int)] = []
        var current: [CardColumn] = [], count = 0
        for (column, predictions) in columns {
            if !current.isEmpty && count + predictions > size {
                batches.append((current, count))
                current = []
                count = 0
            }
            current.append(column)
            count += predictions
        }
        if !current.isEmpty { batches.append((current, count)) }
        return batches
    }

    /// The gradient of the batch's weighted cross-entropy (a sum) at parameters `w`, by forward
    /// mode (`Dual`): the check of the hand-written `FSRSGradient`, which the fit uses.
    static func lossGradient(_ columns: [CardColumn], _ w: [Double]) -> [Double] {
        let model = FSRSForward(w.indices.map { Dual.parameter(w[$0], $0) })
        var gradient = SIMD32<Double>.zero
        for column in columns {
            model.replay(column.reviews) { k, r in
                let weight = column.targets[k]
                guard weight > 0 else { return }
                let p = r.value
                guard p > 1e-7 && p < 1 - 1e-7 else { return }
                // d/dp of −(y ln p + (1−y) ln(1−p)).
                let y: Double = column.reviews[k].rating > 1 ? 1 : 0
                let slope: Double = (1 - y) / (1 - p) - y / p
                gradient += r.gradient * (weight * slope)
            }
        }
        return (0..<FSRSParameters.count).map { gradient[$0] }
    }
}
