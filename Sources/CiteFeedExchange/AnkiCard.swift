import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// A card of an Anki collection with its note, as `AnkiCollection` reads it.
struct AnkiCard {
    var id: Int64
    /// The template's number (for a cloze note, the cloze's number less one).
    var ord: Int
    /// 0 new, 1 learning, 2 review, 3 relearning.
    var type: Int64
    /// -3 and -2 buried, -1 suspended, 0 new, 1 learning (due a time), 2 review, 3 learning
    /// across days (due a day).
    var queue: Int64
    var due: Int64
    /// The due day before the card was moved into a filtered deck (0 when it was not).
    var originalDue: Int64
    var flags: Int
    var deck: Int64
    var guid: String
    /// The note's id: when it was made, in milliseconds.
    var noteID: Int64
    /// When the note was last changed, in seconds.
    var noteModified: Int64
    var tags: String
    var fields: String
    var noteType: Int64

    /// The namespace of the uuids of Anki's cards (with the note's guid and the card's `ord`).
    static let namespace = "6f0c2b1e-3a4d-4e5f-9a8b-7c6d5e4f3a2b"

    /// The card as a citation, without its tags and card data.
    func record(number: Int, cloze: Bool) -> ImportRecord {
        // A NUL (which no note should hold) would end the text early: dropped.
        let parts = fields.split(separator: "\u{1F}", omittingEmptySubsequences: false).map { String($0).replacing("\u{0}", with: "") }
        let first = parts.first ?? "", second = parts.count > 1 ? parts[1] : ""
        let front: String, back: String
        if cloze {
            front = AnkiCard.text(AnkiCloze.render(first, showing: ord + 1, revealed: false))
            let sentence = AnkiCard.text(AnkiCloze.render(first, showing: ord + 1, revealed: true))
            let extra = AnkiCard.text(second)
            back = extra.isEmpty ? sentence : sentence + "\n\n" + extra
        } else if ord >= 1, parts.count > ord {
            // A reversed note's second card asks the second field; a template n beyond, field n.
            front = AnkiCard.text(parts[ord])
            back = AnkiCard.text(ord == 1 ? first : second)
        } else {
            (front, back) = (AnkiCard.text(first), AnkiCard.text(second))
        }
        var record = ImportRecord(location: .record(number), text: front)
        record.back = back.isEmpty ? nil : back
        record.uuid = UUIDString.nameBased(namespace: AnkiCard.namespace, name: guid + "\u{1F}" + String(ord))
        record.createdAt = Timestamp(seconds: noteID / 1000)
        record.updatedAt = noteModified > 0 ? Timestamp(seconds: noteModified) : nil
        record.archived = queue == -1
        record.cardOfDeck = true
        return record
    }

    /// A field's text: its HTML made text (`AnkiText.text(ofHTML:)`), a sound named as a
    /// picture is (`[sound: NAME]`; neither comes along).
    static func text(_ field: String) -> String {
        AnkiText.text(ofHTML: field).replacing("[sound:", with: "[sound: ")
    }

    /// The card's answers and Anki's due date, as citefeed's export carries a card's log
    /// (`CardExchange`); the state is replayed from the answers after the import.
    /// `collectionCreated`: the start of the collection's first day, from which Anki counts
    /// a review card's due day.
    func exchange(_ answers: [AnkiCollection.Answer], collectionCreated: Int64) -> JSONValue {
        var members: [(String, JSONValue)] = [("marked", .bool(true))]
        var log: [JSONValue] = []
        for (i, answer) in answers.enumerated() {
            // The state before: new at first, then as Anki's entry says (the replay makes it again).
            let before: String
            switch i == 0 ? -1 : answer.kind {
            case -1: before = "new"
            case 0: before = "learning"
            case 2: before = "relearning"
            default: before = "review"
            }
            log.append(
                .object([
                    ("at", .string(Timestamp(seconds: answer.milliseconds / 1000).rfc3339UTC)), ("grade", .int(Int64(answer.grade))),
                    ("stateBefore", .string(before)),
                ]))
        }
        if !log.isEmpty {
            members.append(("log", .array(log)))
            if let due = dueTime(collectionCreated: collectionCreated) { members.append(("due", .string(due.rfc3339UTC))) }
        }
        return .object(members)
    }

    /// Whether an answer at `milliseconds` could be this card's: not before its note was made
    /// (a day's leeway for clocks), and within the calendar citefeed writes.
    func couldHaveAnswered(at milliseconds: Int64) -> Bool {
        milliseconds > 0 && milliseconds >= noteID - 86_400_000 && Timestamp(seconds: milliseconds / 1000).isInCivilRange
    }

    /// When Anki has the card due: a learning card's time, or the start of a review card's day.
    func dueTime(collectionCreated: Int64) -> Timestamp? {
        guard type != 0 else { return nil }
        let value = originalDue != 0 ? originalDue : due
        // A learning card's due is a time in seconds; any other's a day number.
        let seconds = value > 1_000_000_000 ? value : collectionCreated &+ value &* 86400
        let time = Timestamp(seconds: seconds)
        return seconds > 0 && time.isInCivilRange ? time : nil
    }
}
