import Testing

@testable import CiteFeedModel
@testable import CiteFeedPicture

@Suite struct ThemeColoursTests {
    @Test func contrastRatioAsWCAGDefinesIt() {
        #expect(abs(Colour.black.contrast(with: .white) - 21) < 0.001)
        #expect(abs(Colour(0x777777).contrast(with: .white) - 4.48) < 0.01)
        #expect(Colour(0x767676).contrast(with: .white) >= 4.5)
    }

    static let tagColours =
        Palette.names.map { CiteFeedModel.Tag(name: $0, color: $0) } + [
            CiteFeedModel.Tag(name: "grey", color: "#777777"), CiteFeedModel.Tag(name: "mid", color: "#808080"),
        ]

    @Test(arguments: PictureTheme.allCases)
    func everyTextColourReadsOnItsBackgroundAndOverAnyImage(theme: PictureTheme) {
        let tags: [CiteFeedModel.Tag?] = theme == .tag ? Self.tagColours.map { $0 } : [nil]
        for tag in tags {
            let plain = ThemeColours.of(theme, firstTag: tag)
            for text in [plain.text, plain.secondary] {
                #expect(text.contrast(with: plain.background) >= 4.5, "\(theme) \(String(describing: tag))")
            }
            let colours = plain.overImage
            for text in [colours.text, colours.secondary] {
                let veil = colours.imageVeil
                // A mid-tone tag colour leaves little room: the image may not show at all.
                if theme != .tag { #expect(veil <= 0.75, "an image still shows through: \(veil)") }
                for pixel in [Colour.black, .white, Colour(0xFF0000), Colour(0x00FF00), Colour(0x0000FF)] {
                    #expect(text.contrast(with: colours.background.over(pixel, alpha: veil)) >= 4.5, "\(theme) over \(pixel)")
                }
            }
        }
    }

    @Test func tagThemeFallsBackToLightWithoutTags() {
        #expect(ThemeColours.of(.tag, firstTag: nil) == ThemeColours.of(.light, firstTag: nil))
    }
}
