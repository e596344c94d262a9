import CiteFeedSupport

/// A tolerant reader of the HTML that e-reader apps export: the elements with their `class`,
/// and the text between them, entities decoded. Scripts, styles, comments and CDATA are
/// skipped whole (their text is never taken, nothing is run); a broken tag is read as text.
/// Also the XML of a `.docx`: names may have a prefix (`w:p`), a tag closed by `/>` is followed
/// by its close, and the attribute kept may be another than `class`.
enum HTMLText {
    enum Token: Equatable {
        /// An opening tag: its lower-case name and class attribute (`""` when it has none), or
        /// the attribute `attribute` names for it.
        case open(String, cls: String)
        case close(String)
        /// Text, entities decoded, as it is (whitespace not yet collapsed).
        case text(String)
    }

    static func tokens(_ html: String, attribute kept: (String) -> String = { _ in "class" }) -> [Token] {
        var tokens: [Token] = []
        let s = Array(html.utf8)
        var i = 0
        var text: [UInt8] = []
        func flush() {
            if !text.isEmpty { tokens.append(.text(decodeEntities(String(decoding: text, as: UTF8.self)))) }
            text = []
        }
        func starts(_ prefix: String, at j: Int) -> Bool {
            let p = Array(prefix.utf8)
            guard j + p.count <= s.count else { return false }
            for k in 0..<p.count where s[j + k] | (p[k] >= 0x61 ? 0x20 : 0) != p[k] { return false }
            return true
        }
        func skip(past end: String, from j: Int) -> Int {
            var k = j
            while k < s.count && !starts(end, at: k) { k += 1 }
            return min(s.count, k + end.utf8.count)
        }
        while i < s.count {
            guard s[i] == 0x3C else {
                text.append(s[i])
                i += 1
                continue
            }
            if starts("<!--", at: i) {
                flush()
                i = skip(past: "-->", from: i + 4)
                continue
            }
            if starts("<![cdata[", at: i) {
                flush()
                i = skip(past: "]]>", from: i + 9)
                continue
            }
            // A tag: `<name attrs>` or `</name>`; anything else is text.
            let closing = i + 1 < s.count && s[i + 1] == 0x2F
            var j = i + (closing ? 2 : 1)
            let nameStart = j
            while j < s.count,
                (0x61...0x7A).contains(s[j] | 0x20) || (0x30...0x39).contains(s[j]) || s[j] == 0x2D || (s[j] == 0x3A && j > nameStart)
            {
                j += 1
            }
            guard j > nameStart, let end = tagEnd(s, from: j) else {
                if i + 1 < s.count, s[i + 1] == 0x21 || s[i + 1] == 0x3F {  // <!DOCTYPE …>, <?xml …?>
                    flush()
                    i = skip(past: ">", from: i)
                    continue
                }
                text.append(s[i])
                i += 1
                continue
            }
            flush()
            let name = String(decoding: s[nameStart..<j], as: UTF8.self).lowercased()
            if closing {
                tokens.append(.close(name))
            } else {
                tokens.append(.open(name, cls: attribute(kept(name), in: Array(s[j..<end]))))
                if end > j, s[end - 1] == 0x2F { tokens.append(.close(name)) }
                if name == "script" || name == "style" {
                    i = skip(past: "</" + name, from: end + 1)
                    i = skip(past: ">", from: i)
                    tokens.append(.close(name))
                    continue
                }
            }
            i = end + 1
        }
        flush()
        return tokens
    }

    /// Where a tag that starts before `j` ends (its `>`, outside quotes).
    private static func tagEnd(_ s: [UInt8], from j: Int) -> Int? {
        var k = j
        var quote: UInt8?
        while k < s.count {
            let b = s[k]
            if let q = quote {
                if b == q { quote = nil }
            } else if b == 0x22 || b == 0x27 {
                quote = b
            } else if b == 0x3E {
                return k
            } else if b == 0x3C {
                return nil
            }
            k += 1
        }
        return nil
    }

    /// The value of attribute `name` (lower case) among a tag's attributes.
    private static func attribute(_ name: String, in a: [UInt8]) -> String {
        let key = Array(name.utf8)
        var k = 0
        while k + key.count <= a.count {
            let startsWord = k == 0 || a[k - 1] == 0x20 || a[k - 1] == 0x09 || a[k - 1] == 0x0A || a[k - 1] == 0x0D
            guard startsWord, (0..<key.count).allSatisfy({ a[k + $0] | 0x20 == key[$0] }) else {
                k += 1
                continue
            }
            var j = k + key.count
            while j < a.count && (a[j] == 0x20 || a[j] == 0x09) { j += 1 }
            guard j < a.count, a[j] == 0x3D else {
                k += 1
                continue
            }
            j += 1
            while j < a.count && (a[j] == 0x20 || a[j] == 0x09) { j += 1 }
            guard j < a.count else { return "" }
            if a[j] == 0x22 || a[j] == 0x27 {
                let quote = a[j]
                let end = a[(j + 1)...].firstIndex(of: quote) ?? a.count
                return decodeEntities(String(decoding: a[(j + 1)..<end], as: UTF8.self))
            }
            var end = j
            while end < a.count, a[end] != 0x20, a[end] != 0x09, a[end] != 0x2F { end += 1 }
            return decodeEntities(String(decoding: a[j..<end], as: UTF8.self))
        }
        return ""
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "mdash": "—", "ndash": "–", "hellip": "…",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "copy": "©", "reg": "®", "shy": "\u{AD}",
        "eacute": "é", "egrave": "è", "agrave": "à", "aacute": "á", "ccedil": "ç", "uuml": "ü", "ouml": "ö", "auml": "ä", "szlig": "ß",
        "iacute": "í", "oacute": "ó", "uacute": "ú", "ntilde": "ñ", "bull": "•", "middot": "·", "times": "×", "deg": "°", "zwj": "\u{200D}",
    ]

    /// `&amp;`, `&#8217;`, `&#x2019;` and the common named entities; an unknown one stays.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            let name = after.prefix(32).prefix { $0 != ";" && $0 != "&" && !$0.isWhitespace }
            guard name.endIndex < after.endIndex, after[name.endIndex] == ";" else {
                out += "&"
                rest = after
                continue
            }
            var replacement: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                replacement = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else if name.hasPrefix("#") {
                replacement = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else {
                replacement = named[String(name)]
            }
            if let replacement, replacement != "\u{0}" {
                out += replacement
                rest = after[after.index(after: name.endIndex)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }

    /// Text whose line breaks were `<br>`s: each line `collapsed`, the breaks kept (the page's
    /// own white space around them is not text), trimmed.
    static func collapsedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { collapsed(String($0)) }.joined(separator: "\n")
            .trimmingWhitespace()
    }

    /// Text as a reader sees it: runs of whitespace as one space, trimmed.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace && $0 != "\u{A0}" }).joined(separator: " ")
    }
}
