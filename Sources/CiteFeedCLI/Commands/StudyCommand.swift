import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed study [--tag T]... [--favourites] [--order shuffle|sequential]`
struct StudyCommand: Command {
    enum Order: String, CaseIterable, Sendable {
        case shuffle, sequential
    }

    static let tag = Option("tag", "T", "only cards (or with --cram, citations) with this tag (repeat: any of them)", repeatable: true)
    static let favourites = Flag("favourites", "only favourites")
    static let order = Option("order", "O", "shuffle (default) or sequential (by id); with --cram", choices: Order.self)
    static let cram = Flag("cram", "go through citations without scheduling anything (as before spaced repetition)")

    static let spec = CommandSpec(
        name: "study", usage: "[--tag T]... [--favourites] [--rotation NAME] [--cram [--order shuffle|sequential]]",
        summary: "Review your cards with spaced repetition on the terminal (or --cram through citations).",
        details: """
            Reviews the cards that are due, as Anki does: learning cards due now first, then review
            cards due today, then new cards up to newPerDay; then it stops and says when the next
            card is due. The top line counts new, learning and due cards. A card shows its front;
            space or enter shows its back and what each grade would do (1 again <1m  2 hard 6m
            3 good 10m  4 easy 8d); 1-4 or a h g e grade it with FSRS; u takes the last answer
            back; q (or Ctrl-C) quits. Cards are citations with a back side and those made cards
            with 'citefeed card'; archived ones are suspended.
            A deck: --tag (any of them), --favourites and --rotation NAME (that rotation's
            filters) choose the cards reviewed, and the top line counts theirs; newPerDay is one
            limit for the whole library, so decks share the day's new cards.
            --cram goes through citations without scheduling: space or enter shows the back (then
            the next card), n next, p previous, f favourite on or off, c copy, q quit; --tag,
            --favourites and --order choose them.
            It needs a terminal: keys are read one at a time.
            """,
        options: [cram, tag, favourites, order, CLI.rotationOption],
        positionals: (0, 0), positionalName: "")

    let query: CitationQuery
    let order: Order
    let cramming: Bool

    init(_ arguments: ParsedArguments) throws {
        var query = CitationQuery()
        query.tags = try arguments.values(Self.tag).map { name throws(ModelError) in try Tag.validateName(name) }
        query.favouritesOnly = arguments(Self.favourites)
        self.query = query
        order =
            try arguments.choice(Self.order, Order.self) ?? .shuffle
        cramming = arguments(Self.cram)
        if !cramming {
            if arguments.has(Self.order) {
                throw UsageError.other("--order is for --cram; spaced repetition shows the cards in the order they are due.")
            }
        }
    }

    func run(_ context: Context) throws {
        guard context.stdinIsTerminal && context.stdoutIsTerminal else {
            throw UsageError.other(
                "study reads one key at a time, so it needs a terminal; 'citefeed list' and 'citefeed show ID' print citations anywhere.")
        }
        if !cramming {
            // The deck: --rotation's filters (only when given, as for list), with --tag in place
            // of its tags and --favourites; without any, every card.
            var deck: Settings? = context.rotation != nil ? try context.settings() : nil
            if !query.tags.isEmpty || query.favouritesOnly {
                var chosen = deck ?? Settings()
                if !query.tags.isEmpty { chosen.tags = query.tags }
                if query.favouritesOnly { chosen.favouritesOnly = true }
                deck = chosen
            }
            var session = try ReviewSession(context: context, deck: deck)
            let raw = RawInput()
            defer { raw.restore() }
            let end = try session.run(raw)
            context.out.line("\(end)")
            return
        }
        var cards = try context.home.citations(query, starterSet: false)
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
                _ = try context.home.mark([card.id], .favourite(!card.favourite))
                session.cards[session.index] = try context.home.citation(card.id).citation
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
