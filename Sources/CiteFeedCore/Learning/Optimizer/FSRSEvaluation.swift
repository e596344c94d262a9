import CiteFeedSupport
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
                (item, Self.predicted(item, model), weighted ? FSRSItem.recencyWeight(i, of: n) : 1)
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
        // In the bins' order, so that the same answers give the same digits run after run.
        for (_, bin) in bins.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
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
    /// `evaluate_with_time_series_splits` does, and the fit on every answer: the items cut in
    /// sixths; five fits, on the first one to five sixths, each judging the sixth after it (each
    /// item alike), with the parameters `inUse` judged on the same five sixths (`nil` with fewer
    /// than 6 items); and a sixth fit on all of them. The six fits run on two threads.
    package static func judgeAndFit(
        _ items: [FSRSItem], cardIDs: [Int64], inUse: [Double], optimizer: FSRSOptimizer
    ) throws(FSRSOptimizer.Failure) -> (judged: (inUse: FSRSEvaluation, fitted: FSRSEvaluation)?, parameters: [Double]) {
        let segment = items.count / 6
        // Job 0 is the fit on everything; job i (1…5, with six segments) fits the first i sixths.
        let ends = [items.count] + (segment > 0 ? (1...5).map { $0 * segment } : [])
        var results = [Result<[Double], FSRSOptimizer.Failure>?](repeating: nil, count: ends.count)
        // Largest first, each to the thread with less to do: about half the work each.
        var mine: [Int] = [], theirs: [Int] = []
        var load = (0, 0)
        for job in ends.indices.sorted(by: { ends[$0] > ends[$1] }) {
            if load.0 <= load.1 {
                mine.append(job)
                load.0 += ends[job]
            } else {
                theirs.append(job)
                load.1 += ends[job]
            }
        }
        func run(_ job: Int, _ given: FSRSOptimizer) -> Result<[Double], FSRSOptimizer.Failure> {
            // Only the fit on everything must train: an early fold may be small.
            var optimizer = given
            optimizer.requireTraining = job == 0 && given.requireTraining
            do throws(FSRSOptimizer.Failure) {
                return .success(try optimizer.fit(Array(items[..<ends[job]]), cardIDs: Array(cardIDs[..<ends[job]])))
            } catch { return .failure(error) }
        }
        final class Box: @unchecked Sendable { var results: [(Int, Result<[Double], FSRSOptimizer.Failure>)] = [] }
        let other = Box()
        var quiet = optimizer
        quiet.progress = nil
        let worker = WorkerThread { for job in theirs { other.results.append((job, run(job, quiet))) } }
        if worker == nil { for job in theirs { other.results.append((job, run(job, quiet))) } }
        var progress = optimizer
        var done = 0
        for job in mine {
            // This thread's share of its work done, in thousandths (the other thread's is about
            // as much).
            let before = Double(done), size = Double(ends[job]), all = Double(max(load.0, 1))
            progress.progress = { step, total in
                optimizer.progress?(Int(1000 * (before + size * Double(step) / Double(max(total, 1))) / all), 1000)
            }
            results[job] = run(job, progress)
            done += ends[job]
        }
        worker?.join()
        for (job, result) in other.results { results[job] = result }
        let parameters = try results[0]!.get()
        guard segment > 0 else { return (nil, parameters) }
        let current = FSRSForward(FSRSParameters.clipped(inUse, relearningSteps: optimizer.relearningSteps))
        var ours: [(item: FSRSItem, p: Double, weight: Double)] = [], theirsScored: [(item: FSRSItem, p: Double, weight: Double)] = []
        for fold in 1...5 {
            // A fold too small to fit on is judged with the defaults, as an untrained learner's.
            let fitted = (try? results[fold]!.get()) ?? FSRSParameters.defaults
            let model = FSRSForward(FSRSParameters.clipped(fitted, relearningSteps: optimizer.relearningSteps))
            let testEnd = fold == 5 ? items.count : (fold + 1) * segment
            for item in items[ends[fold]..<testEnd] {
                ours.append((item, predicted(item, model), 1))
                theirsScored.append((item, predicted(item, current), 1))
            }
        }
        return ((FSRSEvaluation(scored: theirsScored), FSRSEvaluation(scored: ours)), parameters)
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
