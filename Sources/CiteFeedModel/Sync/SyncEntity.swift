/// What a sync register or a change waiting to be synced belongs to: a citation (by uuid), a
/// tag (by key), an answer taken back (by its sync id) or a rotation's settings (by name; the
/// default rotation's is ""). Stored as its `key`, a prefix and the name: `c:UUID`, `t:KEY`,
/// `x:ID`, `s:ROTATION` (the library's triggers write the same keys in SQL: `'c:' || uuid`).
package enum SyncEntity: Hashable, Sendable {
    case citation(String)
    case tag(String)
    case undo(String)
    case settings(String)

    /// The key it is stored under.
    package var key: String {
        switch self {
        case .citation(let uuid): return "c:" + uuid
        case .tag(let key): return "t:" + key
        case .undo(let id): return "x:" + id
        case .settings(let rotation): return "s:" + rotation
        }
    }

    /// The entity of a stored `key`; `nil` for a key of no known kind.
    package init?(key: String) {
        guard key.count >= 2, key.dropFirst().first == ":" else { return nil }
        let name = String(key.dropFirst(2))
        switch key.first {
        case "c": self = .citation(name)
        case "t": self = .tag(name)
        case "x": self = .undo(name)
        case "s": self = .settings(name)
        default: return nil
        }
    }

    /// The key of one of its fields in a log being compacted (`SyncCompaction`).
    package func field(_ name: String) -> String { key + "|" + name }
}
