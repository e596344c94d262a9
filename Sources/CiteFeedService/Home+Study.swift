import CiteFeedCore
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

extension Home {
    /// A study session on this home's cards: `deck` chooses them (a rotation's filters, or
    /// `study --tag`'s), `clock` is read at every step (a session lasts). Its answers refresh
    /// every review bar, as a change to the library refreshes every rotation.
    package func study(deck: Settings?, clock: @escaping () throws -> Timestamp) throws -> Study {
        Study(home: self, library: try library(), settings: try settings(), deck: deck, clock: clock)
    }
}

/// `Home.study`: the use cases of a study session, each on the library as it is now.
package struct Study {
    let home: Home
    let library: Library
    let settings: Settings
    let deck: Settings?
    let clock: () throws -> Timestamp

    private func service() throws -> StudyService { StudyService(library: library, settings: settings, now: try clock(), deck: deck) }

    /// Whether the library holds any card at all (any deck's).
    package func hasCards() throws -> Bool { try library.cardCounts().byState.values.reduce(0, +) > 0 }

    /// The card to show next, `nil` when none is due.
    package func nextCard() throws -> Int64? { try service().nextCard() }

    package func citation(_ id: Int64) throws -> Citation { try library.citation(id: id) }

    /// What is left today: new, learning and due cards of the deck.
    package func counts() throws -> (new: Int, learning: Int, due: Int) { try service().counts() }

    /// The interval each grade would give the card of citation `id`.
    package func intervals(_ id: Int64) throws -> [(grade: Grade, seconds: Int64)] { try service().intervals(id) }

    /// New cards that wait for another day (`newPerDay`), and that limit.
    package func newHeldBack() throws -> (count: Int, perDay: Int) { (try service().newHeldBack(), settings.newPerDay) }

    /// When the next card of the library is due after now.
    package func nextDue() throws -> Timestamp? { try library.nextDue(after: try clock()) }

    /// Answers the card of citation `id`; returns the answer's id, for `undo`.
    package func grade(_ id: Int64, _ grade: Grade) throws -> Int64 {
        let reviewID = try service().grade(id, grade).reviewID
        try home.refreshReviewRotations()
        return reviewID
    }

    /// Takes the answer `reviewID` back (the card's latest answer only).
    package func undo(_ reviewID: Int64) throws {
        _ = try service().undo(reviewID)
        try home.refreshReviewRotations()
    }
}
