import CiteFeedSupport

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
