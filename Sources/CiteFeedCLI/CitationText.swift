import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// Human-readable forms of citations for the terminal: the `list` table, the `show` card, and
/// the one-line form that `copy` puts on the clipboard.
enum CitationText {
    /// `“text” — author, source`, leaving out what is missing.
    static func clipboard(_ c: Citation) -> String {
        let attribution = PickSnapshot(c).attribution
        return "“\(c.text)”" + (attribution.isEmpty ? "" : " — " + attribution)
    }

    /// The `list` table: id, favourite star, text cut to fit, author, tags in their colours.
    /// Values are made safe for the terminal before they are measured, so columns stay aligned.
    static func table(_ citations: [Citation], terminal: Terminal) -> TerminalText {
        let idWidth = max(2, citations.map { String($0.id).count }.max() ?? 2)
        let authors = citations.map { TextWidth.truncate(($0.author ?? "").foldedToOneLine.terminalSafe, to: 24) }
        let authorWidth = max(6, authors.map { TextWidth.columns(of: $0) }.max() ?? 6)
        let tagTexts = citations.map { $0.tags.map(\.name.terminalSafe).joined(separator: " ") }
        let tagWidth = min(30, max(4, tagTexts.map { TextWidth.columns(of: $0) }.max() ?? 4))
        // id, star, text, author, tags separated by two spaces.
        let available = max(20, terminal.width - idWidth - 1 - authorWidth - tagWidth - 8)
        let texts = citations.map { $0.text.foldedToOneLine.terminalSafe }
        let longest = texts.map { TextWidth.columns(of: $0) }.max() ?? 0
        let textWidth = min(available, max(4, longest))
        let header =
            "ID".leftPadded(to: idWidth) + "  " + " " + "  " + "TEXT".padding(to: textWidth) + "  " + "AUTHOR".padding(to: authorWidth)
            + "  " + "TAGS"
        var out = terminal.bold(header) + "\n"
        for (i, c) in citations.enumerated() {
            let star = c.favourite ? terminal.paint("★", "33") : " "
            let text = TextWidth.truncate(texts[i], to: textWidth).padding(to: textWidth)
            let tags = tagsLine(c.tags, width: tagWidth, terminal: terminal)
            let line: TerminalText =
                "\(String(c.id).leftPadded(to: idWidth))  \(star)  \(text)  \(authors[i].padding(to: authorWidth))  \(tags)"
            out += line.trimmingTrailingSpaces() + "\n"
        }
        return out
    }

    /// Tag names in their colours, cut to `width` columns.
    static func tagsLine(_ tags: [Tag], width: Int, terminal: Terminal) -> TerminalText {
        var out: TerminalText = ""
        var used = 0
        for tag in tags {
            let name = tag.name.terminalSafe
            let cost = (used == 0 ? 0 : 1) + TextWidth.columns(of: name)
            if used + cost > width {
                out += used == 0 ? terminal.tint(TextWidth.truncate(name, to: width), tag.color) : "…"
                break
            }
            out += (used == 0 ? "" : " ") + terminal.tint(name, tag.color)
            used += cost
        }
        return out
    }

    /// The `show` card: every field, one per line; multi-line values indented.
    static func card(_ c: Citation, now: Timestamp, terminal: Terminal, study: CardRecord? = nil) -> TerminalText {
        func date(_ t: Timestamp) -> TerminalText { "\(t.localShort) (\(t.relative(to: now)))" }
        var rows: [(String, TerminalText)] = [("id", "\(c.id)"), ("text", TerminalText(c.text))]
        if let back = c.back { rows.append(("back", TerminalText(back))) }
        if let author = c.author { rows.append(("author", TerminalText(author))) }
        if let source = c.source { rows.append(("source", TerminalText(source))) }
        rows.append(
            ("tags", c.tags.isEmpty ? "none" : TerminalText.joined(c.tags.map { terminal.tint($0.name, $0.color) }, separator: ", ")))
        rows.append(("favourite", c.favourite ? "yes" : "no"))
        rows.append(("created", date(c.createdAt)))
        rows.append(("updated", date(c.updatedAt)))
        if let archived = c.archivedAt { rows.append(("archived", date(archived))) }
        if let study {
            // The card's state and when it is next due.
            let state = c.isArchived ? "\(study.card.state.rawValue), suspended (archived)" : study.card.state.rawValue
            let due: TerminalText = study.card.state == .new ? "new: when you study" : date(study.card.due)
            rows.append(("card", TerminalText(state + (study.reps > 0 ? ", \(study.reps) review\(study.reps == 1 ? "" : "s")" : ""))))
            rows.append(("due", due))
        }
        rows.append(("uuid", TerminalText(c.uuid)))
        var out: TerminalText = ""
        for (label, value) in rows {
            let lines = value.rendered.split(separator: "\n", omittingEmptySubsequences: false)
            out += terminal.bold(label.padding(to: 10)) + TerminalText(trusted: String(lines[0])) + "\n"
            for line in lines.dropFirst() { out += TerminalText(trusted: String(repeating: " ", count: 10) + line + "\n") }
        }
        return out
    }

}

extension String {
    func leftPadded(to width: Int) -> String {
        let w = TextWidth.columns(of: self)
        return w >= width ? self : String(repeating: " ", count: width - w) + self
    }
}
