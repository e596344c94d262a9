import CiteFeedModel
import CiteFeedSupport

/// Makes a card as PNG or SVG bytes, with Pango and Cairo (loaded on first use).
package enum PictureRenderer {
    /// What in `request` can be refused (the libraries, the margins, the background image, which
    /// is decoded here, once), checked before a citation is picked or a file written.
    package static func prepare(_ request: PictureRequest) throws(PictureError) -> PreparedPicture {
        let api = try PangoCairo.shared.get()
        _ = try CardPainter.unit(request)
        let background = try request.background.map { path throws(PictureError) in try BackgroundImage(api, path: path) }
        return PreparedPicture(api: api, request: request, background: background)
    }

    package static func render(_ content: CardContent, _ request: PictureRequest) throws(PictureError) -> Picture {
        try render(content, prepare(request))
    }

    package static func render(_ content: CardContent, _ prepared: PreparedPicture) throws(PictureError) -> Picture {
        let (api, request, background) = (prepared.api, prepared.request, prepared.background)
        let size = request.size
        let canvas = try Canvas(api, request.format == .svg ? .svg : .image, width: size.width, height: size.height)
        let theme = request.eInk && request.theme != .dark ? PictureTheme.eink : request.theme
        let plain = ThemeColours.of(theme, firstTag: content.tags.first)
        let colours = background == nil ? plain : plain.overImage
        let painter = CardPainter(canvas: canvas, colours: colours, request: request)
        let drawn = try painter.paint(content, background: background)
        let bytes: [UInt8]
        switch request.format {
        case .svg: bytes = try canvas.svg()
        case .png where request.eInk: bytes = try grayPNG(canvas)
        case .png: bytes = try canvas.png()
        }
        let frame = drawn.text
        return Picture(
            bytes: bytes, fontSize: drawn.fontSize, isCut: drawn.isCut,
            textFrame: (Int(frame.x), Int(frame.y), Int(frame.width.rounded(.up)), Int(frame.height.rounded(.up))),
            unknownGlyphs: drawn.unknown)
    }

    /// The canvas as 8-bit gray, dithered to e-ink's 16 levels (Cairo writes an A8 image as
    /// gray PNG).
    private static func grayPNG(_ canvas: Canvas) throws(PictureError) -> [UInt8] {
        let (width, height) = (canvas.width, canvas.height)
        var gray = [UInt8](repeating: 0, count: width * height)
        canvas.withPixels { data, stride in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { gray[y * width + x] = UInt8(EInkDither.gray(row[x])) }
            }
        }
        EInkDither.dither(&gray, width: width, height: height)
        let gray8 = try Canvas(canvas.api, .gray, width: width, height: height)
        gray8.withPixels { data, stride in
            for y in 0..<height {
                gray.withUnsafeBufferPointer { (data + y * stride).update(from: $0.baseAddress! + y * width, count: width) }
            }
        }
        return try gray8.png()
    }

    /// How many characters of `text` no installed font can draw, laid out as a card's text is.
    package static func unknownGlyphs(in text: String) throws(PictureError) -> Int {
        let api = try PangoCairo.shared.get()
        let canvas = try Canvas(api, .image, width: 200, height: 200)
        return TextLayout(canvas, text: text, font: CardPainter.textFont, size: 24, width: 1000).unknownGlyphs
    }
}
