/// `citefeed study [--tag T]... [--favourites] [--order shuffle|sequential]`
struct StudyCommand: Command {
    enum Order: String, CaseIterable, Sendable {
        case shuffle, sequential
    }

    static let tag = Option("tag", "T", "only citations with this tag (repeat: any of them)", repeatable: true)
    static let favourites = Flag("favourites", "only favourites")
    static let order = Option("order", "O", "shuffle (default) or sequential (by id)", choices: Order.self)

    static let spec = CommandSpec(
        name: "study", usage: "[--tag T]... [--favourites] [--order shuffle|sequential]",
        summary: "Review citations as flashcards on the terminal.",
        details: """
            Shows one card at a time, front first (its text, author and source).
            Keys: space or enter shows the back (then goes on to the next card),
            n next, p previous, f favourite on or off, c copy, q (or Ctrl-C) quit.
            Archived citations are left out. It needs a terminal: keys are read one at a time.
            """,
        options: [tag, favourites, order],
        positionals: (0, 0), positionalName: "")

    let query: CitationQuery
    let order: Order

    init(_ arguments: ParsedArguments) throws {
        var query = CitationQuery()
        query.tags = try arguments.values(Self.tag).map { name throws(ModelError) in try Tag.validateName(name) }
        query.favouritesOnly = arguments(Self.favourites)
        self.query = query
        order =
            try arguments.choice(Self.order, Order.self) ?? .shuffle
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

