import CiteFeedModel
import CiteFeedSupport

/// What FSRS predicts a learner's days to hold for a desired retention (`stats --simulate`), as
/// fsrs-rs's `simulate` does for Anki's "help me decide": every card past new is carried day
/// by day, reviewed when due, recalled with the probability FSRS gives it then, graded as
/// fsrs-rs's defaults grade (recalled: Hard 22.4%, Good 63.2%, Easy 14.4%; a first answer:
/// Again 24%, Hard 9.4%, Good 49.5%, Easy 17.1%), and rescheduled for the retention;
/// `newPerDay` new cards start each day while there are any. A learning or relearning step is
/// one answer more that day. Seeded: the same library gives the same figures.
package struct FSRSSimulator {
    /// The library's scheduler (its parameters, steps and maximum interval).
    package var fsrs: FSRS
    package var newPerDay: Int
    package var days = 365

    static let firstGrades: [(Grade, Double)] = [(.again, 0.24), (.hard, 0.094), (.good, 0.495), (.easy, 0.171)]
    static let recalledGrades: [(Grade, Double)] = [(.hard, 0.224), (.good, 0.632), (.easy, 0.144)]

    package init(fsrs: FSRS, newPerDay: Int) {
        self.fsrs = fsrs
        self.newPerDay = newPerDay
    }

    /// What the days ahead hold.
    package struct Outcome: Equatable, Sendable {
        package var retention: Double
        /// Answers on each day, from today.
        package var answers: [Int]
        /// The cards expected to be recalled on the last day (the sum of their retrievability).
        package var memorised: Double

        /// The mean answers a day over the first `days`.
        package func perDay(first days: Int) -> Double {
            let span = answers.prefix(days)
            return span.isEmpty ? 0 : Double(span.reduce(0, +)) / Double(span.count)
        }
    }

    /// The days from `today` (the start of the study day) for `retention`, from `cards` (past
    /// new) and `newCards` waiting.
    package func run(cards: [CardState], newCards: Int, retention: Double, today: Timestamp, seed: UInt64 = 20_261_128) -> Outcome {
        var scheduler = fsrs
        scheduler.desiredRetention = retention
        // Steps are answers counted on the day; the memory moves as FSRS moves it between days.
        let learningAnswers = fsrs.learningSteps.count, relearningAnswers = fsrs.relearningSteps.count
        scheduler.learningSteps = []
        scheduler.relearningSteps = []
        var random = SplitMix64(seed: seed)
        var cards = cards
        var due = [[Int]](repeating: [], count: days)
        func noon(_ day: Int) -> Timestamp { Timestamp(seconds: today.seconds + Int64(day) * 86400 + 43200) }
        func dayOf(_ t: Timestamp) -> Int { Int(max(0, (t.seconds - today.seconds).floorDivided(by: 86400))) }
        func draw(_ choices: [(Grade, Double)]) -> Grade {
            var left = Double.random(in: 0..<1, using: &random)
            for (grade, p) in choices {
                if left < p { return grade }
                left -= p
            }
            return choices.last!.0
        }
        for (i, card) in cards.enumerated() where dayOf(card.due) < days { due[dayOf(card.due)].append(i) }
        var answers = [Int](repeating: 0, count: days)
        var waiting = newCards
        for day in 0..<days {
            let time = noon(day)
            for i in due[day] {
                let recalled = Double.random(in: 0..<1, using: &random) < scheduler.retrievability(cards[i], at: time)
                let grade = recalled ? draw(Self.recalledGrades) : .again
                answers[day] += 1 + (recalled ? 0 : relearningAnswers)
                cards[i] = scheduler.review(cards[i], grade, at: time)
                let next = dayOf(cards[i].due)
                if next < days { due[max(next, day + 1)].append(i) }
            }
            let starting = min(newPerDay, waiting)
            waiting -= starting
            for _ in 0..<starting {
                let grade = draw(Self.firstGrades)
                answers[day] += 1 + (grade == .easy ? 0 : learningAnswers)
                cards.append(scheduler.review(CardState(due: time), grade, at: time))
                let next = dayOf(cards[cards.count - 1].due)
                if next < days { due[max(next, day + 1)].append(cards.count - 1) }
            }
        }
        let end = noon(days - 1)
        let memorised = cards.reduce(0) { $0 + scheduler.retrievability($1, at: end) }
        return Outcome(retention: retention, answers: answers, memorised: memorised)
    }
}
