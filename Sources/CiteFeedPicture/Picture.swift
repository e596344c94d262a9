import CiteFeedModel

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
