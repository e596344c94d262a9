import CiteFeedSupport

/// What is shown now: the slot, and the pick (`nil` when nothing is eligible).
public struct RotationState: Sendable, Equatable {
    public var slot: Slot
    public var pick: Pick?

    package init(slot: Slot, pick: Pick? = nil) {
        self.slot = slot
        self.pick = pick
    }
}
