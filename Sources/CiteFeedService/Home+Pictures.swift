import CiteFeedModel
import CiteFeedPicture
import CiteFeedStore
import CiteFeedSupport

extension Home {
    /// The citation a picture shows: the one with `id` (archived too), else what the rotation of
    /// `settings` shows now (picked first when its slot has no pick yet, as `status` does);
    /// `nil` when the rotation has nothing to show.
    package func pictureCitation(id: Int64?, _ settings: Settings) throws -> Citation? {
        if let id { return try library().citation(id: id) }
        guard let pick = try shown(settings).pick else { return nil }
        return try library().citation(id: pick.id)
    }

    /// The size of `preset`: its own, or the screen's (read from sway or X, else 1920×1080).
    package func pictureSize(_ preset: PicturePreset, environment: [String: String]) -> PictureSize {
        preset.size ?? ScreenSize.read(environment: environment) ?? PicturePreset.fallbackScreen
    }

    /// Refuses what cannot make a picture (Pango and Cairo missing, margins, the background
    /// image, decoded here once) before anything is picked or written.
    package func preparePicture(_ request: PictureRequest) throws(PictureError) -> PreparedPicture {
        try PictureRenderer.prepare(request)
    }

    /// The picture of `citation` as `prepared` says.
    package func picture(of citation: Citation, _ prepared: PreparedPicture) throws(PictureError) -> Picture {
        try PictureRenderer.render(CardContent(citation), prepared)
    }

    /// The picture of `citation` as `request` says.
    package func picture(of citation: Citation, _ request: PictureRequest) throws(PictureError) -> Picture {
        try PictureRenderer.render(CardContent(citation), request)
    }
}
