import Glibc

/// `citefeed study [--tag T]... [--favourites] [--order shuffle|sequential]`
struct StudyCommand: Command {
    enum Order: String, CaseIterable, Sendable {
        case shuffle, sequential
    }

    static let spec = CommandSpec(
        name: "study", usage: "[--tag T]... [--favourites] [--order shuffle|sequential]",
        summary: "Review citations as flashcards on the terminal.",
        details: """
            Shows one card at a time, front first (its text, author and source).
            Keys: space or enter shows the back (then goes on to the next card),
            n next, p previous, f favourite on or off, c copy, q (or Ctrl-C) quit.
            Archived citations are left out. It needs a terminal: keys are read one at a time.
            """,
        options: [
            .value("tag", "T", "only citations with this tag (repeat: any of them)", repeatable: true),
            .flag("favourites", "only favourites"),
            .value("order", "O", "shuffle (default) or sequential (by id)", choices: Order.allCases.map(\.rawValue)),
        ],
        positionals: (0, 0), positionalName: "")

    let query: CitationQuery
    let order: Order

    init(_ arguments: ParsedArguments) throws {
        var query = CitationQuery()
        query.tags = arguments.values("tag")
        query.favouritesOnly = arguments.flag("favourites")
        self.query = query
        order =
            try arguments.value("order").map { v throws(UsageError) in try Arguments.choice(v, option: "order", Order.self) } ?? .shuffle
    }

    func run(_ context: Context) throws {
        guard context.stdinIsTerminal && context.stdoutIsTerminal else {
            throw UsageError.other(
                "study reads one key at a time, so it needs a terminal; 'citefeed list' and 'citefeed show ID' print citations anywhere.")
        }
        let library = try context.library()
        var cards = try library.citations(query)
        if cards.isEmpty {
            context.err.line(
                query.tags.isEmpty && !query.favouritesOnly
                    ? "No citations to study yet; add one with: citefeed add \"…\"" : "No citations match.")
            return
        }
        switch order {
        case .shuffle: cards.shuffle()
        case .sequential: cards.sort { $0.id < $1.id }
        }
        var session = StudySession(cards: cards, terminal: context.terminal)
        let raw = RawInput()
        defer { raw.restore() }
        while true {
            context.out.write(session.screen())
            context.out.flush()
            guard let key = raw.key() else { break }
            session.message = ""
            switch key {
            case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                if session.revealed { session.move(by: 1) } else { session.revealed = true }
            case UInt8(ascii: "n"): session.move(by: 1)
            case UInt8(ascii: "p"): session.move(by: -1)
            case UInt8(ascii: "f"):
                // As `fav` and `unfav` do it, so that a bar or feed showing this citation follows.
                let card = session.card
                let now = try context.now()
                _ = try context.changeLibrary { try $0.setFavourite([card.id], !card.favourite, now: now) }
                session.cards[session.index] = try library.citation(id: card.id)
                session.message = card.favourite ? "Removed from favourites." : "Added to favourites."
            case UInt8(ascii: "c"):
                do {
                    try Clipboard.copy(CitationText.clipboard(session.card), context)
                    session.message = "Copied to clipboard!"
                } catch {
                    session.message = error.message
                }
            case UInt8(ascii: "q"), 0x03, 0x04:
                context.out.write("\n")
                context.out.line("Studied \(session.seen.count) of \(cards.count) card\(cards.count == 1 ? "" : "s").")
                return
            default:
                session.message = "Keys: space or enter, n, p, f, c, q."
            }
        }
    }
}

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

    /// The whole screen: cleared, then the card, its back when revealed, and the keys.
    func screen() -> TerminalText {
        let c = card
        var lines: [TerminalText] = ["\u{1B}[H\u{1B}[2J"]
        var header = terminal.dim("Card \(index + 1) of \(cards.count)")
        if c.favourite { header += "  " + terminal.paint("★", "33") }
        if !c.tags.isEmpty { header += "  " + TerminalText.joined(c.tags.map { terminal.tint($0.name, $0.color) }, separator: " · ") }
        lines.append(header)
        lines.append("")
        lines.append(terminal.bold(c.text))
        let attribution = [c.author, c.source].compactMap { $0 }.joined(separator: ", ")
        if !attribution.isEmpty { lines.append(terminal.dim("— " + attribution)) }
        lines.append("")
        if revealed {
            lines.append(c.back.map { TerminalText($0) } ?? terminal.dim("(this card has no back side)"))
            lines.append("")
        }
        lines.append(
            terminal.dim(
                "\(revealed ? "space: next" : "space: show the back") · n next · p previous · f favourite · c copy · q quit" as TerminalText))
        if !message.isEmpty { lines.append(TerminalText(message)) }
        return TerminalText.joined(lines, separator: "\n") + "\n"
    }
}

/// Standard input read a key at a time: the terminal's line editing, echo and signal keys are
/// off while it lives (Ctrl-C arrives as a key, so the terminal is always put back). A signal
/// that ends the process (SIGTERM, SIGHUP from a closed terminal window, SIGINT, SIGQUIT) puts
/// the terminal back first, then ends it as the signal would have.
final class RawInput {
    private let active: Bool
    private static let endingSignals = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]

    init() {
        active = tcgetattr(STDIN_FILENO, &rawInputSaved) == 0
        guard active else { return }
        var raw = rawInputSaved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        for signal in RawInput.endingSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                // Only async-signal-safe calls here: tcsetattr, signal, raise.
                tcsetattr(STDIN_FILENO, TCSANOW, &rawInputSaved)
                _ = Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        // TCSANOW: keys typed before the switch are kept, not flushed.
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    }

    /// The next byte, or `nil` at the end of input.
    func key() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let n = read(STDIN_FILENO, &byte, 1)
            if n == 1 { return byte }
            if n < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// Puts the terminal back as it was, and the signals' default actions.
    func restore() {
        guard active else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &rawInputSaved)
        for signal in RawInput.endingSignals { _ = Glibc.signal(signal, SIG_DFL) }
    }
}

/// The terminal's settings before `RawInput` changed them, global so that a signal handler can
/// put them back.
nonisolated(unsafe) private var rawInputSaved = termios()
