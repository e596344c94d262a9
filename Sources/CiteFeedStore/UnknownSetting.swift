import CiteFeedModel
import CiteFeedSupport

/// A key of the settings file that no setting has (of a rotation's, when `rotation` is set):
/// ignored, and worth a warning.
package struct UnknownSetting: Sendable, Equatable {
    package var path: String
    package var key: String
    package var rotation: String?
}
