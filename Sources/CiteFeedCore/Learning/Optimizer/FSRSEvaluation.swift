import Foundation

/// How well parameters predict answers, measured as fsrs-rs measures it (`FSRS::evaluate`,
/// `src/inference.rs`, 6.6.1): each item's predicted answer's probability of recall from the
/// answers before it, weighted toward recent items (0.25 + 0.75·(i/(n−1))³ by position), as
/// the log loss and as the RMSE over bins of similar items (by interval, number of long-term
/// answers and lapses).
package struct FSRSEvaluation: Equatable, Sendable {
    package var logLoss: Double
    package var rmseBins: Double
    package var items: Int

    /// `parameters` judged on `items` (in time order); `weighted`: by recency, as `evaluate`
    /// does, or each alike, as its time-series split does.
    package init(_ parameters: [Double], on items: [FSRSItem], weighted: Bool = true) {
        let model = FSRSForward(FSRSParameters.clipped(parameters, relearningSteps: 1))
        let n = items.count
        self.init(
            scored: items.enumerated().map { i, item in
                (item, Self.predicted(item, model), weighted ? 0.25 + 0.75 * pow(Double(i) / Double(max(n - 1, 1)), 3) : 1)
            })
    }

    /// The log loss and RMSE (bins) of predictions already made: each item, the probability
    /// of recall predicted for its last answer, and its weight.
    init(scored: [(item: FSRSItem, p: Double, weight: Double)]) {
        var loss = 0.0, weights = 0.0
        struct Bin {
            var predicted = 0.0
            var actual = 0.0
            var count = 0.0
            var weight = 0.0
        }
        var bins: [[Int]: Bin] = [:]
        for (item, p, weight) in scored {
            let y = item.recalled ? 1.0 : 0.0
            loss += -weight * (y * log(p) + (1 - y) * log(1 - p))
            weights += weight
            let key = Self.binKey(item)
            bins[key, default: Bin()].predicted += p
            bins[key, default: Bin()].actual += y
            bins[key, default: Bin()].count += 1
            bins[key, default: Bin()].weight += weight
        }
        logLoss = scored.isEmpty ? 0 : loss / weights
        var squares = 0.0, binWeights = 0.0
        for bin in bins.values {
            let difference = bin.predicted / bin.count - bin.actual / bin.count
            squares += bin.weight * difference * difference
            binWeights += bin.weight
        }
        rmseBins = binWeights == 0 ? 0 : (squares / binWeights).squareRoot()
        items = scored.count
    }

    /// The probability of recall `model` predicts for `item`'s last answer.
    static func predicted(_ item: FSRSItem, _ model: FSRSForward<Double>) -> Double {
        var p = 0.0
        model.replay(item.reviews) { k, r in if k == item.reviews.count - 1 { p = r } }
        return p
    }

    /// Parameters fitted on earlier answers judged on later ones, as fsrs-rs's
    /// `evaluate_with_time_series_splits` does: the items cut in sixths; five fits, on the
    /// first one to five sixths, each judging the sixth after it (each item alike); and the
    /// parameters `inUse` judged on the same five sixths. `nil` with fewer than 6 items.
    package static func timeSeries(
        _ items: [FSRSItem], cardIDs: [Int64], inUse: [Double], optimizer: FSRSOptimizer
    ) throws(FSRSOptimizer.Failure) -> (inUse: FSRSEvaluation, fitted: FSRSEvaluation)? {
        let segment = items.count / 6
        guard segment > 0 else { return nil }
        let current = FSRSForward(FSRSParameters.clipped(inUse, relearningSteps: optimizer.relearningSteps))
        var ours: [(item: FSRSItem, p: Double, weight: Double)] = [], theirs: [(item: FSRSItem, p: Double, weight: Double)] = []
        for fold in 0..<5 {
            let trainEnd = (fold + 1) * segment, testEnd = fold == 4 ? items.count : (fold + 2) * segment
            var fitted = FSRSParameters.defaults
            do { fitted = try optimizer.fit(Array(items[..<trainEnd]), cardIDs: Array(cardIDs[..<trainEnd])) } catch .notEnoughData {}
            let model = FSRSForward(FSRSParameters.clipped(fitted, relearningSteps: optimizer.relearningSteps))
            for item in items[trainEnd..<testEnd] {
                ours.append((item, predicted(item, model), 1))
                theirs.append((item, predicted(item, current), 1))
            }
        }
        return (FSRSEvaluation(scored: theirs), FSRSEvaluation(scored: ours))
    }

    /// fsrs-rs's `r_matrix_index`: the interval, the long-term answers and the lapses, each on
    /// a logarithmic scale.
    static func binKey(_ item: FSRSItem) -> [Int] {
        func bucket(_ x: Double, base: Double, scale: Double) -> Int {
            (scale * pow(base, (log(x) / log(base)).rounded(.down))).rounded(.toNearestOrAwayFromZero).asInt
        }
        let interval = Int(
            (2.48 * pow(3.62, (log(Double(item.current.deltaT)) / log(3.62)).rounded(.down)) * 100).rounded(.toNearestOrAwayFromZero))
        let length = bucket(Double(item.longTermReviewCount + 1), base: 1.89, scale: 1.99)
        let lapses = item.history.count(where: { $0.rating == 1 && $0.deltaT > 0 })
        let lapseBin = lapses == 0 ? 0 : bucket(Double(lapses), base: 1.73, scale: 1.65)
        return [interval, length, lapseBin]
    }
}

extension Double {
    fileprivate var asInt: Int { Int(self) }
}
