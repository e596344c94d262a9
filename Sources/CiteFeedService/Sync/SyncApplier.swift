import CiteFeedCore
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Other machines' lines applied here (ARCHITECTURE.md, "Sync", "The merge"), in the caller's
/// transaction: each line where it wins its registers, a line about a citation not here yet
/// kept waiting for it, and what is left to do gathered in `SyncEffects` until the piece's
/// lines are all applied (`settle`).
struct SyncApplier {
    let library: Library
    let now: Timestamp
    /// The keys each rotation sets in settings.json, as written (`SyncService.localSettings`):
    /// a setting of a rotation this machine does not have stays in the synced copy only.
    let localSettings: [String: [String: JSONValue]]

    func apply(_ line: SyncLine, from machine: String, effects: inout SyncEffects) throws {
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
                    effects.dropped.append(SyncService.DroppedEdit(id: id, machine: machine, clock: line.clock))
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

    /// What a piece's lines left to do: the citations new here written in bulk, then the
    /// answers and picks of them, the changes that waited for a citation that is here now,
    /// and the picks of each rotation put in order.
    func settle(_ effects: inout SyncEffects) throws {
        repeat {
            try library.insertSynced(effects.freshOrder.compactMap { uuid in effects.fresh.removeValue(forKey: uuid).map { (uuid, $0) } })
            effects.fresh = [:]
            effects.freshOrder = []
            let afterFresh = effects.afterFresh
            effects.afterFresh = []
            try applyAfterFresh(afterFresh, effects: &effects)
            for (other, text) in try library.takeReadyWaiting() {
                if let json = try? JSONParser.parse(text), let line = try? SyncLine(json: json, machine: other) {
                    try apply(line, from: other, effects: &effects)
                }
            }
        } while !effects.fresh.isEmpty
        for (rotation, from) in effects.picks.sorted(by: { $0.key < $1.key }) { try library.orderPicks(rotation: rotation, from: from) }
        effects.picks = [:]
    }

    /// The answers and picks of the citations just written: the answers all together (a
    /// joining machine's 18,000), as `apply` would add them one by one.
    private func applyAfterFresh(_ lines: [(line: SyncLine, machine: String)], effects: inout SyncEffects) throws {
        var answers: [Library.SyncedAnswer] = []
        var answerLines: [(line: SyncLine, machine: String)] = []
        for (line, machine) in lines {
            if case .answer(let uuid, let id, let at, let grade) = line.change {
                answers.append(Library.SyncedAnswer(uuid: uuid, id: id, at: at, grade: grade, clock: line.clock))
                answerLines.append((line, machine))
            } else {
                try apply(line, from: machine, effects: &effects)
            }
        }
        let (added, waiting) = try library.applyAnswers(answers)
        effects.replay.formUnion(added)
        for i in waiting {
            let (line, machine) = answerLines[i]
            try library.keepWaiting(machine: machine, seq: line.seq, uuid: answers[i].uuid, line: line.text)
        }
    }

    /// Applies another machine's setting where it wins its register; what to write.
    private func applySetting(key: String, rotation: String, value: JSONValue?, clock: SyncClock) throws -> SyncService.SettingWrite? {
        let entity = SyncEntity.settings(rotation)
        var registers = try library.registerClocks(entity)
        if key == SyncChange.librarySeed {
            // The first seed made stands: the least clock.
            if let held = registers.clock(of: key), held <= clock { return nil }
            registers.fields[key] = clock
            try library.saveRegisterClocks(entity, registers)
            if case .int(let seed)? = value { try library.setLibrarySeed(seed) }
            try library.saveSyncedSetting(rotation: "", key: key, value)
            return nil
        }
        guard registers.take(key, clock), let setting = SettingKey(rawValue: key) else { return nil }
        try library.saveRegisterClocks(entity, registers)
        try library.saveSyncedSetting(rotation: rotation, key: key, value)
        // A rotation this machine does not have keeps the value in the copy, for when it is made.
        guard localSettings[rotation] != nil else { return nil }
        return SyncService.SettingWrite(rotation: rotation, key: setting, value: value)
    }
}
