import CiteFeedModel
import CiteFeedSupport

extension Library {
    /// The citation a review log's `card_id` names, by its id (digits) or its uuid: with when it
    /// was made and whether it is a card; `nil` when the library has none.
    package func revlogCard(_ key: String) throws(StoreError) -> (id: Int64, createdAt: Timestamp, isCard: Bool)? {
        try mapped {
            let (column, value): (String, SQLValue) = Int64(key).map { ("c.id", .int($0)) } ?? ("c.uuid", .text(key.lowercased()))
            return try db.query(
                "SELECT c.id, c.created_at, coalesce(k.is_card, 0) FROM citations c LEFT JOIN cards k ON k.citation_id = c.id WHERE \(column) = ?",
                [value]
            ) { (id: $0.int(0), createdAt: Timestamp(seconds: $0.int(1)), isCard: $0.int(2) != 0) }.first
        }
    }

    /// Adds `answers` to the log of their cards, each unless the card already has an answer with
    /// the same time and grade (a log imported twice adds nothing). The state before each is
    /// left for the replay that follows (`CardReplay`) to write. Returns how many were added.
    package func addAnswers(_ answers: [(citationID: Int64, at: Timestamp, grade: Grade)]) throws(StoreError) -> Int {
        try mapped {
            // The answers the cards have, read once per card (a lookup per answer would read a
            // card's whole log each time: a log of one card's 100,000 answers, quadratic).
            struct Answer: Hashable {
                var citation: Int64, at: Int64, grade: Int
            }
            var known: Set<Answer> = []
            let read = try db.prepare("SELECT reviewed_at, grade FROM reviews WHERE citation_id = ?")
            for id in Set(answers.map(\.citationID)) {
                try read.bind([.int(id)])
                while try read.step() { known.insert(Answer(citation: id, at: read.int(0), grade: Int(read.int(1)))) }
                read.reset()
            }
            let insert = try db.prepare(
                "INSERT INTO reviews (citation_id, reviewed_at, grade, elapsed_days, state_before, card_before) VALUES (?, ?, ?, 0, 'new', ?)"
            )
            let newCard = JSONWriter.compact(CardJSON.object(CardRecord(citationID: 0, card: CardState(due: Timestamp(seconds: 0)))))
            var added = 0
            for answer in answers {
                guard known.insert(Answer(citation: answer.citationID, at: answer.at.seconds, grade: answer.grade.rawValue)).inserted
                else { continue }
                try insert.bind([.int(answer.citationID), .int(answer.at.seconds), .int(Int64(answer.grade.rawValue)), .text(newCard)])
                _ = try insert.step()
                insert.reset()
                added += 1
            }
            return added
        }
    }
}
