import CiteFeedSupport

/// The ten named tag colours of the app, and hex colours.
package enum Palette {
    package static let names = ["red", "orange", "yellow", "green", "mint", "teal", "blue", "indigo", "purple", "pink"]

    /// The RGB value of each palette name (Apple's system colours, which the phone app used).
    static let hex: [String: String] = [
        "red": "#FF3B30", "orange": "#FF9500", "yellow": "#FFCC00", "green": "#34C759", "mint": "#00C7BE",
        "teal": "#30B0C7", "blue": "#007AFF", "indigo": "#5856D6", "purple": "#AF52DE", "pink": "#FF2D55",
    ]

    /// A colour as given by a user: a palette name (any case) or `#RRGGBB`; normalised to the
    /// lower-case name or an upper-case hex value.
    package static func normalize(_ color: String) throws(ModelError) -> String {
        let trimmed = color.trimmingWhitespace()
        let lower = trimmed.lowercased()
        if names.contains(lower) { return lower }
        if isHex(trimmed) { return trimmed.uppercased() }
        throw .invalidColor(color)
    }

    /// The grey a colour that is neither a palette name nor `#RRGGBB` is drawn in (iOS's
    /// system grey). Only a row citefeed did not write itself can hold such a colour.
    package static let unknownHex = "#8E8E93"

    /// `#RRGGBB` of a normalised colour; never anything else, so that a renderer may put it in an
    /// attribute or a style as it is: a value that is not a colour is `unknownHex`.
    package static func hexValue(of color: String) -> String {
        if let value = hex[color] { return value }
        return isHex(color) ? color.uppercased() : unknownHex
    }

    /// Whether `color` is `#` and six hexadecimal digits.
    static func isHex(_ color: String) -> Bool {
        let utf8 = color.utf8
        return utf8.count == 7 && utf8.first == UInt8(ascii: "#") && utf8.dropFirst().allSatisfy(\.isHexDigit)
    }

    /// (red, green, blue) of a normalised colour.
    package static func rgb(of color: String) -> (Int, Int, Int) {
        let h = Array(hexValue(of: color).utf8.dropFirst())
        func byte(_ i: Int) -> Int { Int(String(decoding: h[i..<(i + 2)], as: UTF8.self), radix: 16) ?? 0 }
        return h.count == 6 ? (byte(0), byte(2), byte(4)) : (128, 128, 128)
    }

    /// The colour for a new tag: the first palette colour no tag uses yet; when all are used,
    /// the first of the least used ones.
    package static func nextColor(used: [String]) -> String {
        var counts: [String: Int] = [:]
        for c in used { counts[c, default: 0] += 1 }
        return names.min { (counts[$0] ?? 0) < (counts[$1] ?? 0) } ?? names[0]
    }
}
