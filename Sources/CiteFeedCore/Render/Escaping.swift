import CiteFeedModel
import CiteFeedSupport

/// The one place where text is escaped for each output (as Plot's `String+Escaping`).
extension String {
    /// Text for XML and HTML content and attribute values: `& < > " '` escaped, and characters
    /// that XML 1.0 forbids (controls other than tab, newline and carriage return, U+FFFE, U+FFFF)
    /// dropped, with the other noncharacters (U+FDD0–U+FDEF, the last two of every plane), which
    /// HTML parsers reject in the feeds' HTML bodies.
    package var xmlEscaped: String { xmlEscaped(hexReferences: false) }

    /// Plain text in a feed element that readers take as plain text (an author's name, a
    /// category): `&` and `<` as hexadecimal character references, as the RSS Advisory Board's
    /// profile advises (the W3C Feed Validator then knows they are not markup), and a word joiner
    /// (U+2060, invisible) after a `<` that opens what reads as an HTML end tag (`</b>`) or an
    /// address (`<ann@example.org>`), which the validator flags in such elements however they
    /// are escaped.
    package var xmlPlainText: String {
        let scalars = Array(unicodeScalars)
        var out = String.UnicodeScalarView()
        for (i, scalar) in scalars.enumerated() {
            out.append(scalar)
            guard scalar == "<", i + 1 < scalars.count else { continue }
            let rest = scalars[(i + 1)...].prefix { $0 != ">" && $0 != "<" && !$0.properties.isWhitespace }
            if scalars[i + 1] == "/" || rest.contains("@") { out.append("\u{2060}") }
        }
        return String(out).xmlEscaped(hexReferences: true)
    }

    /// Plain text in a feed element that readers take as HTML (RSS titles; Atom titles declared
    /// `type="html"`): escaped for HTML, then for XML with hexadecimal references, so that a
    /// citation reading `<b>` is shown as `<b>`, not in bold.
    package var xmlEscapedAsHTML: String {
        markupEscaped(quotes: false).xmlEscaped(hexReferences: true)
    }

    /// `hexReferences` writes `&` and `<` as `&#x26;` and `&#x3C;` instead of `&amp;` and `&lt;`.
    private func xmlEscaped(hexReferences: Bool) -> String {
        // Byte by byte: everything to escape or drop is ASCII, except the noncharacters: U+FDD0–
        // U+FDEF (EF B7 90–AF), U+FFFE and U+FFFF (EF BF BE/BF), and U+nFFFE/U+nFFFF of the
        // other planes (F0–F4, then a byte whose low bits are 1111, BF, BE/BF).
        let ampersand = Array((hexReferences ? "&#x26;" : "&amp;").utf8), less = Array((hexReferences ? "&#x3C;" : "&lt;").utf8)
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 16)
        let bytes = Array(utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "&"): out += ampersand
            case UInt8(ascii: "<"): out += less
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "\""): out += Array("&quot;".utf8)
            case UInt8(ascii: "'"): out += Array("&#39;".utf8)
            case 0x09, 0x0A, 0x0D: out.append(b)
            case 0x00..<0x20: break
            case 0xEF
            where i + 2 < bytes.count
                && ((bytes[i + 1] == 0xBF && bytes[i + 2] >= 0xBE) || (bytes[i + 1] == 0xB7 && (0x90...0xAF).contains(bytes[i + 2]))):
                i += 2
            case 0xF0...0xF4
            where i + 3 < bytes.count && bytes[i + 1] & 0x0F == 0x0F && bytes[i + 2] == 0xBF && bytes[i + 3] >= 0xBE:
                i += 3
            default: out.append(b)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Text for Pango markup (waybar reads `text`, `tooltip` and `alt` as markup): `& < > ' "` escaped.
    package var pangoEscaped: String { markupEscaped(quotes: true) }

    /// `& < >` as entities, and `' "` too with `quotes` (for attribute-like markup such as
    /// Pango's; without, for a notification's body markup).
    package func markupEscaped(quotes: Bool) -> String {
        var out = ""
        for c in unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "'" where quotes: out += "&apos;"
            case "\"" where quotes: out += "&quot;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Text for polybar, whose `%{...}` tags format the bar and run commands on click: a
    /// zero-width space after every `%` that a `{` follows keeps a citation from injecting one
    /// (polybar 3.6 has no escape; `%%` is 3.7's). Done on Unicode scalars, as polybar's parser
    /// reads bytes: compared as Swift `Character`s, a `%` joined to a prepended mark (U+0600) or
    /// to a combining mark is not `%`, and `%{` passed intact. Scalars that are not drawn
    /// (format characters, combining and enclosing marks, variation selectors) between the `%`
    /// and the `{` are dropped, so no renderer that drops them can bring the two together.
    package var polybarNeutralized: String {
        let scalars = Array(unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            out.append(scalar)
            i += 1
            guard scalar == "%" else { continue }
            var j = i
            while j < scalars.count, scalars[j].isUndrawn { j += 1 }
            if j < scalars.count, scalars[j] == "{" {
                out.append("\u{200B}")
                i = j
            }
        }
        return String(out)
    }

    /// Newlines (and runs of white space around them) folded to single spaces.
    package var foldedToOneLine: String {
        split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// HTML for a plain text: escaped, with line breaks kept as `<br>`.
    var htmlParagraph: String {
        split(separator: "\n", omittingEmptySubsequences: false).map { String($0).xmlEscaped }.joined(separator: "<br>\n")
    }
}

extension Unicode.Scalar {
    /// Whether a renderer may draw nothing for this scalar: format characters (zero-width
    /// spaces and joiners, bidi controls, prepended marks), combining and enclosing marks,
    /// controls, and default-ignorable scalars such as variation selectors.
    var isUndrawn: Bool {
        switch properties.generalCategory {
        case .format, .nonspacingMark, .enclosingMark, .spacingMark, .control: return true
        default: return properties.isDefaultIgnorableCodePoint
        }
    }
}
