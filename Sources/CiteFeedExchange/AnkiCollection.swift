import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// An Anki collection's cards as citations, with their review history (`AnkiPackage` unpacks
/// it). Both schemas Anki has written since 2.1: 11, with the decks and note types as JSON in
/// `col`, and 18, with tables of their own (a deck's path joined by U+001F, a note type's
/// kind in its protobuf `config`).
///
/// Each card is a citation: the note's first field is the text and its second the back, HTML
/// made plain text (`AnkiText.text(ofHTML:)`); a card of a reversed note's second template
/// (`ord` 1) the other way round; a cloze card (`AnkiCloze`) its sentence with the gap on the
/// front and the answer on the back. The card's deck is a tag (`A::B` as `A/B`, and a note's
/// tags likewise), a flag a tag `flag/COLOUR`, a suspended card archived. Its uuid is made from
/// the note's guid and the card's template, so importing the package again finds the same
/// citations. Its answers (`revlog`) become the card's log, replayed into its FSRS state after
/// the import (`CardExchange.due` keeps Anki's due date); Anki's entries that are no answer
/// (set due date, rescheduling) are left out, a reset ("Forget") drops the answers before it,
/// and a filtered deck's reviews that did not reschedule count as Anki's FSRS counts them: not.
enum AnkiCollection {
    /// The newest collection schema this reads (Anki 2.1.50 and later write 18).
    static let newestSchema: Int64 = 18
    static let flagColours = [1: "red", 2: "orange", 3: "green", 4: "blue", 5: "pink", 6: "turquoise", 7: "purple"]

    static func reader(_ db: Database, name: String) throws(ImportError) -> ImportReader {
        let tables = try ForeignDatabase.tables(db, name: name)
        guard ["col", "notes", "cards", "revlog"].allSatisfy(tables.contains) else {
            throw .malformed(name, "it holds no Anki collection (no col, notes, cards and revlog tables)")
        }
        guard let (schema, created) = try db.rows("SELECT ver, crt FROM col", name: name, { ($0.int(0), $0.int(1)) }).first else {
            throw .malformed(name, "its collection has no col row")
        }
        guard schema <= newestSchema else {
            throw .malformed(
                name,
                "its collection is from a newer Anki (schema \(schema); citefeed reads up to \(newestSchema)). Export it again in Anki with \"Support older Anki versions\" ticked"
            )
        }
        let (decks, clozeTypes) = try schema >= 15 && tables.contains("decks") ? tablesOf18(db, name: name) : jsonOf11(db, name: name)
        let answers = try history(db, name: name)
        var records: [ImportRecord] = []
        var flagged: Set<Int> = []
        let cards = try db.rows(
            """
            SELECT c.id, c.ord, c.type, c.queue, c.due, c.odue, c.flags, CASE WHEN c.odid != 0 THEN c.odid ELSE c.did END,
                n.guid, n.id, n.mod, n.tags, n.flds, n.mid
            FROM cards c JOIN notes n ON n.id = c.nid ORDER BY n.id, c.ord
            """, name: name
        ) { s in
            AnkiCard(
                id: s.int(0), ord: Int(s.int(1)), type: s.int(2), queue: s.int(3), due: s.int(4), originalDue: s.int(5),
                flags: Int(s.int(6)),
                deck: s.int(7), guid: s.text(8), noteID: s.int(9), noteModified: s.int(10),
                tags: s.withBytes(11) { String(decoding: $0, as: UTF8.self) },
                fields: s.withBytes(12) { String(decoding: $0, as: UTF8.self) },
                noteType: s.int(13))
        }
        guard !cards.isEmpty else { throw .malformed(name, "its collection holds no cards") }
        var misdated = 0
        for (number, card) in cards.enumerated() {
            var record = card.record(number: number + 1, cloze: clozeTypes.contains(card.noteType))
            record.tags = (decks[card.deck].map { [$0] } ?? []) + card.tags.split(separator: " ").compactMap { tag(String($0)) }
            if let colour = flagColours[card.flags & 7] {
                record.tags.append("flag/" + colour)
                flagged.insert(card.flags & 7)
            }
            // An answer dated before its note was made (a day's leeway) or outside any calendar
            // ("misdated"); a card whose note is missing is "orphaned": both counted in the note.
            let all = answers[card.id] ?? []
            let kept = all.filter { card.couldHaveAnswered(at: $0.milliseconds) }
            misdated += all.count - kept.count
            record.card = card.exchange(kept, collectionCreated: created)
            records.append(record)
        }
        let orphans = try db.rows("SELECT count(*) FROM cards WHERE nid NOT IN (SELECT id FROM notes)", name: name) { Int($0.int(0)) }
        let skipped = [("orphaned card", orphans.first ?? 0), ("misdated answer", misdated)].filter { $0.1 > 0 }
        let tags = flagged.sorted().compactMap { flagColours[$0] }.map {
            Tag(name: "flag/" + $0, color: Palette.names.contains($0) ? $0 : "teal")
        }
        return ImportReader(records: records, skipped: skipped, tags: tags)
    }

