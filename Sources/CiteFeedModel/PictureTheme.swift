/// The colours of a picture: `light`, `dark`, `sepia`, `eink` (black on white, for e-readers),
/// or `tag` (the first tag's colour behind black or white text, whichever reads better).
package enum PictureTheme: String, CaseIterable, Sendable {
    case light, dark, sepia, eink, tag
}
