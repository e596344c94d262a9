import CiteFeedSupport

/// What `citefeed stats` reports.
public struct StudyStats: Equatable, Sendable {
    public struct Period: Equatable, Sendable {
        public var days: Int
        public var answers: Int
        /// Answers to cards in review.
        public var reviewAnswers: Int
        /// Of those, not Again.
        public var recalled: Int
        /// `recalled / reviewAnswers`; `nil` without review answers.
        public var retention: Double? { reviewAnswers == 0 ? nil : Double(recalled) / Double(reviewAnswers) }

        package init(days: Int, answers: Int, reviewAnswers: Int, recalled: Int) {
            self.days = days
            self.answers = answers
            self.reviewAnswers = reviewAnswers
            self.recalled = recalled
        }
    }

    public var byState: [CardPhase: Int]
    public var suspended: Int
    public var dueToday: Int
    public var dueWeek: Int
    /// Today, the last 7 days and the last 30 days (study days).
    public var periods: [Period]
    /// Study days in a row with answers, up to today (or yesterday, while today has none yet).
    public var streak: Int

    package init(byState: [CardPhase: Int], suspended: Int, dueToday: Int, dueWeek: Int, periods: [Period], streak: Int) {
        self.byState = byState
        self.suspended = suspended
        self.dueToday = dueToday
        self.dueWeek = dueWeek
        self.periods = periods
        self.streak = streak
    }
}
