import CiteFeedExchange
import CiteFeedModel
import CiteFeedPicture
import CiteFeedStore
import CiteFeedSupport

/// What writing one reader's sleep-screen pictures did.
package struct SleepScreens: Sendable {
    package var device: ReaderDevice
    package var size: PictureSize
    /// Pictures written (new or changed), and those already as they should be.
    package var written: Int
    package var unchanged: Int
    /// Pictures of citefeed's removed because fewer are wanted now.
    package var removed: Int
    /// Names citefeed would have written that hold files it did not write.
    package var leftAlone: [String]
}
