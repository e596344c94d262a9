import CiteFeedModel
import CiteFeedSupport

/// The rotation's decisions about a slot, from what the history holds: pure, so that the
/// service around them only reads, asks and writes.
package enum RotationStep {
    /// What to do about the current slot.
    package enum Decision: Equatable, Sendable {
        /// The newest pick is this slot's and still eligible: show it.
        case keep
        /// Pick anew, dated `at`, for `reason`.
        case pick(at: Timestamp, reason: Pick.Reason)
    }

    /// `rotate` (and `status` in a slot without a pick): the newest pick stays when it is this
    /// slot's and still eligible; a slot without one gets its pick dated at the slot's start, or
    /// at `activeFrom` when the rotation became active later in the slot; a slot whose pick
    /// stopped being eligible gets a new one now.
    package static func current(slot: Slot, latest: Pick?, latestIsEligible: Bool, now: Timestamp, activeFrom: Timestamp? = nil) -> Decision
    {
        let inSlot = latest?.isShown(in: slot) ?? false
        if inSlot && latestIsEligible { return .keep }
        let start = max(slot.start, activeFrom ?? slot.start)
        return inSlot ? .pick(at: now, reason: .repick) : .pick(at: start, reason: .rotate)
    }
}
