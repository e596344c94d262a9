import CiteFeedCore
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Another machine's line applied here (ARCHITECTURE.md, "Sync", "The merge"), inside the
/// transaction of `exchange`; what is left to do once every line is read gathers in `Effects`.
extension SyncService {
    /// What applying a line leaves to do once every line is applied.
    struct Effects {
        var replay: Set<Int64> = []
        /// Rotation → the first slot whose picks are to be put in order.
        var picks: [String: Timestamp] = [:]
        var writes: [SettingWrite] = []
        /// Citations new here, merged in memory and written in one bulk load (`insertSynced`),
        /// in the order their first lines came (the order their machines made them).
        var fresh: [String: Library.NewSynced] = [:]
        var freshOrder: [String] = []
        /// Lines of answers and picks of those citations, applied once they are written.
        var afterFresh: [(line: SyncLine, machine: String)] = []
        /// The citations this machine changed in this sync (their uuids), and those of them
        /// another machine's deletion then took: this machine's edits dropped.
        var editedHere: Set<String> = []
        var dropped: [DroppedEdit] = []
        /// Citations here that other machines' deletions took, by machine.
        var deletedBy: [String: Int] = [:]
    }

    /// An edit of this machine's that another machine's deletion dropped.
    package struct DroppedEdit: Equatable, Sendable {
        /// The citation's id here.
        package var id: Int64
        package var machine: String
        /// The deletion's clock: when it was made.
        package var clock: SyncClock
    }

    func apply(_ line: SyncLine, from machine: String, effects: inout Effects) throws {
        switch line.change {
        case .citation(let uuid, let fields):
            var fresh = effects.fresh[uuid] != nil
            if !fresh, fields.text != nil { fresh = try !library.hasCitation(uuid: uuid) && !library.tombstone(uuid) }
            if fresh {
                if effects.fresh[uuid] == nil { effects.freshOrder.append(uuid) }
                effects.fresh[uuid, default: Library.NewSynced()].merge(fields, clock: line.clock)
                return
            }
            if try library.applyCitation(uuid: uuid, fields, clock: line.clock) == .waiting {
                try library.keepWaiting(machine: machine, seq: line.seq, uuid: uuid, line: line.text)
            }
        case .answer(let uuid, let id, let at, let grade):
            // An answer is its machine's own: a line naming another's is not applied.
            guard SyncChange.machine(ofAnswer: id) == machine else { return }
            if effects.fresh[uuid] != nil {
                effects.afterFresh.append((line, machine))
                return
            }
            switch try library.applyAnswer(uuid: uuid, id: id, at: at, grade: grade, clock: line.clock) {
            case .added(let citation): effects.replay.insert(citation)
            case .waiting: try library.keepWaiting(machine: machine, seq: line.seq, uuid: uuid, line: line.text)
            case .unchanged: break
            }
        case .undo(let id):
            guard SyncChange.machine(ofAnswer: id) == machine else { return }
            if let citation = try library.applyUndo(id) { effects.replay.insert(citation) }
        case .deleted(let uuid):
            effects.fresh[uuid] = nil
            let id = try library.citationID(uuid: uuid)
            if try library.applyDelete(uuid: uuid, clock: line.clock, trashedAt: now) == .changed {
                effects.deletedBy[machine, default: 0] += 1
                if let id, effects.editedHere.contains(uuid) {
                    effects.dropped.append(DroppedEdit(id: id, machine: machine, clock: line.clock))
                }
            }
        case .tag(let key, let name, let color, let live):
            _ = try library.applyTag(key: key, name: name, color: color, live: live, clock: line.clock)
        case .horizon(let wall, let seen):
            for (other, n) in seen where other != machine {
                try library.addHorizon(observer: machine, machine: other, seen: n, wall: wall)
                effects.replay.formUnion(try library.capAnswers(machine: other, through: n, at: wall))
            }
        case .pick(let pick):
            if effects.fresh[pick.uuid] != nil {
                effects.afterFresh.append((line, machine))
                return
            }
            switch try library.applyPick(pick, id: "\(machine):\(line.seq)", clock: line.clock) {
            case .added(let rotation, let from): effects.picks[rotation] = min(effects.picks[rotation] ?? from, from)
            case .waiting: try library.keepWaiting(machine: machine, seq: line.seq, uuid: pick.uuid, line: line.text)
            case .unchanged: break
            }
        case .setting(let key, let rotation, let value):
            if let write = try applySetting(key: key, rotation: rotation, value: value, clock: line.clock) { effects.writes.append(write) }
        }
    }
}
