/// The one place where text is escaped for each output (as Plot's `String+Escaping`).
extension String {
    /// Text for XML and HTML content and attribute values: `& < > " '` escaped, and characters
    /// that XML 1.0 forbids (controls other than tab, newline and carriage return, U+FFFE, U+FFFF)
    /// dropped.
    public var xmlEscaped: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                let v = scalar.value
                if (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || v == 0xFFFE || v == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text for Pango markup (waybar reads `text` and `tooltip` as markup): `& < > ' "` escaped.
    public var pangoEscaped: String {
        var out = ""
        for c in unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "'": out += "&apos;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Text for polybar, whose `%{...}` tags format the bar: a zero-width space after each `%`
    /// before `{` keeps a citation from injecting one (polybar 3.6 has no escape; `%%` is 3.7's).
    public var polybarNeutralized: String {
        replacing("%{", with: "%\u{200B}{")
    }

    /// Newlines (and runs of white space around them) folded to single spaces.
    var foldedToOneLine: String {
        split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// HTML for a plain text: escaped, with line breaks kept as `<br>`.
    var htmlParagraph: String {
        split(separator: "\n", omittingEmptySubsequences: false).map { String($0).xmlEscaped }.joined(separator: "<br>\n")
    }
}
