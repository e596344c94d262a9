import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// What capturing this machine's changes and applying other machines' lines leave to do once a
/// piece of lines is applied (`SyncApplier.settle`, `SyncService.conclude`): cards to replay,
/// picks to put in order, settings to write, citations new here to write in bulk, and what the
/// report tells of deletions.
struct SyncEffects {
    /// The cards whose answers changed (their citations' ids), replayed by `CardReplay`.
    var replay: Set<Int64> = []
    /// Rotation → the first slot whose picks are to be put in order.
    var picks: [String: Timestamp] = [:]
    var writes: [SyncService.SettingWrite] = []
    /// Citations new here, merged in memory and written in one bulk load (`insertSynced`),
    /// in the order their first lines came (the order their machines made them).
    var fresh: [String: Library.NewSynced] = [:]
    var freshOrder: [String] = []
    /// Lines of answers and picks of those citations, applied once they are written.
    var afterFresh: [(line: SyncLine, machine: String)] = []
    /// The citations this machine changed in this sync (their uuids), and those of them
    /// another machine's deletion then took: this machine's edits dropped.
    var editedHere: Set<String> = []
    var dropped: [SyncService.DroppedEdit] = []
    /// Citations here that other machines' deletions took, by machine.
    var deletedBy: [String: Int] = [:]
}
