import CiteFeedSupport

/// The fields of a citation a change sets; `nil` is "not part of this change".
package struct CitationFields: Equatable, Sendable {
    package var text: String?
    /// `.some(nil)`: removed.
    package var back: String??
    package var author: String??
    package var source: String??
    package var favourite: Bool?
    /// `.some(nil)`: restored.
    package var archived: Timestamp??
    /// The mark of `card`/`uncard`; `.some(nil)`: no mark (a card when it has a back).
    package var card: Bool??
    package var created: Timestamp?
    /// Tag key → whether the citation has it.
    package var tags: [String: Bool] = [:]

    package init() {}

    package var isEmpty: Bool { self == CitationFields() }

    /// Only the fields named in `names` (as `names` writes them): a tag named and not set is
    /// `false` (the citation no longer has it).
    package func restricted(to names: Set<String>) -> CitationFields {
        var f = CitationFields()
        for name in names {
            switch name {
            case "text": f.text = text
            case "back": f.back = back
            case "author": f.author = author
            case "source": f.source = source
            case "favourite": f.favourite = favourite
            case "archived": f.archived = archived
            case "card": f.card = card
            case "created": f.created = created
            default:
                if name.hasPrefix("tag:") {
                    let key = String(name.dropFirst(4))
                    f.tags[key] = tags[key] ?? false
                }
            }
        }
        return f
    }

    /// The names of the fields set, as written (`tag:KEY` for tags).
    package var names: [String] {
        var names: [String] = []
        if text != nil { names.append("text") }
        if back != nil { names.append("back") }
        if author != nil { names.append("author") }
        if source != nil { names.append("source") }
        if favourite != nil { names.append("favourite") }
        if archived != nil { names.append("archived") }
        if card != nil { names.append("card") }
        if created != nil { names.append("created") }
        names += tags.keys.sorted().map { "tag:" + $0 }
        return names
    }
}

extension CitationFields {
    /// Sets the field `name` (as `names` writes it) to `other`'s.
    package mutating func take(_ name: String, from other: CitationFields) {
        switch name {
        case "text": text = other.text
        case "back": back = other.back
        case "author": author = other.author
        case "source": source = other.source
        case "favourite": favourite = other.favourite
        case "archived": archived = other.archived
        case "card": card = other.card
        case "created": created = other.created
        default:
            if name.hasPrefix("tag:") {
                let key = String(name.dropFirst(4))
                tags[key] = other.tags[key]
            }
        }
    }
}
