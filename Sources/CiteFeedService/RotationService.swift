import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedStore
import CiteFeedSupport

/// The rotation of a library under some settings at one moment: makes the picks that
/// the README's "Rotation, status and feeds" describes, records them in the history and writes the outputs. It reads
/// through the `Library`, lets the pure `SlotClock`, `RotationStep` and `Rotator` decide, and
/// writes through the `Library` again; the outputs are rendered by `OutputSet` from a value and
/// written by `OutputDirectory`. Every method runs in a write transaction (a savepoint inside a
/// command's own), so concurrent processes make exactly one pick per slot.
package struct RotationService {
    package let library: Library
    package let settings: Settings
    package let now: Timestamp
    /// The rotation's slots, cut to its active hours and days.
    package let timetable: Timetable
    /// The rotation's name; "" for the unnamed default rotation.
    package let name: String

    package init(library: Library, settings: Settings, now: Timestamp, name: String = "") {
        self.library = library
        self.settings = settings
        self.now = now
        self.name = name
        timetable = Timetable(settings)
    }

    func rotator() throws -> Rotator {
        Rotator(seed: try settings.seed ?? library.seed(), favouriteWeight: settings.favouriteWeight)
    }

    /// The pick of the current slot, if one was made and is still eligible.
    func shown(in slot: Slot) throws -> Pick? {
        guard let latest = try library.latestPick(rotation: name), latest.isShown(in: slot) else { return nil }
        return try library.isEligible(latest.snapshot.id, settings) ? latest : nil
    }

    /// Makes sure the current slot has a pick (`rotate`, and `status` in a slot without one).
    /// Returns the state and whether a pick was made.
    package func ensureCurrent() throws -> (state: RotationState, picked: Bool) {
        try library.write {
            let (slot, whole, active) = timetable.slot(at: now)
            let clockSlot = timetable.counted(whole)
            let latest = try library.latestPick(rotation: name)
            // Outside the active hours and days the last pick stays, whatever slot it was of.
            if !active { return (RotationState(slot: slot, pick: latest), false) }
            let eligible = try latest.map { $0.isShown(in: clockSlot) ? try library.isEligible($0.snapshot.id, settings) : false } ?? false
            switch RotationStep.current(slot: clockSlot, latest: latest, latestIsEligible: eligible, now: now, activeFrom: slot.start) {
            case .keep:
                return (RotationState(slot: slot, pick: latest), false)
            case .pick(let time, let reason):
                let pick = try pickNext(slot: clockSlot, at: time, reason: reason)
                return (RotationState(slot: slot, pick: pick), pick != nil)
            }
        }
    }

    /// A new pick now, out of turn (`next`).
    package func next() throws -> RotationState {
        try library.write {
            let (slot, clockSlot, _) = timetable.slot(at: now)
            return RotationState(slot: slot, pick: try pickNext(slot: clockSlot, at: now, reason: .next))
        }
    }

    /// After a change to the library or the settings: keeps the shown pick and its snapshot
    /// right. When the shown citation became ineligible (or the slot had nothing to show and
    /// now has), picks anew at once. Returns `nil` when nothing was ever picked (rotation unused).
    package func refresh() throws -> RotationState? {
        try library.write { () throws -> RotationState? in
            let (slot, whole, active) = timetable.slot(at: now)
            let clockSlot = timetable.counted(whole)
            let latest = try library.latestPick(rotation: name)
            guard let latest, latest.isShown(in: clockSlot) || !active else {
                // No pick in this slot. If a rotation found nothing to show here, the change may
                // have made something eligible; otherwise `status` or `rotate` picks when asked.
                if let since = try library.emptySince(rotation: name) {
                    return since >= slot.start ? try ensureCurrent().state : RotationState(slot: timetable.slot(at: since).slot, pick: nil)
                }
                return latest.map { RotationState(slot: timetable.slot(at: $0.pickedAt).slot, pick: $0) }
            }
            // Even outside the active times: a citation archived, deleted or filtered out leaves
            // the bar at once.
            guard try library.isEligible(latest.snapshot.id, settings) else {
                return RotationState(slot: slot, pick: try pickNext(slot: clockSlot, at: now, reason: .repick))
            }
            let snapshot = PickSnapshot(try library.citation(id: latest.snapshot.id))
            var pick = latest
            if snapshot != latest.snapshot {
                try library.updateSnapshot(pickID: latest.id, snapshot)
                pick.snapshot = snapshot
            }
            return RotationState(slot: slot, pick: pick)
        }
    }

    /// Chooses and records the next pick; `nil` (and a note of it) when nothing is eligible.
    private func pickNext(slot: Slot, at time: Timestamp, reason: Pick.Reason) throws -> Pick? {
        let entries = try library.eligibleEntries(settings, rotation: name)
        guard let (id, cycle) = try rotator().next(entries, try library.cycleState(rotation: name)) else {
            try library.setEmptySince(time, rotation: name)
            return nil
        }
        try library.setEmptySince(nil, rotation: name)
        return try library.insertPick(try library.citation(id: id), slot: slot, at: time, cycle: cycle, reason: reason, rotation: name)
    }

    /// The next `count` picks as things stand, with their slots and each citation's showings
    /// per cycle (its weight, times `favouriteWeight` for a favourite): what `rotate` will do
    /// if nothing changes. The current slot comes first when it has no pick yet.
    package func upcoming(_ count: Int) throws -> [(slot: Slot, citation: Citation, weight: Int)] {
        var (slot, whole, active) = timetable.slot(at: now)
        let picked = try shown(in: timetable.counted(whole)) != nil
        // Before the active time of a slot without a pick, the pick comes when it begins.
        if !active {
            slot = picked ? timetable.nextActive(after: slot) : timetable.nextActivePiece(after: slot)
        } else if picked {
            slot = timetable.nextActive(after: slot)
        }
        let rotator = try rotator()
        let entries = try library.eligibleEntries(settings, store: false, rotation: name)
        let weights = Dictionary(entries.map { ($0.id, rotator.quota($0)) }, uniquingKeysWith: { a, _ in a })
        var result: [(Slot, Citation, Int)] = []
        for (id, _) in rotator.upcoming(entries, try library.cycleState(rotation: name), count: count) {
            result.append((slot, try library.citation(id: id), weights[id] ?? 1))
            slot = timetable.nextActive(after: slot)
        }
        return result
    }

    /// Renders the outputs of a rotation in review mode: the bar's card and the feeds
    /// of the answers given; writes them and the saved state. Returns the names written.
    @discardableResult
    package func publishReview(_ current: CurrentFile, directory: String, currentFile: String, version: String) throws
        -> OutputDirectory.Written
    {
        let pick = current.pick.map {
            Pick(id: 0, slot: current.slot, pickedAt: current.slot.start, cycle: 0, reason: .rotate, snapshot: $0)
        }
        var input = OutputInput(
            state: RotationState(slot: current.slot, pick: pick), picks: try library.recentReviewPicks(limit: settings.feedItems),
            settings: settings, outputDirectory: directory, libraryUUID: try library.rotationUUID(name),
            libraryCreated: try library.createdAt(),
            version: version)
        input.review = current.review
        let written = try OutputDirectory(path: directory).write(OutputSet.render(input))
        try OutputDirectory.writeCurrent(current, to: currentFile)
        return written
    }

    /// Renders the outputs of `state` and writes those that changed into `directory`, and the
    /// saved state into `currentFile`; returns the names written.
    @discardableResult
    package func publish(_ state: RotationState, directory: String, currentFile: String, version: String) throws -> OutputDirectory.Written
    {
        let input = OutputInput(
            state: state, picks: try library.recentPicks(limit: settings.feedItems, rotation: name), settings: settings,
            outputDirectory: directory,
            libraryUUID: try library.rotationUUID(name), libraryCreated: try library.createdAt(), version: version)
        let written = try OutputDirectory(path: directory).write(OutputSet.render(input))
        try OutputDirectory.writeCurrent(CurrentFile(slot: state.slot, pick: state.pick?.snapshot), to: currentFile)
        return written
    }
}