    /// An Anki deck or tag name as a citefeed tag: `::` as `/` (an empty level left out),
    /// commas, semicolons and control characters (which citefeed's tag names cannot hold) as
    /// `_`, at most 40 characters (a longer one is cut); `nil` when empty.
    static func tag(_ anki: String) -> String? {
        let levels = anki.replacing("::", with: "\u{1F}").split(separator: "\u{1F}").map { level in
            String(
                level.unicodeScalars.map { s -> Character in
                    s == "," || s == ";" || s.properties.generalCategory == .control ? "_" : Character(s)
                }
            ).trimmingWhitespace()
        }
        let name = levels.filter { !$0.isEmpty }.joined(separator: "/")
        guard !name.isEmpty else { return nil }
        return name.count > 40 ? String(name.prefix(40)).trimmingWhitespace() : name
    }

    /// Schema 18: decks by id, and the note types that are cloze (`config`'s field 1, kind, is 1).
    private static func tablesOf18(_ db: Database, name: String) throws(ImportError) -> ([Int64: String], Set<Int64>) {
        var decks: [Int64: String] = [:]
        for (id, deck) in try db.rows("SELECT id, name FROM decks", name: name, { ($0.int(0), $0.text(1)) }) { decks[id] = tag(deck) }
        let kinds = try db.rows("SELECT id, config FROM notetypes", name: name) { ($0.int(0), $0.withBlob(1) { Array($0) }) }
        return (decks, Set(kinds.compactMap { id, config in ProtobufFields(config)?.varints[1] == 1 ? id : nil }))
    }

    /// Schema 11: `col.decks` and `col.models`, JSON objects by id (a cloze model's `type` is 1).
    private static func jsonOf11(_ db: Database, name: String) throws(ImportError) -> ([Int64: String], Set<Int64>) {
        guard let (deckJSON, modelJSON) = try db.rows("SELECT decks, models FROM col", name: name, { ($0.text(0), $0.text(1)) }).first,
            case .object(let deckList)? = try? JSONParser.parse(Array(deckJSON.utf8)),
            case .object(let modelList)? = try? JSONParser.parse(Array(modelJSON.utf8))
        else { throw .malformed(name, "its col row's decks and models are not the JSON Anki writes") }
        var decks: [Int64: String] = [:]
        for (key, deck) in deckList {
            if let id = Int64(key), let deckName = deck["name"]?.stringValue { decks[id] = tag(deckName) }
        }
        let cloze = modelList.compactMap { key, model -> Int64? in
            if case .int(1)? = model["type"], let id = Int64(key) { id } else { nil }
        }
        return (decks, Set(cloze))
    }

    /// Each card's answers in time order: the revlog's entries with a grade (1–4) of a learning,
    /// review, relearning or rescheduling filtered review; a reset drops what came before.
    private static func history(_ db: Database, name: String) throws(ImportError) -> [Int64: [Answer]] {
        var answers: [Int64: [Answer]] = [:]
        let rows = try db.rows("SELECT cid, id, ease, type, ivl, factor FROM revlog ORDER BY cid, id", name: name) { s in
            (card: s.int(0), at: s.int(1), ease: s.int(2), type: s.int(3), interval: s.int(4), factor: s.int(5))
        }
        for row in rows {
            // Manual entries: a reset ("Forget") has no interval and no ease factor.
            if row.type == 4, row.ease == 0 {
                if row.interval == 0 && row.factor == 0 { answers[row.card] = [] }
                continue
            }
            // A filtered deck's review that did not reschedule (ease factor 0) is not learning.
            guard (1...4).contains(row.ease), (0...3).contains(row.type), !(row.type == 3 && row.factor == 0) else { continue }
            answers[row.card, default: []].append(Answer(milliseconds: row.at, grade: Int(row.ease), kind: row.type))
        }
        return answers
    }

    struct Answer {
        var milliseconds: Int64
        var grade: Int
        /// 0 learning, 1 review, 2 relearning, 3 filtered.
        var kind: Int64
    }
}
