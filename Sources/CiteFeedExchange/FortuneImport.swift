import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

// fortune files: entries separated by lines holding only `%` (LF or CRLF).
extension Importers {
    /// Each entry becomes a citation. What only steered a terminal is dropped: overstrike
    /// (`_\bb`, `b\bb`: the character before a backspace), ANSI escape sequences (colours) and
    /// the bell. A last line that attributes the entry (`-- Author`, `— Author, Source`, mostly
    /// indented; a line after it that is indented more continues it) gives author and source,
    /// when some text comes before it.
    static func fortune(_ text: String) -> [ImportRecord] {
        var records: [ImportRecord] = []
        var lines: [String] = []
        var startLine = 1
        var lineNumber = 0
        func flush() {
            defer { lines = [] }
            guard lines.contains(where: { !$0.trimmingWhitespace().isEmpty }) else { return }
            var body = lines
            while body.last?.trimmingWhitespace().isEmpty == true { body.removeLast() }
            var r = ImportRecord(location: .line(startLine), text: nil)
            if let (author, source, from) = attribution(body) {
                r.author = author
                r.source = source
                body.removeSubrange(from...)
            }
            // citefeed's own export: the back after a blank line, each of its lines after "→"
            // (`ExportWriter`), and a line of the text that is "%" written as "% ".
            if let (text, back) = BackLines.split(body) {
                body = text
                r.back = back
            }
            r.text = body.map { $0 == "% " ? "%" : $0 }.joined(separator: "\n")
            records.append(r)
        }
        for l in text.lines {
            lineNumber += 1
            if l == "%" {
                flush()
                startLine = lineNumber + 1
            } else {
                lines.append(terminalEffectsRemoved(String(l)))
            }
        }
        flush()
        return records
    }

    /// A citation's back as citefeed's text exports write it: every line of it after `→ ` (`→`
    /// alone for an empty one); in `fortune` after the text and a blank line, in `txt` after the
    /// text (`CitefeedText`).
    enum BackLines {
        /// The lines of `back` as they are written.
        static func lines(_ back: String) -> [String] {
            back.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "→" : "→ " + $0 }
        }

        /// The line of the back that `line` writes, or `nil` when it is not one.
        static func text(of line: String) -> String? {
            line == "→" ? "" : line.hasPrefix("→ ") ? String(line.dropFirst(2)) : nil
        }

        /// A fortune entry's lines parted into its text and its back, where it ends in one.
        static func split(_ lines: [String]) -> (text: [String], back: String)? {
            var start = lines.count
            while start > 0, text(of: lines[start - 1]) != nil { start -= 1 }
            guard start < lines.count, start >= 2, lines[start - 1].isEmpty else { return nil }
            return (Array(lines[..<(start - 1)]), lines[start...].compactMap(text(of:)).joined(separator: "\n"))
        }
    }

    /// The dashes that start an attribution line (`-- Author`, `— Author, Source`).
    static let attributionDashes = ["--", "—", "―", "–", "~"]

    /// The author and source of an entry whose last line (or last two, the second a
    /// continuation) attributes it, and where that attribution starts.
    static func attribution(_ lines: [String]) -> (String?, String?, Int)? {
        for from in [lines.count - 1, lines.count - 2] where from >= 1 {
            let first = lines[from].trimmingWhitespace()
            guard let dash = attributionDashes.first(where: { first.hasPrefix($0) }) else { continue }
            // A continuation is indented (the attribution line usually is too).
            if from == lines.count - 2 && !(lines[from + 1].first?.isWhitespace ?? false) { continue }
            let joined = lines[from...].map { $0.trimmingWhitespace() }.joined(separator: " ")
            let words = String(joined.dropFirst(dash.count)).trimmingWhitespace()
            guard !words.isEmpty, !words.hasSuffix("--") else { return nil }
            // citefeed's own form where a comma would not part them (`Attribution`).
            if let (author, source) = Attribution.parse(words) { return (author, source, from) }
            if let comma = words.firstIndex(of: ",") {
                let author = String(words[..<comma]).trimmingWhitespace()
                var source = String(words[words.index(after: comma)...]).trimmingWhitespace()
                if source.count > 1, let q = source.first, "\"“'".contains(q), let e = source.last, "\"”'".contains(e) {
                    source = String(source.dropFirst().dropLast())
                }
                // `Vincent Sardi, Jr.` is one name.
                if ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv", "phd", "ph.d.", "md", "m.d."].contains(source.lowercased()) {
                    return (words, nil, from)
                }
                if !author.isEmpty { return (author, source.isEmpty ? nil : source, from) }
            }
            return (words, nil, from)
        }
        return nil
    }

    /// A citation written with its attribution on one line, after a spaced dash:
    /// `Stay hungry — Steve Jobs, Stanford, 2005`; the name part at most 80 characters.
    static func trailingAttribution(_ text: String) -> (String, String, String?)? {
        guard let dash = [" — ", " – ", " ― ", " -- "].compactMap({ text.ranges(of: $0).last }).max(by: { $0.lowerBound < $1.lowerBound })
        else { return nil }
        let quote = String(text[..<dash.lowerBound]).trimmingWhitespace()
        let name = String(text[dash.upperBound...]).trimmingWhitespace()
        guard !quote.isEmpty, !name.isEmpty, name.count <= 80, !name.contains("\n"),
            case let (author?, source, _)? = attribution([quote, "— " + name])
        else { return nil }
        return (quote, author, source)
    }

    /// `line` without overstrike, ANSI escape sequences and bells.
    static func terminalEffectsRemoved(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: { $0 == "\u{8}" || $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\u{9B}" }) else {
            return line
        }
        var out: [Unicode.Scalar] = []
        var scalars = line.unicodeScalars.makeIterator()
        while let c = scalars.next() {
            switch c {
            case "\u{8}": if !out.isEmpty { out.removeLast() }
            case "\u{7}": break
            case "\u{1B}", "\u{9B}":
                // CSI (ESC [ or U+009B): parameters and intermediates, then a final byte @–~;
                // any other: intermediates (space to /), then one final character.
                var csi = c == "\u{9B}"
                if !csi, var next = scalars.next() {
                    csi = next == "["
                    while !csi, (0x20...0x2F).contains(next.value), let after = scalars.next() { next = after }
                }
                if csi {
                    while let p = scalars.next(), !(0x40...0x7E).contains(p.value) {}
                }
            default: out.append(c)
            }
        }
        var s = String.UnicodeScalarView()
        s.append(contentsOf: out)
        return String(s)
    }
}
