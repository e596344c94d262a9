import CiteFeedModel

/// Plain text as Markdown that shows it as written: every ASCII punctuation mark that CommonMark,
/// Obsidian or Logseq could read as syntax is escaped with a backslash (CommonMark shows `\x` as
/// `x` for any ASCII punctuation `x`), so a citation's `*`, `[[`, `]]`, `{{`, `#tag`, `^cf-…`,
/// `==`, `%%`, `$`, `<!--` or `&amp;` are its own characters, never a link, a macro, a tag, a
/// block id, a comment or an entity. Line starts that would begin a block (`-`, `+`, `1.`,
/// `>`, `#`, `---`, `===`) are escaped too, and `&` where it could begin an entity; leading and
/// trailing spaces are dropped, as Markdown would show them as code or a hard break. Works on
/// UTF-8 bytes (a notes export writes every line of the library).
enum NotesMarkup {
    /// The ASCII marks escaped wherever they are, by byte.
    private static let escaped: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "\\`*_[]<>#^{}$%~=|".utf8 { table[Int(byte)] = true }
        return table
    }()

    /// Logseq's task markers: a block whose first word is one is a task.
    private static let taskMarkers: Set<String> = [
        "TODO", "DOING", "DONE", "LATER", "NOW", "WAITING", "WAIT", "CANCELED", "CANCELLED", "STARTED", "IN-PROGRESS",
    ]

    /// One line of text (no line break in it) as Markdown inline content. For Logseq, also
    /// `::` (a property), `((` (a block reference), a `:` starting a line (a drawer) or after
    /// `SCHEDULED`/`DEADLINE`, and a task marker as the first word (a zero-width space before it).
    static func inline(_ line: Substring, logseq: Bool = false) -> String {
        var line = line
        return line.withUTF8 { inline(UnsafeBufferPointer(rebasing: $0[...]), logseq: logseq) }
    }

    static func inline(_ all: UnsafeBufferPointer<UInt8>, logseq: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(all.count + 8)
        inline(all, logseq: logseq, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `inline`, appended to `out` (a page's bytes).
    static func inline(_ all: UnsafeBufferPointer<UInt8>, logseq: Bool, into out: inout [UInt8]) {
        var start = 0
        var end = all.count
        while start < end && (all[start] == 0x20 || all[start] == 0x09) { start += 1 }
        while end > start && (all[end - 1] == 0x20 || all[end - 1] == 0x09) { end -= 1 }
        let first = out.count
        var digitsOnly = true
        var i = start
        while i < end {
            let byte = all[i]
            let atStart = i == start
            let next = i + 1 < end ? all[i + 1] : 0
            var escape = escaped[Int(byte)]
            if !escape {
                switch byte {
                case UInt8(ascii: "-"), UInt8(ascii: "+"): escape = atStart
                case UInt8(ascii: "."), UInt8(ascii: ")"): escape = !atStart && digitsOnly  // `1.` or `1)` begins a list
                case UInt8(ascii: "&"): escape = next == UInt8(ascii: "#") || ((next | 0x20) >= 0x61 && (next | 0x20) <= 0x7A)
                case UInt8(ascii: ":"):
                    escape =
                        logseq && (atStart || all[i - 1] == UInt8(ascii: ":") || scheduling(UnsafeBufferPointer(rebasing: all[start..<i])))
                case UInt8(ascii: "("): escape = logseq && next == UInt8(ascii: "(")
                default: break
                }
            }
            if escape { out.append(UInt8(ascii: "\\")) }
            digitsOnly = digitsOnly && byte >= 0x30 && byte <= 0x39
            out.append(byte)
            i += 1
        }
        if logseq, out.count > first {
            let space = out[first...].firstIndex(of: 0x20) ?? out.count
            if space - first <= 11, taskMarkers.contains(String(decoding: out[first..<space], as: UTF8.self)) {
                out.insert(contentsOf: "\u{200B}".utf8, at: first)
            }
        }
    }

    private static func scheduling(_ before: UnsafeBufferPointer<UInt8>) -> Bool {
        before.elementsEqual("SCHEDULED".utf8) || before.elementsEqual("DEADLINE".utf8)
    }

    /// The lines of a text, each as `inline`; a blank line stays blank (a new paragraph). Line
    /// breaks of every kind part lines, as `Character.isNewline` has them: LF, CR, CRLF, VT, FF,
    /// NEL (U+0085), U+2028 and U+2029.
    static func lines(_ text: String, logseq: Bool = false) -> [String] {
        var lines: [String] = []
        forEachLine(text) { lines.append(inline($0, logseq: logseq)) }
        return lines
    }

    /// Calls `body` with each line of `text` as it is (`lines` parts them), its bytes.
    static func forEachLine(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { all in
            var start = 0
            var i = 0
            while i < all.count {
                let b = all[i]
                var width = 0
                switch b {
                case 0x0A, 0x0B, 0x0C: width = 1
                case 0x0D: width = i + 1 < all.count && all[i + 1] == 0x0A ? 2 : 1
                case 0xC2 where i + 1 < all.count && all[i + 1] == 0x85: width = 2
                case 0xE2 where i + 2 < all.count && all[i + 1] == 0x80 && (all[i + 2] == 0xA8 || all[i + 2] == 0xA9): width = 3
                default: break
                }
                if width > 0 {
                    body(UnsafeBufferPointer(rebasing: all[start..<i]))
                    i += width
                    start = i
                } else {
                    i += 1
                }
            }
            body(UnsafeBufferPointer(rebasing: all[start..<all.count]))
        }
    }

    /// A string as a YAML double-quoted scalar, which PyYAML, Obsidian and every YAML 1.1 or 1.2
    /// reader take back as it was: `"` and `\` escaped, and every character YAML does not allow
    /// raw in a stream (C0 and C1 controls but tab, U+FEFF, U+FFFE, U+FFFF; U+2028 and U+2029,
    /// which some readers take as line breaks) written as `\uXXXX`; line breaks as `\n`, so a
    /// value can never end the front matter (`---`) or start a key.
    static func yamlQuoted(_ s: String) -> String {
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) { return "\"" + s + "\"" }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                let v = scalar.value
                if v < 0x20 || v == 0x7F || (v >= 0x80 && v <= 0x9F) || v == 0xFEFF || v == 0xFFFE || v == 0xFFFF
                    || v == 0x2028 || v == 0x2029
                {
                    let hex = String(v, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
