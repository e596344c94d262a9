import CiteFeedModel

/// Lays a card out on a canvas and draws it: the text as large as fits between a smallest and a
/// largest size (cut at a word with "…" below the smallest), the attribution under it, the tags
/// as chips in their colours, the favourite's star in the corner, over the theme's colour or the
/// user's image veiled in it. Sizes follow the shorter side of the room inside the margins.
struct CardPainter {
    let canvas: Canvas
    let colours: ThemeColours
    let request: PictureRequest

    static let textFont = "Serif"
    static let metaFont = "Sans"

    /// The room inside the margins, and the card's box inside its padding.
    struct Frame {
        var x, y, width, height: Double
    }

    /// The shorter side of the room inside the margins, which every size follows: at least 100
    /// pixels, or the margins are refused.
    static func unit(_ request: PictureRequest) throws(PictureError) -> Double {
        let (size, m) = (request.size, request.margins)
        let unit = Double(min(size.width - m.left - m.right, size.height - m.top - m.bottom))
        guard unit >= 100 else { throw .marginsTooLarge(m, width: size.width, height: size.height) }
        return unit
    }

    func language(_ text: String) -> String? { TextLanguage.of(text, locale: request.locale) }

    func paint(_ content: CardContent, background: BackgroundImage?) throws(PictureError) -> (
        fontSize: Int, isCut: Bool, text: Frame, unknown: Int
    ) {
        let m = request.margins
        let roomWidth = Double(canvas.width - m.left - m.right), roomHeight = Double(canvas.height - m.top - m.bottom)
        let unit = try Self.unit(request)
        let padding = (unit * 0.08).rounded()
        let box = Frame(
            x: Double(m.left) + padding, y: Double(m.top) + padding, width: roomWidth - 2 * padding, height: roomHeight - 2 * padding)

        canvas.fill(colours.background)
        if let background {
            canvas.cover(with: background)
            if request.veilsBackground { canvas.fill(colours.background, alpha: colours.imageVeil) }
        }

        let metaSize = max(12, (unit * 0.034).rounded())
        let chipSize = max(10, (unit * 0.026).rounded())
        func meta(_ text: String) -> TextLayout {
            TextLayout(canvas, text: text, font: Self.metaFont, size: metaSize, width: box.width, language: language(text))
        }
        var attribution = content.attribution.map(meta)
        // An attribution of more than a fifth of the card is cut.
        if let text = content.attribution, let layout = attribution, Double(layout.size.height) > box.height / 5 {
            attribution = meta(CardFit.cut(text) { Double(meta($0).size.height) <= box.height / 5 })
        }
        let chips = ChipRow(canvas, tags: content.tags, size: chipSize, width: box.width, colours: colours, language: language)
        let attributionHeight = Double(attribution?.size.height ?? 0)
        let gapBelowText = attribution != nil || chips != nil ? metaSize * 1.2 : 0
        let gapAboveChips = attribution != nil && chips != nil ? chipSize * 0.9 : 0
        let footer = attributionHeight + gapAboveChips + (chips?.height ?? 0)
        let room = box.height - footer - gapBelowText

        let bodyLanguage = language(content.text)
        func layout(_ text: String, _ size: Int) -> TextLayout {
            TextLayout(canvas, text: text, font: Self.textFont, size: Double(size), width: box.width, language: bodyLanguage)
        }
        let smallest = max(14, Int(unit * 0.035)), largest = max(smallest, Int(unit * 0.1))
        var text = content.text
        var isCut = false
        let size: Int
        if let fitting = CardFit.largestSize(in: smallest...largest, fits: { Double(layout(text, $0).size.height) <= room }) {
            size = fitting
        } else {
            size = smallest
            text = CardFit.cut(text) { Double(layout($0, size).size.height) <= room }
            isCut = true
        }
        let body = layout(text, size)
        let bodyHeight = Double(body.size.height)
        let top = (box.y + (box.height - (bodyHeight + gapBelowText + footer)) / 2).rounded()
        if request.drawsText {
            canvas.show(body, x: box.x, y: top, colours.text)
            if let attribution { canvas.show(attribution, x: box.x, y: top + bodyHeight + gapBelowText, colours.secondary) }
            chips?.draw(x: box.x + (box.width - chips!.width) / 2, y: top + bodyHeight + gapBelowText + attributionHeight + gapAboveChips)
            if content.favourite {
                let star = TextLayout(canvas, text: "★", font: Self.metaFont, size: metaSize * 1.4, width: nil)
                let (w, h) = star.size
                canvas.show(
                    star, x: Double(canvas.width - m.right) - padding / 2 - Double(w) / 2, y: Double(m.top) + padding / 2 - Double(h) / 2,
                    colours.star)
            }
        }
        let unknown = body.unknownGlyphs + (attribution?.unknownGlyphs ?? 0)
        return (size, isCut, Frame(x: box.x, y: top, width: box.width, height: bodyHeight), unknown)
    }
}
