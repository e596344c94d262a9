import CiteFeedModel
import CiteFeedSupport

/// The lines citefeed writes for a page of a notes folder: its properties (Obsidian's front
/// matter, Logseq's page properties), its header, and each citation's block. Values in, lines
/// out; where they go in a page the user has edited is `NotesPageText`'s.
package struct NotesRenderer: Sendable {
    package let format: NotesFormat

    package init(_ format: NotesFormat) { self.format = format }

    /// The heading archived citations are moved under.
    static let archivedHeading = "## Archived"

    /// The id Obsidian links a block by (`[[Page#^cf-…]]`): letters, digits and dashes only.
    static func blockID(_ uuid: String) -> String { "cf-" + uuid.lowercased() }

    /// The entries of the page's front matter citefeed owns, in its order (`NotesFrontMatter`
    /// keeps the user's other keys).
    func frontMatter(_ page: NotesPage) -> [(key: String, lines: [String])] {
        var entries: [(String, [String])] = []
        if let author = page.author { entries.append(("author", ["author: " + NotesMarkup.yamlQuoted(author)])) }
        if let source = page.source { entries.append(("source", ["source: " + NotesMarkup.yamlQuoted(source)])) }
        let tags = NotesRenderer.uniqueTags(page.tags)
        entries.append(("tags", tags.isEmpty ? ["tags: []"] : ["tags:"] + tags.map { "  - " + NotesMarkup.yamlQuoted($0) }))
        entries.append(("citefeed-page", ["citefeed-page: " + NotesMarkup.yamlQuoted(page.key)]))
        let uuids = page.uuids
        entries.append(("citefeed-uuids", uuids.isEmpty ? ["citefeed-uuids: []"] : ["citefeed-uuids:"] + uuids.map { "  - " + $0 }))
        return entries
    }

    /// What opens the region citefeed writes in: Markdown's title and attribution (Obsidian
    /// shows the file's name, and the front matter the rest).
    func header(_ page: NotesPage) -> [String] {
        guard format == .markdown else { return [] }
        var lines = ["# " + NotesMarkup.inline(Substring(page.title))]
        let by = [page.author, page.source.flatMap { $0 == page.title ? nil : $0 }].compactMap { $0 }
        if !by.isEmpty { lines += ["", "*" + by.map { NotesMarkup.inline(Substring($0)) }.joined(separator: ", ") + "*"] }
        return lines
    }

    /// A citation's block: its text quoted (Obsidian: a callout whose type is its colour), its
    /// back as a quote inside, then a line with what the page does not say already (its author,
    /// where in the source it is), its tags and a star for a favourite; Obsidian's ends with
    /// the block id, Markdown's starts with a comment holding the uuid.
    func block(_ c: Citation, on page: NotesPage) -> [String] {
        var bytes: [UInt8] = []
        appendBlock(c, on: page, to: &bytes)
        bytes.removeLast()
        return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `block`'s lines, each ended by a line feed, appended to a page's bytes (a new page is
    /// written this way, with no string per line).
    func appendBlock(_ c: Citation, on page: NotesPage, to out: inout [UInt8]) {
        if format == .logseq { return appendLogseqBlock(c, on: page, to: &out) }
        if format == .markdown {
            out += "<!-- cf:".utf8
            NotesRenderer.appendLowercased(c.uuid, to: &out)
            out += " -->\n".utf8
        }
        if format == .obsidian { out += "> [!\(NotesRenderer.calloutType(c.tags))]\n".utf8 }
        NotesRenderer.appendQuoted(c.text, prefix: ">", to: &out)
        if let back = c.back.trimmedNonEmpty {
            out += ">\n".utf8
            NotesRenderer.appendQuoted(back, prefix: "> >", to: &out)
        }
        let mark = out.count
        out += ">\n> ".utf8
        if !appendFooter(c, on: page, to: &out) { out.removeSubrange(mark...) } else { out.append(0x0A) }
        if format == .obsidian {
            out += "\n^cf-".utf8
            NotesRenderer.appendLowercased(c.uuid, to: &out)
            out.append(0x0A)
        }
    }

    /// Each line of `text` after `prefix` and a space (a blank line: the prefix alone).
    private static func appendQuoted(_ text: String, prefix: StaticString, to out: inout [UInt8]) {
        NotesMarkup.forEachLine(text) { line in
            prefix.withUTF8Buffer { out += $0 }
            out.append(0x20)
            let mark = out.count
            NotesMarkup.inline(line, logseq: false, into: &out)
            if out.count == mark { out.removeLast() }
            out.append(0x0A)
        }
    }

    /// A uuid in lower case, as block ids and `id::` have it.
    private static func appendLowercased(_ uuid: String, to out: inout [UInt8]) {
        for b in uuid.utf8 { out.append(b >= 0x41 && b <= 0x5A ? b | 0x20 : b) }
    }

    /// Logseq's block: the text's first line after `- `, its `id::` (where Logseq writes a
    /// block's properties), the rest of the text, the back in a `#+BEGIN_QUOTE` block, and the
    /// line `footer` gives; every line after the first indented by two spaces.
    private func appendLogseqBlock(_ c: Citation, on page: NotesPage, to out: inout [UInt8]) {
        func id() {
            out += "  id:: ".utf8
            NotesRenderer.appendLowercased(c.uuid, to: &out)
            out.append(0x0A)
        }
        // Blank lines before the first are dropped; the others indented, a blank one left empty.
        var started = false
        func line(_ raw: UnsafeBufferPointer<UInt8>) {
            let mark = out.count
            out += started ? "  ".utf8 : "- ".utf8
            let text = out.count
            NotesMarkup.inline(raw, logseq: true, into: &out)
            if out.count == text {
                if !started { return out.removeSubrange(mark...) }
                out.removeSubrange(mark...)
            }
            out.append(0x0A)
            if !started {
                started = true
                id()
            }
        }
        NotesMarkup.forEachLine(c.text, line)
        if !started {
            out += "- \n".utf8
            id()
            started = true
        }
        if let back = c.back.trimmedNonEmpty {
            out += "  #+BEGIN_QUOTE\n".utf8
            NotesMarkup.forEachLine(back, line)
            out += "  #+END_QUOTE\n".utf8
        }
        let mark = out.count
        out += "  ".utf8
        if !appendFooter(c, on: page, to: &out) { out.removeSubrange(mark...) } else { out.append(0x0A) }
    }

    /// Logseq's page properties citefeed owns, by key: the title (Logseq shows it whatever the
    /// file's name), the author and source as plain text, and the page's key, quoted (a quoted
    /// value is never read as links).
    func pageProperties(_ page: NotesPage) -> [(key: String, line: String)] {
        // A page no longer citefeed's (`NotesFolder.retire`) keeps its title and author as they are.
        if page.title.isEmpty { return [("citefeed-page", "citefeed-page:: " + NotesMarkup.yamlQuoted(page.key))] }
        var out = [("title", "title:: " + NotesMarkup.inline(Substring(page.title), logseq: true))]
        if let author = page.author { out.append(("author", "author:: " + NotesMarkup.inline(Substring(author), logseq: true))) }
        if let source = page.source, source != page.title {
            out.append(("source", "source:: " + NotesMarkup.inline(Substring(source), logseq: true)))
        }
        out.append(("citefeed-page", "citefeed-page:: " + NotesMarkup.yamlQuoted(page.key)))
        return out
    }

    /// Appends `— Author, where · #tag #tag ★`; false when there is nothing to say.
    private func appendFooter(_ c: Citation, on page: NotesPage, to out: inout [UInt8]) -> Bool {
        let start = out.count
        func part() { if out.count > start { out += " · ".utf8 } }
        func inline(_ s: String) {
            var s = s
            s.withUTF8 { NotesMarkup.inline($0, logseq: format == .logseq, into: &out) }
        }
        var by: [String] = []
        if let author = c.author.trimmedNonEmpty, author != page.author { by.append(author) }
        if let source = c.source.trimmedNonEmpty {
            let book = NotesPage.book(source)
            if book != page.source { by.append(source) } else if let place = NotesPage.place(source) { by.append(place) }
        }
        if !by.isEmpty {
            out += "— ".utf8
            for (i, name) in by.enumerated() {
                if i > 0 { out += ", ".utf8 }
                inline(name)
            }
        }
        if !c.tags.isEmpty {
            part()
            switch format {
            case .obsidian, .logseq:
                for (i, tag) in NotesRenderer.uniqueTags(c.tags.map(\.name)).enumerated() {
                    out += (i > 0 ? " #" : "#").utf8
                    out += tag.utf8
                }
            default:
                for (i, tag) in c.tags.enumerated() {
                    if i > 0 { out += ", ".utf8 }
                    inline(tag.name)
                }
            }
        }
        if c.favourite {
            part()
            out += "★".utf8
        }
        return out.count > start
    }

    /// Tag names as Obsidian's tags: letters, digits, `_`, `-` and `/` (nested tags) kept,
    /// everything else (spaces, `#`, `.`) a `-`; a name of digits alone gets `tag-` before it, as
    /// Obsidian wants a letter. Names that become alike are one.
    static func uniqueTags(_ names: [String]) -> [String] {
        if names.count == 1 { return obsidianTag(names[0]).map { [$0] } ?? [] }
        var out: [String] = []
        // A citation's few tags are compared in turn; a page's many through a set.
        if names.count <= 16 {
            for name in names {
                guard let tag = obsidianTag(name) else { continue }
                if !out.contains(where: { sameIgnoringCase($0, tag) }) { out.append(tag) }
            }
            return out
        }
        var seen: Set<String> = []
        for name in names {
            guard let tag = obsidianTag(name) else { continue }
            if seen.insert(tag.lowercased()).inserted { out.append(tag) }
        }
        return out
    }

    /// Whether two tags are one to Obsidian (which ignores case): ASCII compared byte by byte.
    private static func sameIgnoringCase(_ a: String, _ b: String) -> Bool {
        guard a.utf8.allSatisfy({ $0 < 0x80 }) && b.utf8.allSatisfy({ $0 < 0x80 }) else { return a.lowercased() == b.lowercased() }
        return a.utf8.count == b.utf8.count
            && a.utf8.elementsEqual(b.utf8) { x, y in x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A) }
    }

    /// One tag name as Obsidian's (`uniqueTags`); `nil` when nothing of it is left.
    static func obsidianTag(_ name: String) -> String? {
        // Most names are ASCII letters, digits, `_` and `-`: themselves, unless digits alone.
        var letter = false
        if name.utf8.allSatisfy({ b in
            let isLetter = (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A
            letter = letter || isLetter || b == 0x5F
            return isLetter || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D
        }), !name.isEmpty {
            return letter ? name : "tag-" + name
        }
        var tag = ""
        for s in name.unicodeScalars {
            let kept = s.properties.isAlphabetic || s.properties.numericType != nil || s == "_" || s == "-" || s == "/"
            let c: Character = kept ? Character(s) : "-"
            // No empty level of a nested tag (`a//b`, a leading or trailing `/`).
            if c == "/" && (tag.isEmpty || tag.last == "/") { continue }
            tag.append(c)
        }
        while tag.last == "/" { tag.removeLast() }
        if tag.isEmpty { return nil }
        if tag.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "_" || $0 == "/" }) { tag = "tag-" + tag }
        return tag
    }

    /// Obsidian's callout for a citation's colour: that of its highlight-colour tag (a tag named
    /// after a colour, as highlights import them), else of its first tag; the built-in callout
    /// nearest it in Obsidian's default colours; `quote` (grey) without tags.
    static func calloutType(_ tags: [Tag]) -> String {
        guard let tag = tags.first(where: { Palette.names.contains($0.name.lowercased()) }) ?? tags.first else { return "quote" }
        let named = Palette.names.contains(tag.color) ? tag.color : nearestPaletteName(Palette.rgb(of: tag.color))
        return calloutByColour[named] ?? "quote"
    }

    private static let calloutByColour = [
        "red": "danger", "orange": "warning", "yellow": "question", "green": "success", "mint": "tip", "teal": "abstract",
        "blue": "note", "indigo": "info", "purple": "example", "pink": "bug",
    ]

    private static func nearestPaletteName(_ rgb: (Int, Int, Int)) -> String {
        // Greys are quotes.
        if max(rgb.0, rgb.1, rgb.2) - min(rgb.0, rgb.1, rgb.2) < 24 { return "grey" }
        return Palette.names.min { a, b in distance(Palette.rgb(of: a), rgb) < distance(Palette.rgb(of: b), rgb) } ?? "blue"
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)
    }
}
