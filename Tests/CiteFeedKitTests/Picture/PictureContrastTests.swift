import Foundation
import Testing

@testable import CiteFeedModel
@testable import CiteFeedPicture

extension Integration {
    /// WCAG AA on the rendered pixels: the citation's text against everything behind it. Each card
    /// is drawn twice, with its texts and without; the glyphs' solid pixels (those of the text's
    /// colour where the two differ) are compared with the pixel behind each of them, and the least
    /// ratio must be 4.5:1, in every theme, on the plain background and over busy images.
    @Suite(.needsPangoCairo, .requires(PixelImage.available, "needs ImageMagick (convert, identify)"))
    struct PictureContrastTests {
        static let content = CardContent(
            text: "Nothing in life is to be feared, it is only to be understood.", attribution: "— Marie Curie",
            tags: [CiteFeedModel.Tag(name: "science", color: "teal"), CiteFeedModel.Tag(name: "courage", color: "red")], favourite: true)

        /// The least contrast between the solid pixels of the text and what lies behind them.
        static func leastContrast(_ request: PictureRequest, content: CardContent = content) throws -> (ratio: Double, solid: Int) {
            let drawn = try PictureRenderer.render(content, request)
            var bare = request
            bare.drawsText = false
            let behind = try PictureRenderer.render(content, bare)
            let (w, h) = (request.size.width, request.size.height)
            let with = try PixelImage(png: drawn.bytes, width: w, height: h),
                without = try PixelImage(png: behind.bytes, width: w, height: h)
            let frame = drawn.textFrame
            var counts: [Int: Int] = [:]
            var changed: [(Int, Int)] = []
            for y in max(0, frame.y)..<min(h, frame.y + frame.height) {
                for x in max(0, frame.x)..<min(w, frame.x + frame.width) where with.colour(x, y) != without.colour(x, y) {
                    let c = with.colour(x, y)
                    counts[Int(c.0) << 16 | Int(c.1) << 8 | Int(c.2), default: 0] += 1
                    changed.append((x, y))
                }
            }
            let textColour = try #require(counts.max { $0.value < $1.value }?.key, "no text drawn")
            var least = 21.0, solid = 0
            for (x, y) in changed {
                let c = with.colour(x, y)
                guard Int(c.0) << 16 | Int(c.1) << 8 | Int(c.2) == textColour else { continue }
                solid += 1
                least = min(least, PixelImage.colour(c).contrast(with: PixelImage.colour(without.colour(x, y))))
            }
            return (least, solid)
        }

        @Test(arguments: PictureTheme.allCases)
        func textStandsOutInEveryTheme(theme: PictureTheme) throws {
            for background in [nil, "noise", "plasma"] as [String?] {
                var request = PictureRequest(size: PictureSize(width: 960, height: 540), theme: theme)
                request.background = try background.map { try PictureFiles.busyBackground($0) }
                let (ratio, solid) = try Self.leastContrast(request)
                #expect(solid > 2000, "\(theme) \(background ?? "plain"): \(solid) solid text pixels")
                #expect(ratio >= 4.5, "\(theme) over \(background ?? "its colour"): \(ratio)")
            }
        }

        /// The tag theme over each palette colour: black or white text, whichever reads.
        @Test(arguments: Palette.names)
        func tagThemeReadsOnEveryPaletteColour(colour: String) throws {
            var content = Self.content
            content.tags = [CiteFeedModel.Tag(name: colour, color: colour)]
            let (ratio, _) = try Self.leastContrast(
                PictureRequest(size: PictureSize(width: 640, height: 400), theme: .tag), content: content)
            #expect(ratio >= 4.5, "\(colour): \(ratio)")
        }

        /// E-ink pictures are dithered gray: the text still stands out over a busy image.
        @Test func eInkOverABusyImage() throws {
            var request = PictureRequest(size: PictureSize(width: 600, height: 800), eInk: true)
            request.background = try PictureFiles.busyBackground("plasma")
            let (ratio, _) = try Self.leastContrast(request)
            #expect(ratio >= 4.5, "\(ratio)")
        }

        /// The measure can fail: without the veil, dark text over noise is not readable.
        @Test func theMeasureFindsUnreadableText() throws {
            var request = PictureRequest(size: PictureSize(width: 960, height: 540))
            request.background = try PictureFiles.busyBackground("noise")
            request.veilsBackground = false
            let (ratio, _) = try Self.leastContrast(request)
            #expect(ratio < 2, "\(ratio)")
        }
    }
}
