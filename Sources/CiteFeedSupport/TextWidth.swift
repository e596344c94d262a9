/// Terminal column widths of text: East Asian wide and fullwidth characters and emoji take two
/// columns, combining marks none. Works on whole `Character`s (grapheme clusters), so a cut never
/// splits one.
package enum TextWidth {
    /// Columns one grapheme takes in a terminal.
    package static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        var hasVariationSelector16 = false
        for scalar in scalars {
            if scalar.properties.isEmojiPresentation { return 2 }
            if scalar.value == 0xFE0F { hasVariationSelector16 = true }
        }
        if hasVariationSelector16 && first.properties.isEmoji { return 2 }
        if isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }

    package static func columns(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    /// `text` cut to at most `width` columns, ending in `…` when anything was cut. With
    /// `atWord`, the cut moves back to the last space when one is in the last third, so words
    /// stay whole (text without spaces, such as Japanese, is cut anywhere).
    package static func truncate(_ text: String, to width: Int, atWord: Bool = false) -> String {
        guard width > 0 else { return "" }
        if columns(of: text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = columns(of: character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        if atWord, let space = result.lastIndex(where: \.isWhitespace), columns(of: result[..<space]) >= (width * 2) / 3 {
            result = String(result[..<space])
        }
        while let last = result.last, last.isWhitespace || ",;:".contains(last) { result.removeLast() }
        return result + "…"
    }

    /// `text` (one paragraph) in lines of at most `width` columns, broken at spaces; a word
    /// longer than a line is broken where it reaches the edge.
    package static func wrap(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in text.split(whereSeparator: \.isWhitespace) {
            let word = Substring(word)
            let columns = self.columns(of: word)
            if used > 0 && used + 1 + columns <= width {
                line += " " + word
                used += 1 + columns
                continue
            }
            if used > 0 { lines.append(line) }
            line = ""
            used = 0
            if columns <= width {
                line = String(word)
                used = columns
                continue
            }
            for character in word {  // a word longer than a line, in pieces
                let characterColumns = self.columns(of: character)
                if used > 0 && used + characterColumns > width {
                    lines.append(line)
                    line = ""
                    used = 0
                }
                line.append(character)
                used += characterColumns
            }
        }
        if used > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `text` padded with spaces to `width` columns (never cut).
    package static func pad(_ text: String, to width: Int) -> String {
        let w = columns(of: text)
        return w >= width ? text : text + String(repeating: " ", count: width - w)
    }

    /// East Asian Width W and F blocks (Unicode 15), the parts that occur in real text.
    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x16FE0...0x16FE4, 0x17000...0x18AFF, 0x1B000...0x1B16F, 0x1F004, 0x1F0CF, 0x1F18E,
            0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
            0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
