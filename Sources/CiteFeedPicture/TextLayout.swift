import CPangoCairo
import CiteFeedSupport

/// A Pango layout of one text in one font, wrapped at words to a width: set with
/// `pango_layout_set_text` (user text is never markup), measured, then drawn.
final class TextLayout {
    let api: PangoCairo
    let layout: OpaquePointer

    enum Alignment: Int32 {
        // PangoAlignment
        case left = 0, center = 1
    }

    /// `font` is a Pango font description without a size ("Serif", "Sans Bold"); `size` in
    /// pixels; `width` in pixels, `nil` for one line.
    /// `language`: the text's, which picks the shapes of Han characters (Chinese, Japanese and
    /// Korean draw some differently); `nil`, Pango's default.
    init(
        _ canvas: Canvas, text: String, font: String, size: Double, width: Double?, alignment: Alignment = .center, language: String? = nil
    ) {
        api = canvas.api
        // Never NULL: GLib aborts when it cannot allocate.
        layout = api.createLayout(canvas.context)!
        if let language, let context = api.layoutContext(layout) {
            // A context of this layout's own (pango_cairo_create_layout makes one each time).
            api.setLanguage(context, api.languageFromString(language))
            api.contextChanged(layout)
        }
        let description = api.fontFromString(font)
        api.setAbsoluteSize(description, size * Self.scale)
        api.setFont(layout, description)
        api.fontFree(description)
        if let width {
            api.setWidth(layout, Int32(min(width * Self.scale, Double(Int32.max))))
            api.setWrap(layout, Self.wrapWordChar)
        }
        api.setAlignment(layout, alignment.rawValue)
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { api.setText(layout, $0.baseAddress, Int32(bytes.count)) }
        }
    }

    deinit { api.unref(UnsafeMutableRawPointer(layout)) }

    /// PANGO_SCALE: Pango's units in a pixel.
    static let scale = 1024.0
    /// PANGO_WRAP_WORD_CHAR: at words, and within a word longer than the line.
    static let wrapWordChar: Int32 = 2

    /// The logical size in pixels.
    var size: (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        api.pixelSize(layout, &width, &height)
        return (Int(width), Int(height))
    }

    /// Characters no installed font could draw (drawn as boxes).
    var unknownGlyphs: Int { Int(api.unknownGlyphs(layout)) }
}
