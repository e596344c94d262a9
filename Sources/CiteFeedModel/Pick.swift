import CiteFeedSupport

/// One entry of the history: a citation shown from `pickedAt`.
package struct Pick: Hashable, Sendable {
    package enum Reason: String, Sendable {
        /// The pick of a slot, by `rotate` or `status`.
        case rotate
        /// Out of turn, by `next`.
        case next
        /// The shown citation stopped being eligible (archived, untagged, a setting changed).
        case repick
    }

    package var id: Int64
    /// The slot it was picked for.
    package var slot: Slot
    /// The slot start, or the moment of `next` or of a repick: the item's date in the feeds.
    package var pickedAt: Timestamp
    package var cycle: Int64
    package var reason: Reason
    package var snapshot: PickSnapshot

    /// Whether this pick (the newest) is the one of `slot`: made in it, or at its start (also
    /// for a slot of another interval that holds it, after `defaults write interval`). A pick
    /// made for a slot after this one (by a run whose clock was ahead) is not: the rotation goes
    /// on from now instead of waiting for that date.
    package func isShown(in slot: Slot) -> Bool {
        pickedAt >= slot.start && self.slot.start < slot.end
    }

    package init(id: Int64, slot: Slot, pickedAt: Timestamp, cycle: Int64, reason: Reason, snapshot: PickSnapshot) {
        self.id = id
        self.slot = slot
        self.pickedAt = pickedAt
        self.cycle = cycle
        self.reason = reason
        self.snapshot = snapshot
    }
}
