import CiteFeedModel

/// The colours of a theme. Every text colour stands at least 4.5:1 (WCAG AA) against the
/// background, and against a background image once dimmed by `imageVeil`.
package struct ThemeColours: Sendable, Equatable {
    package var background: Colour
    package var text: Colour
    /// The author and source.
    package var secondary: Colour
    package var star: Colour
    /// Every tag's chip in this colour instead of the tag's (e-ink: a light gray, as the tags'
    /// colours would turn into grays of every shade).
    package var chips: Colour? = nil

    package static func of(_ theme: PictureTheme, firstTag: Tag?) -> ThemeColours {
        switch theme {
        case .light:
            return ThemeColours(background: Colour(0xFBFAF6), text: Colour(0x1C1C1C), secondary: Colour(0x4A4A4A), star: Colour(0xB07800))
        case .dark:
            return ThemeColours(background: Colour(0x17181C), text: Colour(0xEDEDED), secondary: Colour(0xB4B4B4), star: Colour(0xF2C230))
        case .sepia:
            return ThemeColours(background: Colour(0xF4ECD8), text: Colour(0x3B2F20), secondary: Colour(0x5A4830), star: Colour(0x9A6400))
        case .eink:
            return ThemeColours(
                background: .white, text: .black, secondary: Colour(0x333333), star: Colour(0x333333), chips: Colour(0xDDDDDD))
        case .tag:
            guard let tag = firstTag else { return of(.light, firstTag: nil) }
            let background = Colour(tagColor: tag.color)
            let text = background.readableText
            return ThemeColours(background: background, text: text, secondary: text, star: text)
        }
    }

    /// The colours over an image of the user's: the author and source in the text's colour, so
    /// that the veil over the image can be lighter.
    package var overImage: ThemeColours {
        var colours = self
        colours.secondary = text
        return colours
    }

    /// The least opacity of the background colour laid over the user's image that keeps both text
    /// colours 4.5:1 (with a margin for smoothing) from any pixel of it: the darkest and the
    /// lightest pixel are the worst, as luminance grows with every channel.
    package var imageVeil: Double {
        let needed = 4.5 * 1.15
        for step in 0...100 {
            let alpha = Double(step) / 100
            let darkest = background.over(.black, alpha: alpha), lightest = background.over(.white, alpha: alpha)
            if [text, secondary].allSatisfy({ min($0.contrast(with: darkest), $0.contrast(with: lightest)) >= needed }) {
                return alpha
            }
        }
        return 1
    }
}
