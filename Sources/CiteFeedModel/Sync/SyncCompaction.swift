/// Compaction of a machine's own log (ARCHITECTURE.md, "Sync", "Compaction"): the lines that can
/// still matter to a reader, whatever it had read before. A line is dropped only where a later
/// line of the same log makes it useless to every reader: a register set again later (the later
/// line is kept, and a maximum needs only it), a citation deleted for good, an answer undone
/// (its undo is kept: a reader that had the answer needs it). Lines keep their numbers and
/// clocks, so a reader that had applied some of them skips those.
package enum SyncCompaction {
    /// `lines`: this machine's lines, in order; `deleted`: whether a citation is deleted for
    /// good (a tombstone here, from any machine).
    package static func compact(_ lines: [SyncLine], deleted: (String) -> Bool) -> [SyncLine] {
        var last: [String: Int64] = [:]
        var undone: Set<String> = []
        for line in lines {
            switch line.change {
            case .citation(let uuid, let fields): for name in fields.names { last[SyncEntity.citation(uuid).field(name)] = line.seq }
            case .tag(let key, let name, let color, let live):
                if name != nil { last[SyncEntity.tag(key).field("name")] = line.seq }
                if color != nil { last[SyncEntity.tag(key).field("color")] = line.seq }
                if live != nil { last[SyncEntity.tag(key).field("live")] = line.seq }
            case .setting(let key, let rotation, _): last[SyncEntity.settings(rotation).field(key)] = line.seq
            case .undo(let id): undone.insert(id)
            default: break
            }
        }
        var kept: [SyncLine] = []
        for var line in lines {
            switch line.change {
            case .citation(let uuid, let fields):
                if deleted(uuid) { continue }
                let still = Set(fields.names.filter { last[SyncEntity.citation(uuid).field($0)] == line.seq })
                if still.isEmpty { continue }
                line.change = .citation(uuid: uuid, fields: fields.restricted(to: still))
            case .tag(let key, let name, let color, let live):
                func still(_ field: String) -> Bool { last[SyncEntity.tag(key).field(field)] == line.seq }
                let change = SyncChange.tag(
                    key: key, name: still("name") ? name : nil, color: still("color") ? color : nil, live: still("live") ? live : nil)
                if change == .tag(key: key, name: nil, color: nil, live: nil) { continue }
                line.change = change
            case .setting(let key, let rotation, _):
                if last[SyncEntity.settings(rotation).field(key)] != line.seq { continue }
            case .answer(let uuid, let id, _, _):
                if undone.contains(id) || deleted(uuid) { continue }
            case .pick(let pick):
                if deleted(pick.uuid) { continue }
            case .deleted, .undo, .horizon:
                break
            }
            kept.append(line)
        }
        return kept
    }
}
