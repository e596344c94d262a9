import CiteFeedModel
import CiteFeedSupport

extension Library {
    /// The due times of the cards in learning, review or relearning (not archived) due before
    /// `end`, overdue ones too: `stats`' chart of the days ahead.
    package func dueTimes(before end: Timestamp) throws(StoreError) -> [Timestamp] {
        try mapped {
            try db.query(
                "SELECT k.due FROM cards k WHERE \(Library.activeCard) AND k.state != 'new' AND k.due < ?", [.int(end.seconds)]
            ) { Timestamp(seconds: $0.int(0)) }
        }
    }

    /// The answers to cards in review by hour (the counts kept by hour), and how many of them
    /// were not Again: `stats`' true retention by month.
    package func reviewAnswersByHour() throws(StoreError) -> [(hour: Int64, reviewAnswers: Int, recalled: Int)] {
        try mapped {
            try db.query("SELECT hour, review_answers, recalled FROM review_hours WHERE review_answers > 0 ORDER BY hour", []) {
                (hour: $0.int(0), reviewAnswers: Int($0.int(1)), recalled: Int($0.int(2)))
            }
        }
    }

    /// The memory of every card past new and not archived, and how many new cards wait: what
    /// `stats --simulate` starts from.
    package func simulationStart() throws(StoreError) -> (cards: [CardState], newCards: Int) {
        try mapped {
            let cards = try db.query(
                "SELECT \(Library.cardColumns) FROM cards k WHERE \(Library.activeCard) AND k.state != 'new' AND k.stability IS NOT NULL",
                []
            ) { Library.cardRecord($0, at: 0, citationID: 0, dueWhenNew: Timestamp(seconds: 0)).card }
            let new = try db.scalar("SELECT count(*) FROM cards k WHERE \(Library.activeCard) AND k.state = 'new'") ?? 0
            return (cards, Int(new))
        }
    }
}

extension Library {
    /// The tag names of each of the citations `ids` that has any (a card's deck parameters).
    package func tagNames(of ids: Set<Int64>) throws(StoreError) -> [Int64: [String]] {
        try mapped {
            var names: [Int64: [String]] = [:]
            let rows = try db.query(
                "SELECT ct.citation_id, t.name FROM citation_tags ct JOIN tags t ON t.id = ct.tag_id ORDER BY ct.citation_id", []
            ) { ($0.int(0), $0.text(1)) }
            for (id, name) in rows where ids.contains(id) { names[id, default: []].append(name) }
            return names
        }
    }
}
