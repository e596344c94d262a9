import CiteFeedModel

/// What `rotate` did for one rotation.
package enum Rotated {
    case rotating(RotationState, Written)
    case reviewing(CurrentFile, Written)
}
