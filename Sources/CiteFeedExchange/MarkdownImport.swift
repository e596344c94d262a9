import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

// Markdown notes, as kept in Obsidian or Logseq vaults: quotes are blockquotes.
extension Importers {
    /// Each blockquote (a run of lines starting with `>`) is a citation. Its attribution is a
    /// last line inside it (`> — Author, Source`), the line right after it (`— Author`,
    /// `-- Author, Source`), read as fortune files' attributions are, or a dash and a name after
    /// the closing quotation mark of its last line (`> "…" — Author`). An Obsidian callout's
    /// first line (`> [!quote] Title`) is not part of the text; Logseq's bullet (`- > text`)
    /// is allowed before the `>`. Everything outside blockquotes is left out.
    static func markdown(_ text: String) -> [ImportRecord] {
        var records: [ImportRecord] = []
        var quote: [String] = []
        var start = 0
        func flush(next: String?) {
            defer { quote = [] }
            var lines = quote
            while lines.last?.trimmingWhitespace().isEmpty == true { lines.removeLast() }
            while lines.first?.trimmingWhitespace().isEmpty == true { lines.removeFirst() }
            guard !lines.isEmpty else { return }
            var r = ImportRecord(location: .line(start), text: nil)
            if let (author, source, from) = attribution(lines) {
                (r.author, r.source) = (author, source)
                lines.removeSubrange(from...)
            } else if let next, let (author, source, _) = attribution(lines + [next]) {
                (r.author, r.source) = (author, source)
            } else if let (quoted, author, source) = inlineAttribution(lines[lines.count - 1]) {
                (r.author, r.source) = (author, source)
                lines[lines.count - 1] = quoted
            }
            r.text = lines.joined(separator: "\n")
            records.append(r)
        }
        let all = text.lines.map(String.init)
        for (i, line) in all.enumerated() {
            var body = Substring(line.trimmingWhitespace())
            if body.hasPrefix("- >") || body.hasPrefix("* >") { body = body.dropFirst(2) }
            guard body.hasPrefix(">") else {
                if !quote.isEmpty { flush(next: line) }
                continue
            }
            while body.hasPrefix(">") { body = body.dropFirst().drop(while: { $0 == " " }) }
            if quote.isEmpty {
                start = i + 1
                if body.hasPrefix("[!") { continue }  // a callout's type and title
            }
            quote.append(String(body))
        }
        if !quote.isEmpty { flush(next: nil) }
        return records
    }

    /// A quotation closed by a quotation mark and followed by a dash and a name on its line:
    /// `"Information is not truth." — Yuval Noah Harari`, as the quotation, author and source.
    static func inlineAttribution(_ line: String) -> (String, String, String?)? {
        guard let dash = line.lastIndex(where: { $0 == "—" || $0 == "–" }) else { return nil }
        let quoted = String(line[..<dash]).trimmingWhitespace()
        let name = String(line[line.index(after: dash)...]).trimmingWhitespace()
        guard let close = quoted.last, "\"”»“".contains(close), quoted.count > 2, !name.isEmpty, name.count <= 80,
            !name.contains(where: { "\"”“".contains($0) }), case let (author?, source, _)? = attribution([quoted, "— " + name])
        else { return nil }
        return (quoted, author, source)
    }
}
