import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed study` with spaced repetition: one card at a time from the queue of
/// `Home.study`, front first; after the back, a grade schedules it with FSRS. What a screen of
/// it looks like, and the keys.
struct ReviewSession {
    let context: Context
    /// The session's use cases, on the cards of its deck.
    let study: Study
    /// Answers given, newest last, for undo.
    var answered: [(reviewID: Int64, citationID: Int64)] = []
    var current: Int64?
    var revealed = false
    var message = ""

    /// `deck`: the settings whose filters choose the cards (`study --rotation`, `--tag`,
    /// `--favourites`); `nil`: every card. The clock is the system's, read at every answer, or
    /// `CITEFEED_NOW` (fixed, for tests).
    init(context: Context, deck: Settings?) throws {
        self.context = context
        let fixed = context.hasFixedClock
        study = try context.home.study(deck: deck) { fixed ? try context.now() : Timestamp.systemNow() }
    }

    /// Runs the session until the queue is empty or `q`; returns the line to end with.
    mutating func run(_ raw: RawInput) throws -> String {
        current = try study.nextCard()
        if current == nil, try !study.hasCards() {
            return "No cards to study yet: a citation with a back side is a card ('citefeed card ID' makes any citation one); "
                + "'citefeed study --cram' goes through every citation."
        }
        while let id = current {
            context.out.write(try screen(id))
            context.out.flush()
            guard let key = raw.key() else { break }
            message = ""
            switch key {
            case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                if !revealed { revealed = true } else { message = "Grade it: 1 again, 2 hard, 3 good, 4 easy." }
            case UInt8(ascii: "u"):
                guard let last = answered.popLast() else {
                    message = "Nothing to undo."
                    continue
                }
                do {
                    try study.undo(last.reviewID)
                } catch let error as any CiteFeedError {
                    message = "Cannot take it back: \(error.message)"
                    continue
                }
                current = last.citationID
                revealed = false
                message = "Took back the last answer."
            case UInt8(ascii: "q"), 0x03, 0x04:
                return "\n" + summary(quit: true)
            default:
                guard let grade = Grade(word: String(UnicodeScalar(key))) else {
                    message = revealed ? "Keys: 1-4 (or a h g e) grade, u undo, q quit." : "Keys: space shows the back, u undo, q quit."
                    continue
                }
                guard revealed else {
                    message = "Look at the back first: space."
                    continue
                }
                answered.append((try study.grade(id, grade), id))
                revealed = false
                current = try study.nextCard()
            }
        }
        return summary(quit: false)
    }

    /// The closing line: how many answers, and when the next card is due.
    func summary(quit: Bool) -> String {
        let answers = "\(answered.count) answer\(answered.count == 1 ? "" : "s")"
        if quit { return "Stopped after \(answers)." }
        let next = (try? study.nextDue()) ?? nil
        var line = "No more cards for now (\(answers)); " + (next.map { "the next is due \($0.localShort)." } ?? "none is scheduled.")
        if let (held, perDay) = try? study.newHeldBack(), held > 0 {
            line +=
                " \(held == 1 ? "1 new card waits" : "\(held) new cards wait"): newPerDay is \(perDay)"
                + (perDay == 0 ? " ('citefeed defaults write newPerDay 20' starts some each day)." : " a day.")
        }
        return line
    }

    /// The whole screen: the counts, the card, its back and each grade's interval once
    /// revealed, and the keys.
    func screen(_ id: Int64) throws -> TerminalText {
        let t = context.terminal
        let c = try study.citation(id)
        let counts = try study.counts()
        var lines: [TerminalText] = ["\u{1B}[H\u{1B}[2J"]
        var header =
            t.paint("\(counts.new) new", "34") + " · " + t.paint("\(counts.learning) learning", "31") + " · "
            + t.paint("\(counts.due) due", "32")
        header += StudySession.tags(c, t)
        lines.append(header)
        lines += StudySession.face(c, revealed: revealed, terminal: t)
        if revealed {
            let intervals = try study.intervals(id).map { grade, seconds in
                "\(grade.rawValue) \(grade.name) \(Span.approximate(seconds: seconds))"
            }
            lines.append(TerminalText(intervals.joined(separator: "   ")))
            lines.append(t.dim("1-4 or a h g e: grade · u undo · q quit"))
        } else {
            lines.append(t.dim("space: show the back · u undo · q quit"))
        }
        if !message.isEmpty { lines.append(TerminalText(message)) }
        return TerminalText.joined(lines, separator: "\n") + "\n"
    }
}
