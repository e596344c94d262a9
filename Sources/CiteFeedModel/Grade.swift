import CiteFeedSupport

/// An answer to a card, as Anki names them; the raw value is FSRS's rating.
package enum Grade: Int, CaseIterable, Sendable {
    case again = 1, hard, good, easy

    package var name: String { String(describing: self) }

    /// `again`, `a`, `1`, and so on (the study keys and `citefeed grade`).
    package init?(word: String) {
        switch word.lowercased() {
        case "again", "a", "1": self = .again
        case "hard", "h", "2": self = .hard
        case "good", "g", "3": self = .good
        case "easy", "e", "4": self = .easy
        default: return nil
        }
    }
}
