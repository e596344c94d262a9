import CiteFeedModel

/// The tags as a row of rounded chips in their colours, each name in black or white, whichever
/// reads better on it; tags that do not fit the width are counted in a last "+N" chip.
struct ChipRow {
    let canvas: Canvas
    let size: Double
    private var chips: [(layout: TextLayout, fill: Colour, ink: Colour, width: Double)] = []
    private(set) var width: Double = 0

    var height: Double { (size * 1.9).rounded() }
    private var gap: Double { (size * 0.6).rounded() }

    init?(_ canvas: Canvas, tags: [Tag], size: Double, width available: Double, colours: ThemeColours, language: (String) -> String?) {
        guard !tags.isEmpty else { return nil }
        self.canvas = canvas
        self.size = size
        func chip(_ name: String, _ fill: Colour) -> (TextLayout, Colour, Colour, Double) {
            let layout = TextLayout(canvas, text: name, font: CardPainter.metaFont, size: size, width: nil, language: language(name))
            return (layout, fill, fill.readableText, Double(layout.size.width) + size * 1.4)
        }
        for (index, tag) in tags.enumerated() {
            let next = chip(tag.name, colours.chips ?? Colour(tagColor: tag.color))
            let left = tags.count - index - 1
            // Room for this chip, and for a "+N" after it unless it is the last.
            let more = left > 0 ? chip("+\(left)", colours.secondary).3 + gap : 0
            let needed = (chips.isEmpty ? 0 : gap) + next.3
            if self.width + needed + more > available {
                let rest = chip("+\(tags.count - index)", colours.secondary)
                if self.width + (chips.isEmpty ? 0 : gap) + rest.3 <= available {
                    chips.append(rest)
                    self.width += (chips.count > 1 ? gap : 0) + rest.3
                }
                break
            }
            chips.append(next)
            self.width += needed
        }
        if chips.isEmpty { return nil }
    }

    func draw(x: Double, y: Double) {
        var at = x
        for chip in chips {
            canvas.roundedRectangle(x: at, y: y, width: chip.width, height: height, radius: height / 2, chip.fill)
            let (_, textHeight) = chip.layout.size
            canvas.show(chip.layout, x: at + size * 0.7, y: y + (height - Double(textHeight)) / 2, chip.ink)
            at += chip.width + gap
        }
    }
}
