import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// The cards, where the review is, and what a screen of it looks like.
struct StudySession {
    var cards: [Citation]
    var index = 0
    var revealed = false
    var message = ""
    /// The cards shown so far (by position), for the closing line.
    var seen: Set<Int> = [0]
    let terminal: Terminal

    var card: Citation { cards[index] }

    mutating func move(by step: Int) {
        index = (index + step + cards.count) % cards.count
        revealed = false
        seen.insert(index)
    }

    /// The card's tags in their colours, for the end of a header line (empty without tags).
    static func tags(_ c: Citation, _ terminal: Terminal) -> TerminalText {
        c.tags.isEmpty ? "" : "  " + TerminalText.joined(c.tags.map { terminal.tint($0.name, $0.color) }, separator: " · ")
    }

    /// A card below its header: a blank line, its text and attribution, a blank line, and, when
    /// revealed, its back and a blank line (`study` and `study --cram` alike).
    static func face(_ c: Citation, revealed: Bool, terminal: Terminal) -> [TerminalText] {
        var lines: [TerminalText] = ["", terminal.bold(c.text)]
        let attribution = [c.author, c.source].compactMap { $0 }.joined(separator: ", ")
        if !attribution.isEmpty { lines.append(terminal.dim("— " + attribution)) }
        lines.append("")
        if revealed {
            lines.append(c.back.map { TerminalText($0) } ?? terminal.dim("(this card has no back side)"))
            lines.append("")
        }
        return lines
    }

    /// The whole screen: cleared, then the card, its back when revealed, and the keys.
    func screen() -> TerminalText {
        let c = card
        var lines: [TerminalText] = ["\u{1B}[H\u{1B}[2J"]
        var header = terminal.dim("Card \(index + 1) of \(cards.count)")
        if c.favourite { header += "  " + terminal.paint("★", "33") }
        header += StudySession.tags(c, terminal)
        lines.append(header)
        lines += StudySession.face(c, revealed: revealed, terminal: terminal)
        lines.append(
            terminal.dim(
                "\(revealed ? "space: next" : "space: show the back") · n next · p previous · f favourite · c copy · q quit" as TerminalText))
        if !message.isEmpty { lines.append(TerminalText(message)) }
        return TerminalText.joined(lines, separator: "\n") + "\n"
    }
}
