import CiteFeedModel

/// The card's content, from a citation.
package struct CardContent: Sendable, Equatable {
    package var text: String
    /// "— Author, Source", or `nil`.
    package var attribution: String?
    package var tags: [Tag]
    package var favourite: Bool

    package init(text: String, attribution: String? = nil, tags: [Tag] = [], favourite: Bool = false) {
        self.text = text
        self.attribution = attribution
        self.tags = tags
        self.favourite = favourite
    }

    package init(_ citation: Citation) { self.init(PickSnapshot(citation)) }

    /// A citation as it was picked.
    package init(_ pick: PickSnapshot) {
        let parts = [pick.author, pick.source].compactMap { $0 }.filter { !$0.isEmpty }
        self.init(
            text: pick.text, attribution: parts.isEmpty ? nil : "— " + parts.joined(separator: ", "), tags: pick.tags,
            favourite: pick.favourite)
    }
}
