import CiteFeedModel

/// Plain text as Markdown that shows it as written: every ASCII punctuation mark that CommonMark,
/// Obsidian or Logseq could read as syntax is escaped with a backslash (CommonMark shows `\x` as
/// `x` for any ASCII punctuation `x`), so a citation's `*`, `[[`, `]]`, `{{`, `#tag`, `^cf-…`,
/// `==`, `%%`, `$`, `<!--` or `&amp;` are its own characters, never a link, a macro, a tag, a
/// block id, a comment or an entity. Line starts that would begin a block (`-`, `+`, `1.`,
/// `>`, `#`, `---`, `===`) are escaped too, and `&` where it could begin an entity; leading and trailing spaces are dropped, as
/// Markdown would show them as code or a hard break.
enum NotesMarkup {
    /// The ASCII marks escaped wherever they are.
    private static let escaped: Set<UInt8> = Set("\\`*_[]<>#^{}$%~=|".utf8)

    /// Logseq's task markers: a block whose first word is one is a task.
    private static let taskMarkers: Set<Substring> = [
        "TODO", "DOING", "DONE", "LATER", "NOW", "WAITING", "WAIT", "CANCELED", "CANCELLED", "STARTED", "IN-PROGRESS",
    ]

    /// One line of text (no line break in it) as Markdown inline content. For Logseq, also
    /// `::` (a property), `((` (a block reference), a `:` starting a line (a drawer) or after
    /// `SCHEDULED`/`DEADLINE`, and a task marker as the first word (a zero-width space before it).
    static func inline(_ line: Substring, logseq: Bool = false) -> String {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        var out: [UInt8] = []
        out.reserveCapacity(trimmed.utf8.count + 8)
        let bytes = Array(trimmed.utf8)
        var digitsOnly = true
        for (i, byte) in bytes.enumerated() {
            let atStart = i == 0
            let next = i + 1 < bytes.count ? bytes[i + 1] : 0
            let previous = i > 0 ? bytes[i - 1] : 0
            if escaped.contains(byte)
                || (logseq && byte == UInt8(ascii: ":") && (atStart || previous == UInt8(ascii: ":") || scheduling(bytes[..<i])))
                || (logseq && byte == UInt8(ascii: "(") && next == UInt8(ascii: "("))
                || (atStart && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")))
                || (byte == UInt8(ascii: "&")
                    && (next == UInt8(ascii: "#") || (next | 0x20) >= UInt8(ascii: "a") && (next | 0x20) <= UInt8(ascii: "z")))
            {
                out.append(UInt8(ascii: "\\"))
            } else if !atStart && digitsOnly && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")")) {
                // `1.` or `1)` at a line's start begins a list.
                out.append(UInt8(ascii: "\\"))
            }
            digitsOnly = digitsOnly && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            out.append(byte)
        }
        while let last = out.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            // A trailing escaped space cannot occur: spaces are never escaped.
            out.removeLast()
        }
        let result = String(decoding: out, as: UTF8.self)
        if logseq, let word = result.split(separator: " ", maxSplits: 1).first, taskMarkers.contains(word) { return "\u{200B}" + result }
        return result
    }

    private static func scheduling(_ before: ArraySlice<UInt8>) -> Bool {
        before.elementsEqual("SCHEDULED".utf8) || before.elementsEqual("DEADLINE".utf8)
    }

    /// The lines of a text, each as `inline`; a blank line stays blank (a new paragraph). Line
    /// breaks of every kind (`\r\n`, `\r`, U+2028) part lines.
    static func lines(_ text: String, logseq: Bool = false) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { inline($0, logseq: logseq) }
    }

    /// A string as a YAML double-quoted scalar, which PyYAML, Obsidian and every YAML 1.1 or 1.2
    /// reader take back as it was: `"` and `\` escaped, and every character YAML does not allow
    /// raw in a stream (C0 and C1 controls but tab, U+FFFE, U+FFFF, lone surrogates cannot occur
    /// in a Swift string) written as `\uXXXX`; line breaks as `\n`, so a value can never end the
    /// front matter (`---`) or start a key.
    static func yamlQuoted(_ s: String) -> String {
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
