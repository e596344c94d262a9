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

extension SyncChange {
    /// The key of a `setting` change that carries the library's own seed (the rotation's
    /// order where no `seed` is set); of its values, the first made stands (the least clock).
    package static let librarySeed = "librarySeed"

    /// The machine of an answer's id `MACHINE:SEQ`.
    package static func machine(ofAnswer id: String) -> String { String(id.prefix { $0 != ":" }) }

    /// The change number of an answer's id `MACHINE:SEQ` (0 when it has none).
    package static func seq(ofAnswer id: String) -> Int64 { Int64(id.split(separator: ":").last ?? "") ?? 0 }
}
