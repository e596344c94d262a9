import CiteFeedModel
import CiteFeedSupport

/// A page's new text: the page as the user has it (or nothing, for a new page) with the
/// library's blocks put in (`NotesItem.merged`), its properties brought up to date, and every
/// line of the user's where it was. The same library and the same file give the same bytes, so
/// a page nothing changed in is not written.
struct NotesComposer {
    let renderer: NotesRenderer
    var format: NotesFormat { renderer.format }

    /// The page's text; a failure when the user broke its markers. `known`: the uuids whose
    /// Logseq blocks are citefeed's (the page's, and those it held last time); `previousTags`:
    /// the tags citefeed wrote in its front matter last time.
    func text(of page: NotesPage, existing: String?, known: Set<String>, previousTags: [String]) -> Result<String, NotesPageProblem> {
        if existing == nil { return .success(String(decoding: fresh(page), as: UTF8.self)) }
        var byUUID: [String: Citation] = [:]
        for c in page.blocks + page.archived { byUUID[c.uuid.lowercased()] = c }
        let active = page.blocks.map { $0.uuid.lowercased() }
        let archived = page.archived.map { $0.uuid.lowercased() }
        func lines(_ item: NotesItem) -> [String] {
            switch item {
            case .text(let lines): return lines.map(String.init)
            case .block(let uuid): return byUUID[uuid].map { renderer.block($0, on: page) } ?? []
            case .archivedHeading:
                return format == .logseq
                    ? ["- " + NotesRenderer.archivedHeading, "  " + NotesLogseqText.archivedProperty] : [NotesRenderer.archivedHeading]
            }
        }
        if format == .logseq {
            var parsed = NotesLogseqText()
            if let existing {
                switch NotesLogseqText.parse(existing, known: known) {
                case .success(let p): parsed = p
                case .failure(let problem): return .failure(problem)
                }
            }
            let items = NotesItem.merged(parsed.items, active: active, archived: archived)
            var out = NotesLogseqText.mergedProperties(parsed.properties, ours: renderer.pageProperties(page))
            if !items.isEmpty { out.append("") }
            for item in items {
                var block = lines(item)
                // The properties the user gave it, after its id.
                if case .block(let uuid) = item, let extra = parsed.extraProperties[uuid], block.count >= 2 {
                    block.insert(contentsOf: extra.map { "  " + $0 }, at: 2)
                }
                out += block
            }
            return .success(out.joined(separator: "\n") + "\n")
        }
        var parsed = NotesPageText()
        if let existing {
            switch NotesPageText.parse(existing, format: format) {
            case .success(let p): parsed = p
            case .failure(let problem): return .failure(problem)
            }
        } else {
            parsed.above = renderer.header(page).map { Substring($0) }
            if !parsed.above.isEmpty { parsed.above.append("") }
        }
        var out: [String] = []
        if format.hasFrontMatter {
            out =
                ["---"] + NotesFrontMatter.merged(parsed.frontMatter, ours: renderer.frontMatter(page), previousTags: previousTags) + [
                    "---"
                ]
        }
        out += parsed.above.map(String.init)
        out.append(NotesPageText.beginMarker(page.key))
        for item in NotesItem.merged(parsed.items, active: active, archived: archived) { out += [""] + lines(item) }
        out += ["", NotesPageText.endMarker]
        out += parsed.below.map(String.init)
        return .success(out.joined(separator: "\n") + "\n")
    }

    /// A new page's bytes: what `text` makes of no file, without looking anything up and with
    /// no string per line (most pages of a first export).
    func fresh(_ page: NotesPage) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024 * (page.blocks.count + page.archived.count + 1))
        func line(_ s: String) {
            out += s.utf8
            out.append(0x0A)
        }
        let archivedHeading =
            format == .logseq
            ? ["- " + NotesRenderer.archivedHeading, "  " + NotesLogseqText.archivedProperty] : [NotesRenderer.archivedHeading]
        if format == .logseq {
            for property in renderer.pageProperties(page) { line(property.line) }
            if !page.blocks.isEmpty || !page.archived.isEmpty { out.append(0x0A) }
            for c in page.blocks { renderer.appendBlock(c, on: page, to: &out) }
            if !page.archived.isEmpty {
                archivedHeading.forEach(line)
                for c in page.archived { renderer.appendBlock(c, on: page, to: &out) }
            }
            return out
        }
        if format.hasFrontMatter {
            line("---")
            for entry in renderer.frontMatter(page) { entry.lines.forEach(line) }
            line("---")
        }
        let header = renderer.header(page)
        if !header.isEmpty { (header + [""]).forEach(line) }
        line(NotesPageText.beginMarker(page.key))
        for c in page.blocks {
            out.append(0x0A)
            renderer.appendBlock(c, on: page, to: &out)
        }
        if !page.archived.isEmpty {
            out.append(0x0A)
            archivedHeading.forEach(line)
            for c in page.archived {
                out.append(0x0A)
                renderer.appendBlock(c, on: page, to: &out)
            }
        }
        out.append(0x0A)
        line(NotesPageText.endMarker)
        return out
    }

    /// How many lines of a page (as `text` made it) are the user's, not counting blank ones and
    /// the title and attribution citefeed put above a new Markdown page; `nil` when it cannot
    /// be read.
    func userLines(in text: String) -> Int? {
        func count(_ lines: [Substring]) -> Int { lines.filter { !$0.allSatisfy(\.isWhitespace) }.count }
        func textLines(_ items: [NotesItem]) -> Int {
            items.reduce(0) { n, item in if case .text(let lines) = item { n + count(lines) } else { n } }
        }
        if format == .logseq {
            guard case .success(let page) = NotesLogseqText.parse(text, known: []) else { return nil }
            let ours = ["title::", "author::", "source::", "citefeed-page::"]
            let properties = page.properties.filter { line in !ours.contains { String(line).trimmingWhitespace().hasPrefix($0) } }
            return count(properties) + textLines(page.items)
        }
        guard case .success(let page) = NotesPageText.parse(text, format: format) else { return nil }
        var above = page.above.filter { line in !line.allSatisfy { $0.isWhitespace } }
        if format == .markdown, above.first?.hasPrefix("# ") == true {
            above.removeFirst()
            if let by = above.first, by.hasPrefix("*"), by.hasSuffix("*") { above.removeFirst() }
        }
        let ours: Set<String> = ["author", "source", "tags", "citefeed-page", "citefeed-uuids"]
        let frontMatter = NotesFrontMatter.entries(page.frontMatter ?? []).filter { $0.key.map { !ours.contains($0) } ?? true }
        return above.count + count(page.below) + textLines(page.items) + frontMatter.reduce(0) { $0 + count($1.lines) }
    }

    /// The key of the page a file is, if it is one of citefeed's (for a page the user renamed
    /// or moved): Obsidian's front matter `citefeed-page` (else the begin marker's), Markdown's
    /// begin marker, Logseq's page property `citefeed-page::`.
    static func key(of text: String, format: NotesFormat) -> String? {
        switch format {
        case .logseq:
            guard case .success(let page) = NotesLogseqText.parse(text, known: []) else { return nil }
            return page.property("citefeed-page").map { NotesFrontMatter.unquoted($0) }
        case .obsidian, .markdown:
            guard case .success(let page) = NotesPageText.parse(text, format: format) else { return nil }
            return page.frontMatter.flatMap { NotesFrontMatter.value("citefeed-page", in: $0) } ?? page.key
        }
    }
}
