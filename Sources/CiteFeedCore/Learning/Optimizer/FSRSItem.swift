import Foundation

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

    /// A slice: a card's items share one array of its answers (a card of 10,000 answers would
    /// otherwise hold 50 million copies).
    package var reviews: ArraySlice<Review>

    package init(reviews: [Review]) { self.reviews = reviews[...] }

    init(reviews: ArraySlice<Review>) { self.reviews = reviews }

    /// The answers before the one predicted.
    package var history: ArraySlice<Review> { reviews.dropLast() }
    /// The answer predicted.
    package var current: Review { reviews[reviews.endIndex - 1] }
    /// The first answer.
    package var first: Review { reviews[reviews.startIndex] }
    /// Whether the predicted answer recalled the card (anything but Again).
    package var recalled: Bool { current.rating > 1 }
    /// The answers made a day or more after the one before (the target among them).
    package var longTermReviewCount: Int { reviews.count(where: { $0.deltaT > 0 }) }
    /// The first answer made a day or more after the one before.
    package var firstLongTermReview: Review? { reviews.first(where: { $0.deltaT > 0 }) }

    /// The weight of the `i`th of `n` items in time order, by how recent it is:
    /// 0.25 + 0.75·(i/(n−1))³ (fsrs-rs's `recency_weighted_fsrs_items`).
    package static func recencyWeight(_ i: Int, of n: Int) -> Double {
        0.25 + 0.75 * pow(Double(i) / Double(max(n - 1, 1)), 3)
    }

    /// The items of one card's answers (grades, and each answer's study day), in order: one for
    /// each answer after the first made a day or more after the one before it. Answers on the
    /// same day stay in the later items' histories, never predicted (fsrs-rs's rule).
    package static func items(grades: [Int], days: [Int]) -> [(index: Int, item: FSRSItem)] {
        let reviews = grades.indices.map { k in Review(rating: grades[k], deltaT: k == 0 ? 0 : max(0, days[k] - days[k - 1])) }
        return reviews.indices.filter { $0 >= 1 && reviews[$0].deltaT > 0 }.map { k in (k, FSRSItem(reviews: reviews[...k])) }
    }
}
