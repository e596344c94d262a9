/// One card's answers as FSRS's optimizer reads them (fsrs-rs's `FSRSItem`): in time order, up
/// to and including the answer to predict, each with its grade (1 Again … 4 Easy) and the whole
/// study days since the card's previous answer (0 for the first, and for another answer the
/// same day). The optimizer predicts the last answer from the ones before it.
package struct FSRSItem: Equatable, Sendable {
    package struct Review: Equatable, Sendable {
        package var rating: Int
        package var deltaT: Int

        package init(rating: Int, deltaT: Int) {
            self.rating = rating
            self.deltaT = deltaT
        }
    }

    package var reviews: [Review]

    package init(reviews: [Review]) { self.reviews = reviews }

    /// The answers before the one predicted.
    package var history: ArraySlice<Review> { reviews.dropLast() }
    /// The answer predicted.
    package var current: Review { reviews[reviews.count - 1] }
    /// Whether the predicted answer recalled the card (anything but Again).
    package var recalled: Bool { current.rating > 1 }
    /// The answers made a day or more after the one before (the target among them).
    package var longTermReviewCount: Int { reviews.count(where: { $0.deltaT > 0 }) }
    /// The first answer made a day or more after the one before.
    package var firstLongTermReview: Review? { reviews.first(where: { $0.deltaT > 0 }) }

    /// The items of one card's answers (grades, and each answer's study day), in order: one for
    /// each answer after the first made a day or more after the one before it. Answers on the
    /// same day stay in the later items' histories, never predicted (fsrs-rs's rule).
    package static func items(grades: [Int], days: [Int]) -> [(index: Int, item: FSRSItem)] {
        var reviews: [Review] = []
        var out: [(index: Int, item: FSRSItem)] = []
        for k in grades.indices {
            let deltaT = k == 0 ? 0 : max(0, days[k] - days[k - 1])
            reviews.append(Review(rating: grades[k], deltaT: deltaT))
            if k >= 1 && deltaT > 0 { out.append((k, FSRSItem(reviews: reviews))) }
        }
        return out
    }
}
