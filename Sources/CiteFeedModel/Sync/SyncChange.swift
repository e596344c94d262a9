import CiteFeedSupport

/// What one line of a machine's log changes.
package enum SyncChange: Equatable, Sendable {
    /// A citation's fields (some or all), each a register.
    case citation(uuid: String, fields: CitationFields)
    /// A citation deleted for good.
    case deleted(uuid: String)
    /// A tag's name, colour or whether it was made (`tag add`, true) or deleted (false);
    /// `key`: `Tag.key` of its name.
    case tag(key: String, name: String?, color: String?, live: Bool?)
    /// A flashcard answer: `id` is `MACHINE:SEQ` of the line that made it.
    case answer(uuid: String, id: String, at: Timestamp, grade: Int)
    /// An answer undone, for good.
    case undo(id: String)
    /// A pick of a rotation ("" is the default rotation).
    case pick(SyncPick)
    /// A synced setting of a rotation ("" for the default rotation and the study settings);
    /// `nil`: back to its default.
    case setting(key: String, rotation: String, value: JSONValue?)
    /// What this machine had applied of each other machine (`seen`: machine → seq) when it
    /// wrote, at its wall-clock time `wall`: the evidence of the clock rule.
    case horizon(wall: Timestamp, seen: [String: Int64])
}

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

/// A pick as synced: the citation by uuid, the slot and what the bar showed.
package struct SyncPick: Equatable, Sendable {
    package var rotation: String
    package var slot: Slot
    package var uuid: String
    package var reason: Pick.Reason
    package var pickedAt: Timestamp
    package var cycle: Int64
    package var snapshot: JSONValue

    package init(rotation: String, slot: Slot, uuid: String, reason: Pick.Reason, pickedAt: Timestamp, cycle: Int64, snapshot: JSONValue) {
        self.rotation = rotation
        self.slot = slot
        self.uuid = uuid
        self.reason = reason
        self.pickedAt = pickedAt
        self.cycle = cycle
        self.snapshot = snapshot
    }
}

extension SyncChange {
    /// The key of a `setting` change that carries the library's own seed (the rotation's
    /// order where no `seed` is set); of its values, the first made stands (the least clock).
    package static let librarySeed = "librarySeed"

    /// The machine of an answer's id `MACHINE:SEQ`.
    package static func machine(ofAnswer id: String) -> String { String(id.prefix { $0 != ":" }) }

    /// The change number of an answer's id `MACHINE:SEQ` (0 when it has none).
    package static func seq(ofAnswer id: String) -> Int64 { Int64(id.split(separator: ":").last ?? "") ?? 0 }
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
