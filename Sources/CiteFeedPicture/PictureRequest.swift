import CiteFeedModel

/// What a picture shows and how: the card's content, the size, the colours, the format.
package struct PictureRequest: Sendable {
    package enum Format: String, CaseIterable, Sendable { case png, svg }

    package var size: PictureSize
    package var theme: PictureTheme
    package var format: Format
    /// Gray, dithered to e-ink's 16 levels (PNG only; an SVG is drawn in the theme's colours).
    package var eInk: Bool
    /// A PNG file drawn behind the card, dimmed.
    package var background: String?
    package var margins: PictureMargins
    /// The user's locale (`LANG`), which says how Han characters are drawn (`TextLanguage`).
    package var locale: String?
    /// Off only in tests: the card drawn without its texts, to measure what lies behind them.
    package var drawsText = true
    /// Off only in tests: the background image without the veil that keeps the text readable.
    package var veilsBackground = true

    package init(
        size: PictureSize, theme: PictureTheme = .light, format: Format = .png, eInk: Bool = false, background: String? = nil,
        margins: PictureMargins = .none
    ) {
        self.size = size
        self.theme = theme
        self.format = format
        self.eInk = eInk
        self.background = background
        self.margins = margins
    }
}
