/// FSRS's parameters fitted to one deck's answers (`citefeed optimize --tag DECK`): a card
/// with the tag `tag` is scheduled with them instead of the library's (`studyParameters`). A
/// card in several fitted decks takes the parameters of the deck whose name sorts first.
package struct DeckParameters: Equatable, Sendable {
    /// The deck's tag, as it was named when fitted.
    package var tag: String
    /// 21 numbers within FSRS's bounds.
    package var parameters: [Double]

    package init(tag: String, parameters: [Double]) {
        self.tag = tag
        self.parameters = parameters
    }
}
