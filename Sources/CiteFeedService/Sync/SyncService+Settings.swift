import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Settings and picks through sync (ARCHITECTURE.md, "Sync"): the synced settings of each
/// rotation compared with the synced copy, each difference a change; other machines' changes
/// kept in the copy (`SyncApplier`) and handed back to be written to settings.json under its lock.
extension SyncService {
    /// A setting to write to settings.json (`value` nil: back to its default).
    package struct SettingWrite: Equatable, Sendable {
        package var rotation: String
        package var key: SettingKey
        package var value: JSONValue?
    }

    /// The synced keys a rotation may set.
    static func syncedKeys(_ rotation: String) -> [SettingKey] {
        SettingKey.allCases.filter { SettingKey.synced.contains($0) && (rotation.isEmpty || !$0.isStudy) }
    }

    /// This machine's settings that differ from the synced copy, as changes; a rotation met for
    /// the first time here takes what the other machines set for it.
    func captureSettings(machine: String, emit: (SyncChange, _ entity: SyncEntity, _ field: String) throws -> Void) throws -> [SettingWrite]
    {
        var writes: [SettingWrite] = []
        let copy = try library.syncedSettings()
        for (rotation, values) in localSettings.sorted(by: { $0.key < $1.key }) {
            let held = copy[rotation] ?? [:]
            let firstTime = held[""] == nil
            for key in SyncService.syncedKeys(rotation) {
                let local = values[key.rawValue]
                if firstTime, let kept = held[key.rawValue] {
                    if kept != local { writes.append(SettingWrite(rotation: rotation, key: key, value: kept)) }
                    continue
                }
                if firstTime ? local != nil : local != (held[key.rawValue] ?? nil) {
                    try emit(.setting(key: key.rawValue, rotation: rotation, value: local), .settings(rotation), key.rawValue)
                    try library.saveSyncedSetting(rotation: rotation, key: key.rawValue, local)
                }
            }
            if firstTime { try library.saveSyncedSetting(rotation: rotation, key: "", nil) }
        }
        if copy[""]?[SyncChange.librarySeed] == nil {
            let seed = JSONValue.int(try library.seed())
            try emit(.setting(key: SyncChange.librarySeed, rotation: "", value: seed), .settings(""), SyncChange.librarySeed)
            try library.saveSyncedSetting(rotation: "", key: SyncChange.librarySeed, seed)
        }
        return writes
    }

    /// This machine's picks since the last sync, as changes.
    func capturePicks(machine: String, emit: (SyncChange) throws -> (seq: Int64, clock: SyncClock)) throws {
        for local in try library.unsyncedPicks() {
            let (seq, clock) = try emit(.pick(local.pick))
            try library.setPickSyncID(local.pickID, "\(machine):\(seq)", clock: clock)
        }
    }
}

extension Home {
    /// Writes what sync brought to settings.json (inside `SettingsFile.editing`): each value
    /// that fits with the others; one that does not (an offset longer than a new interval) is
    /// left out and named in the report.
    func write(_ writes: [SyncService.SettingWrite], to file: SettingsFile) throws -> [String] {
        var refused: [String] = []
        for write in writes {
            do {
                _ = try file.settings(applying: write.key, write.value, rotation: write.rotation)
                if let value = write.value {
                    try file.write(write.key, value, rotation: write.rotation)
                } else {
                    try file.delete(write.key, rotation: write.rotation)
                }
            } catch {
                refused.append((write.rotation.isEmpty ? "" : write.rotation + ": ") + write.key.rawValue)
            }
        }
        return refused
    }
}
