import CiteFeedModel
import CiteFeedSupport

/// Everything the outputs of a rotation are made from: a value, so that rendering is a pure
/// function of it (no library, no clock, no file system).
package struct OutputInput: Sendable {
    package var state: RotationState
    /// The newest picks first, at most `feedItems`.
    package var picks: [Pick]
    package var settings: Settings
    /// Where the files go (the feeds' `file://` base URL when `feedURL` is not set).
    package var outputDirectory: String
    package var libraryUUID: String
    package var libraryCreated: Timestamp
    /// The version of citefeed named as the feeds' generator.
    package var version: String
    /// For a rotation in review mode: what its bar shows besides the card.
    package var review: ReviewDisplay?

    package init(
        state: RotationState, picks: [Pick], settings: Settings, outputDirectory: String, libraryUUID: String,
        libraryCreated: Timestamp, version: String
    ) {
        self.state = state
        self.picks = picks
        self.settings = settings
        self.outputDirectory = outputDirectory
        self.libraryUUID = libraryUUID
        self.libraryCreated = libraryCreated
        self.version = version
    }
}
