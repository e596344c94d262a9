import Foundation

@testable import CiteFeedCore

/// Review histories of learners whose memory follows FSRS-6 with known parameters, studying
/// with a scheduler that does not know them (FSRS's defaults, as a new user's): each card is
/// first answered on some day, then reviewed at the interval the scheduler gives (with a little
/// fuzz, and late by a few days one time in five), recalled with the true probability
/// of recall, a lapse relearned the same day. The optimizer should find parameters that predict
/// such answers about as well as the true ones, and better than the scheduler's.
struct ReviewSimulator {
    var parameters: [Double]
    var seed: UInt64

    /// One card's answers: grades, and each answer's study day.
    struct Card {
        var id: Int64
        var grades: [Int]
        var days: [Int]
    }

    /// Cards with `answers` answers in all, over about `span` days.
    func cards(answers: Int, span: Int = 400) -> [Card] {
        var random = SeededGenerator(seed: seed)
        let model = FSRSForward(parameters)
        let scheduler = FSRSForward(FSRSParameters.defaults)
        var cards: [Card] = []
        var total = 0
        while total < answers {
            var card = Card(id: Int64(cards.count + 1), grades: [], days: [])
            var day = Int.random(in: 0..<span / 2, using: &random)
            let roll = Double.random(in: 0..<1, using: &random)
            let first = roll < 0.2 ? 1 : roll < 0.3 ? 2 : roll < 0.85 ? 3 : 4
            card.grades.append(first)
            card.days.append(day)
            var state = model.initial(first)
            var scheduled = scheduler.initial(first)
            func answer(_ grade: Int, days: Int, r: Double) {
                state = model.step(state, grade: grade, days: days, r: r)
                scheduled = scheduler.step(
                    scheduled, grade: grade, days: days, r: scheduler.retrievability(days: days, stability: scheduled.s))
                card.grades.append(grade)
                card.days.append(day)
            }
            // A lapse is relearned the same day.
            if first == 1 { answer(3, days: 0, r: 1) }
            while card.grades.count < 30 {
                // The scheduler's interval with a little fuzz; a learner late by a few days one
                // time in five.
                var interval = max(1, Int((scheduled.s * Double.random(in: 0.95..<1.05, using: &random)).rounded()))
                if Double.random(in: 0..<1, using: &random) < 0.2 { interval += Int.random(in: 1...3, using: &random) }
                day += interval
                if day >= span { break }
                let r = model.retrievability(days: interval, stability: state.s)
                let grade: Int
                if Double.random(in: 0..<1, using: &random) < r {
                    let kind = Double.random(in: 0..<1, using: &random)
                    grade = kind < 0.15 ? 2 : kind < 0.9 ? 3 : 4
                } else {
                    grade = 1
                }
                answer(grade, days: interval, r: r)
                if grade == 1 { answer(3, days: 0, r: 1) }
            }
            total += card.grades.count
            cards.append(card)
        }
        return cards
    }

    /// The items of `cards` in the time order of their predicted answers, with their cards.
    static func items(_ cards: [Card]) -> (items: [FSRSItem], cardIDs: [Int64]) {
        var all: [(day: Int, card: Int64, index: Int, item: FSRSItem)] = []
        for card in cards {
            for (index, item) in FSRSItem.items(grades: card.grades, days: card.days) {
                all.append((card.days[index], card.id, index, item))
            }
        }
        all.sort { ($0.day, $0.card, $0.index) < ($1.day, $1.card, $1.index) }
        return (all.map(\.item), all.map(\.card))
    }
}
