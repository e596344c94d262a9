import CiteFeedModel
import CiteFeedSupport

/// An sRGB colour, each channel 0...1, and WCAG 2's relative luminance and contrast ratio.
package struct Colour: Hashable, Sendable {
    package var red: Double
    package var green: Double
    package var blue: Double

    package init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// From `0xRRGGBB`.
    package init(_ hex: Int) {
        self.init(red: Double((hex >> 16) & 255) / 255, green: Double((hex >> 8) & 255) / 255, blue: Double(hex & 255) / 255)
    }

    /// A tag's colour (a palette name or `#RRGGBB`).
    package init(tagColor: String) {
        let (r, g, b) = Palette.rgb(of: Palette.hexValue(of: tagColor))
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255)
    }

    package static let black = Colour(0x000000)
    package static let white = Colour(0xFFFFFF)

    /// WCAG 2.x relative luminance.
    package var luminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.x contrast ratio, 1...21.
    package func contrast(with other: Colour) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Black or white, whichever stands out more on this colour (at least 4.58:1 on any colour).
    package var readableText: Colour { contrast(with: .black) >= contrast(with: .white) ? .black : .white }

    /// `self` laid over `below` with opacity `alpha`, as Cairo blends (in sRGB values).
    package func over(_ below: Colour, alpha: Double) -> Colour {
        Colour(
            red: red * alpha + below.red * (1 - alpha), green: green * alpha + below.green * (1 - alpha),
            blue: blue * alpha + below.blue * (1 - alpha))
    }
}
