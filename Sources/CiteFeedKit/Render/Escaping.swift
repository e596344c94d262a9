/// The one place where text is escaped for each output (as Plot's `String+Escaping`).
extension String {
    /// Text for XML and HTML content and attribute values: `& < > " '` escaped, and characters
    /// that XML 1.0 forbids (controls other than tab, newline and carriage return, U+FFFE, U+FFFF)
    /// dropped.
    public var xmlEscaped: String {
        // Byte by byte: everything to escape or drop is ASCII, except U+FFFE and U+FFFF
        // (EF BF BE and EF BF BF).
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 16)
        let bytes = Array(utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "\""): out += Array("&quot;".utf8)
            case UInt8(ascii: "'"): out += Array("&#39;".utf8)
            case 0x09, 0x0A, 0x0D: out.append(b)
            case 0x00..<0x20: break
            case 0xEF where i + 2 < bytes.count && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF):
                i += 2
            default: out.append(b)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
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
