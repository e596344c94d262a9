/// A rotation slot: `[start, end)` in UTC seconds.
public struct Slot: Hashable, Sendable {
    public var start: Timestamp
    public var end: Timestamp
}

/// What is shown now: the slot, and the pick (`nil` when nothing is eligible).
public struct RotationState: Sendable, Equatable {
    public var slot: Slot
    public var pick: Pick?
}
