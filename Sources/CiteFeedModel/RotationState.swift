import CiteFeedSupport

/// What is shown now: the slot, and the pick (`nil` when nothing is eligible).
package struct RotationState: Sendable, Equatable {
    package var slot: Slot
    package var pick: Pick?

    package init(slot: Slot, pick: Pick? = nil) {
        self.slot = slot
        self.pick = pick
    }
}
