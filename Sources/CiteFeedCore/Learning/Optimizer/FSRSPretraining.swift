import Foundation

/// The four initial stabilities (w0…w3, the stability after a first Again, Hard, Good or Easy)
/// fitted before the rest, as fsrs-rs does (`src/parameter_initialization.rs`, 6.6.1): for each
/// first grade, the recall of cards at each first interval, smoothed toward the average recall,
/// and the stability whose forgetting curve fits it best (a ternary search on 0.001…100, held
/// near the default by |s − default|/16); then put in order and the grades without data filled
/// from the others.
enum FSRSPretraining {
    enum Failure: Error, Equatable {
        /// No card has a first long-term answer to fit on.
        case notEnoughData
    }

    struct Bin {
        var deltaT: Int
        var recall: Double
        var count: Double
    }

    /// The stabilities fitted on `items` (one long-term answer each), and how many items each
    /// first grade had.
    static func fit(_ items: [FSRSItem], averageRecall: Double) throws(Failure) -> (stabilities: [Double], counts: [Int: Int]) {
        var bins: [Int: [Int: (recalled: Int, count: Int)]] = [:]
        var counts: [Int: Int] = [:]
        for item in items where item.longTermReviewCount == 1 {
            guard let first = item.firstLongTermReview else { continue }
            let rating = item.first.rating
            var bin = bins[rating, default: [:]][first.deltaT, default: (0, 0)]
            bin.count += 1
            if first.rating > 1 { bin.recalled += 1 }
            bins[rating, default: [:]][first.deltaT] = bin
            counts[rating, default: 0] += 1
        }
        var fitted: [Int: Double] = [:]
        for (rating, byDelta) in bins {
            let data = byDelta.sorted { $0.key < $1.key }.map { deltaT, bin in
                let recall = Double(bin.recalled) / Double(bin.count)
                return Bin(
                    deltaT: deltaT, recall: (recall * Double(bin.count) + averageRecall) / Double(bin.count + 1), count: Double(bin.count))
            }
            fitted[rating] = search(data, rating: rating)
        }
        return (try smoothAndFill(fitted, counts: counts), counts)
    }

    /// The forgetting curve the search fits with: the default decay (w20), as fsrs-rs's.
    static let defaultCurve = FSRSForward(FSRSParameters.defaults)

    /// The loss of stability `s` for one grade's bins.
    static func loss(_ s: Double, _ bins: [Bin], rating: Int) -> Double {
        var total = 0.0
        for bin in bins {
            let y = defaultCurve.retrievability(days: bin.deltaT, stability: s)
            total += bin.count * -(bin.recall * log(y) + (1 - bin.recall) * log(1 - y))
        }
        return total + abs(s - FSRSParameters.defaults[rating - 1]) / 16
    }

    /// The stability that fits `bins` best: a ternary search on 0.001…100.
    static func search(_ bins: [Bin], rating: Int) -> Double {
        var low = 0.001, high = 100.0
        var best = (low + high) / 2
        var iteration = 0
        while high - low > Double.ulpOfOne && iteration < 1000 {
            let m1 = low + (high - low) / 3, m2 = high - (high - low) / 3
            if loss(m1, bins, rating: rating) < loss(m2, bins, rating: rating) { high = m2 } else { low = m1 }
            best = (high + low) / 2
            iteration += 1
        }
        return best
    }

    /// The four stabilities in order (a later grade never below an earlier one: the grade with
    /// more cards decides), the grades without data filled from the others by FSRS's log-linear
    /// relations, each held within 0.001…100.
    static func smoothAndFill(_ given: [Int: Double], counts: [Int: Int]) throws(Failure) -> [Double] {
        var s = given.filter { counts[$0.key] != nil }
        for (small, big) in [(1, 2), (2, 3), (3, 4), (1, 3), (2, 4), (1, 4)] {
            guard let a = s[small], let b = s[big], a > b else { continue }
            if counts[small, default: 0] > counts[big, default: 0] { s[big] = a } else { s[small] = b }
        }
        let w1 = 0.41, w2 = 0.54
        let d = FSRSParameters.defaults
        func s1(_ s2: Double, _ s3: Double) -> Double { pow(s2, 1 / w1) * pow(s3, 1 - 1 / w1) }
        func s2(_ s1: Double, _ s3: Double) -> Double { pow(s1, w1) * pow(s3, 1 - w1) }
        func s3(_ s2: Double, _ s4: Double) -> Double { pow(s2, 1 - w2) * pow(s4, w2) }
        func s4(_ s2: Double, _ s3: Double) -> Double { pow(s2, 1 - 1 / w2) * pow(s3, 1 / w2) }
        switch Set(s.keys) {
        case []: throw .notEnoughData
        case let known where known.count == 1:
            let k = known.first!, value = s[k]!
            return (0..<4).map { d[$0] * value / d[k - 1] }.sorted().map { min(max($0, 0.001), 100) }
        case [3, 4]:
            s[2] = pow(s[3]!, 1 / (1 - w2)) * pow(s[4]!, 1 - 1 / (1 - w2))
            s[1] = s1(s[2]!, s[3]!)
        case [2, 4]:
            s[3] = s3(s[2]!, s[4]!)
            s[1] = s1(s[2]!, s[3]!)
        case [2, 3]:
            s[4] = s4(s[2]!, s[3]!)
            s[1] = s1(s[2]!, s[3]!)
        case [1, 4]:
            let k = w1 + w2 - w1 * w2
            s[2] = pow(s[1]!, w1 / k) * pow(s[4]!, 1 - w1 / k)
            s[3] = pow(s[1]!, 1 - w2 / k) * pow(s[4]!, w2 / k)
        case [1, 3]:
            s[2] = s2(s[1]!, s[3]!)
            s[4] = s4(s[2]!, s[3]!)
        case [1, 2]:
            s[3] = pow(s[1]!, 1 - 1 / (1 - w1)) * pow(s[2]!, 1 / (1 - w1))
            s[4] = s4(s[2]!, s[3]!)
        case [2, 3, 4]: s[1] = s1(s[2]!, s[3]!)
        case [1, 3, 4]: s[2] = s2(s[1]!, s[3]!)
        case [1, 2, 4]: s[3] = s3(s[2]!, s[4]!)
        case [1, 2, 3]: s[4] = s4(s[2]!, s[3]!)
        default: break
        }
        return (1...4).map { min(max(s[$0]!, 0.001), 100) }
    }
}
