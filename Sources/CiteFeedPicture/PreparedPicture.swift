import CiteFeedModel
import CiteFeedSupport

/// A request checked, with its background image decoded: what `PictureRenderer.render` draws.
package struct PreparedPicture: @unchecked Sendable {
    let api: PangoCairo
    package let request: PictureRequest
    let background: BackgroundImage?
}
