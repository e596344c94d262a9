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

/// The card's content, from a citation.
package struct CardContent: Sendable, Equatable {
    package var text: String
    /// "— Author, Source", or `nil`.
    package var attribution: String?
    package var tags: [Tag]
    package var favourite: Bool

    package init(text: String, attribution: String? = nil, tags: [Tag] = [], favourite: Bool = false) {
        self.text = text
        self.attribution = attribution
        self.tags = tags
        self.favourite = favourite
    }

    package init(_ citation: Citation) { self.init(PickSnapshot(citation)) }

    /// A citation as it was picked.
    package init(_ pick: PickSnapshot) {
        let parts = [pick.author, pick.source].compactMap { $0 }.filter { !$0.isEmpty }
        self.init(
            text: pick.text, attribution: parts.isEmpty ? nil : "— " + parts.joined(separator: ", "), tags: pick.tags,
            favourite: pick.favourite)
    }
}

/// A picture made, and where its parts went (for tests and the bench).
package struct Picture: Sendable {
    package var bytes: [UInt8]
    /// The text's font size in pixels.
    package var fontSize: Int
    /// Whether the text was cut to fit, with "…".
    package var isCut: Bool
    /// The box of the citation's text, in pixels: x, y, width, height.
    package var textFrame: (x: Int, y: Int, width: Int, height: Int)
    /// Characters no font could draw.
    package var unknownGlyphs: Int
}
