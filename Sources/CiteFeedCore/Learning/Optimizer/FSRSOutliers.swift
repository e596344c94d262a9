/// The items fsrs-rs leaves out before fitting (`src/dataset.rs` `compute_outlier_analysis`,
/// 6.6.1): among cards with one long-term answer so far, grouped by their first grade, the
/// intervals few cards had (the rarest, up to 5% of the group and at least 20 items), and any
/// interval of fewer than 6 cards or longer than 100 days (365 after an Easy first answer).
/// Every item whose first grade and first long-term interval fall in a left-out pair goes too.
enum FSRSOutliers {
    struct Split {
        /// The items the initial stabilities are fitted on (one long-term answer each).
        var initialization: [FSRSItem]
        /// The items trained on, in their order.
        var training: [FSRSItem]
        /// The cards of `training`'s items.
        var cardIDs: [Int64]
    }

    struct Pair: Hashable {
        var rating: Int
        var deltaT: Int
    }

    static func split(_ items: [FSRSItem], cardIDs: [Int64]) -> Split {
        var groups: [Int: [Int: [FSRSItem]]] = [:]
        for item in items where item.longTermReviewCount == 1 {
            groups[item.first.rating, default: [:]][item.current.deltaT, default: []].append(item)
        }
        var removed = Set<Pair>()
        var initialization: [FSRSItem] = []
        for (rating, byDelta) in groups.sorted(by: { $0.key < $1.key }) {
            let total = byDelta.values.reduce(0) { $0 + $1.count }
            let budget = max(20, total / 20)
            // Largest first (ties: longer interval first), walked from the end: the smallest first.
            let ordered = byDelta.sorted { a, b in a.value.count != b.value.count ? a.value.count > b.value.count : a.key > b.key }
            var taken = 0
            for (deltaT, group) in ordered.reversed() {
                if taken + group.count < budget {
                    taken += group.count
                    removed.insert(Pair(rating: rating, deltaT: deltaT))
                } else if group.count >= 6 && deltaT <= (rating == 4 ? 365 : 100) {
                    initialization += group
                } else {
                    removed.insert(Pair(rating: rating, deltaT: deltaT))
                }
            }
        }
        var training: [FSRSItem] = []
        var kept: [Int64] = []
        for (item, card) in zip(items, cardIDs) {
            if let first = item.firstLongTermReview, removed.contains(Pair(rating: item.first.rating, deltaT: first.deltaT)) {
                continue
            }
            training.append(item)
            kept.append(card)
        }
        return Split(initialization: initialization, training: training, cardIDs: kept)
    }
}
