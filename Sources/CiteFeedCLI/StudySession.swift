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
    /// The text and back are wrapped at spaces to the terminal's width (the terminal itself
    /// would break a word where the line ends).
    static func face(_ c: Citation, revealed: Bool, terminal: Terminal) -> [TerminalText] {
        var lines: [TerminalText] = [""]
        lines += wrapped(c.text, terminal.width).map { terminal.bold($0) }
        let attribution = [c.author, c.source].compactMap { $0 }.joined(separator: ", ")
        if !attribution.isEmpty { lines += wrapped("— " + attribution, terminal.width).map { terminal.dim($0) } }
        lines.append("")
        if revealed {
            if let back = c.back {
                lines += wrapped(back, terminal.width).map { TerminalText($0) }
            } else {
                lines.append(terminal.dim("(this card has no back side)"))
            }
            lines.append("")
        }
        return lines
    }

    /// `text`'s lines, each paragraph wrapped at spaces to `width` columns (less one: a line
    /// that fills the width leaves some terminals' cursor on the next), empty lines kept.
    static func wrapped(_ text: String, _ width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            line.isEmpty ? [""] : TextWidth.wrap(String(line), to: max(width - 1, 20))
        }
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
                "\(revealed ? "space: next" : "space: show the back") · n next · p previous · f favourite · c copy · q quit" as TerminalText
            ))
        if !message.isEmpty { lines.append(TerminalText(message)) }
        return TerminalText.joined(lines, separator: "\n") + "\n"
    }
}
