import CiteFeedModel
import CiteFeedSupport

/// Why a picture could not be made. Words are the command line's.
package enum PictureError: Error, Equatable, Sendable {
    /// Pango and Cairo are not installed (`libpangocairo-1.0.so.0` could not be loaded).
    case librariesMissing
    /// The libraries found lack these calls (a version too old).
    case librariesLack([String])
    /// Cairo failed with this `cairo_status_t`.
    case cairo(Int)
    /// The background image does not exist.
    case backgroundMissing(String)
    /// The background image cannot be read: the path and what failed.
    case backgroundUnreadable(String, IOFailure)
    /// Cairo could not decode the background image: damaged, or too large for the memory there is.
    case backgroundUndecodable(String)
    /// The background image is not a PNG file.
    case backgroundNotPNG(String)
    /// The background image is larger than 16384 pixels on a side or 40 million in all.
    case backgroundTooLarge(String, width: Int, height: Int)
    /// The margins leave no room for the card at this size.
    case marginsTooLarge(PictureMargins, width: Int, height: Int)
}
