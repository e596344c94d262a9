import CiteFeedExchange
import CiteFeedModel
import CiteFeedPicture
import CiteFeedStore
import CiteFeedSupport

/// Why a reader got no sleep-screen pictures, for the front end to word.
package enum SleepScreenError: Error, Sendable {
    /// Neither the reader's files nor `--preset` say its screen's size.
    case unknownSize(ReaderDevice)
    case picture(PictureError)
    /// The rotation has nothing to show.
    case nothingToShow(String)
    /// The library or the settings could not be read for the rotation's picks: their error.
    case library(any Error)
    case cannotWrite(String, IOFailure)
    /// The folder, or a link above it, leads off the reader's storage.
    case offStorage(String)
}
