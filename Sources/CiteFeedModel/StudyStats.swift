import CiteFeedSupport

/// What `citefeed stats` reports.
package struct StudyStats: Equatable, Sendable {
    package struct Period: Equatable, Sendable {
        package var days: Int
        package var answers: Int
        /// Answers to cards in review.
        package var reviewAnswers: Int
        /// Of those, not Again.
        package var recalled: Int
        /// `recalled / reviewAnswers`; `nil` without review answers.
        package var retention: Double? { reviewAnswers == 0 ? nil : Double(recalled) / Double(reviewAnswers) }

        package init(days: Int, answers: Int, reviewAnswers: Int, recalled: Int) {
            self.days = days
            self.answers = answers
            self.reviewAnswers = reviewAnswers
            self.recalled = recalled
        }
    }

    /// The answers to cards in review in one calendar month (local time), and how many were
    /// not Again: the true retention, to hold against the desired one.
    package struct Month: Equatable, Sendable {
        /// `2026-03`.
        package var month: String
        package var reviewAnswers: Int
        package var recalled: Int
        package var retention: Double { reviewAnswers == 0 ? 0 : Double(recalled) / Double(reviewAnswers) }

        package init(month: String, reviewAnswers: Int, recalled: Int) {
            self.month = month
            self.reviewAnswers = reviewAnswers
            self.recalled = recalled
        }
    }

    package var byState: [CardPhase: Int]
    package var suspended: Int
    package var dueToday: Int
    package var dueWeek: Int
    /// Today, the last 7 days and the last 30 days (study days).
    package var periods: [Period]
    /// Study days in a row with answers, up to today (or yesterday, while today has none yet).
    package var streak: Int
    /// The cards due on each of the next 30 study days, today first (with the overdue ones).
    package var dueByDay: [Int] = []
    /// Oldest first, each month with answers to cards in review.
    package var months: [Month] = []
    package var desiredRetention = 0.9

    package init(byState: [CardPhase: Int], suspended: Int, dueToday: Int, dueWeek: Int, periods: [Period], streak: Int) {
        self.byState = byState
        self.suspended = suspended
        self.dueToday = dueToday
        self.dueWeek = dueWeek
        self.periods = periods
        self.streak = streak
    }
}
