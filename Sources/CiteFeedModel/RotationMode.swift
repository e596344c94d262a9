import CiteFeedSupport

/// What a rotation shows: a citation per slot, or the cards to review.
package enum RotationMode: String, CaseIterable, Sendable {
    case rotate, review
}
