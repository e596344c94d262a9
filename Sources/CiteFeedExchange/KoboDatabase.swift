import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Kobo's own reader: `.kobo/KoboReader.sqlite` on the device. Each row of `Bookmark` with a
/// highlighted passage (`Text`) becomes a citation: its `Annotation` → back, the book's row of
/// `content` (`ContentID` = the bookmark's `VolumeID`) → `Title` as source and `Attribution` as
/// author, the chapter's row (`ContentID` = its `ContentID`) → the chapter after the title,
/// `DateCreated` (UTC, with or without `Z`) → created, `Color` (0 yellow, 1 pink, 2 blue, 3
/// green; absent before 2023's firmware) → a tag. Dog-ears (no passage), hand-drawn markups and
/// hidden (removed) rows are left out and counted. Read from a copy (`ForeignDatabase`).
enum KoboDatabase {
    static func looksLike(tables: Set<String>) -> Bool { tables.contains("Bookmark") && tables.contains("content") }

    static func highlights(_ db: Database, name: String) throws(ImportError) -> Highlights {
        let columns = ForeignDatabase.columns(db, "Bookmark")
        let colour = columns.contains("Color") ? "b.Color" : "NULL"
        let type = columns.contains("Type") ? "b.Type" : "NULL"
        // Each row by itself, checked as it is read (`eachRow`, `overLimits`).
        let one = """
            SELECT b.Text, b.Annotation, b.DateCreated, b.DateModified, \(type), \(colour), b.Hidden, book.Title, book.Attribution,
                chapter.Title
            FROM Bookmark b LEFT JOIN content book ON book.ContentID = b.VolumeID
                LEFT JOIN content chapter ON chapter.ContentID = b.ContentID AND chapter.ContentID != b.VolumeID
            WHERE b.rowid = ?
            """
        var found = Highlights()
        var markups = 0, hidden = 0
        try db.eachRow(
            order: "SELECT b.rowid FROM Bookmark b ORDER BY b.VolumeID, b.ChapterProgress, b.DateCreated, b.rowid", one: one, name: name
        ) { row in
            Row(
                text: row.optionalText(0), note: row.optionalText(1), created: row.optionalText(2), modified: row.optionalText(3),
                type: row.optionalText(4), colour: row.optionalInt(5), hidden: row.optionalText(6), title: row.optionalText(7),
                author: row.optionalText(8), chapter: row.optionalText(9))
        } _: { number, row in
            guard let row else { return found.records.append(ForeignDatabase.tooLarge(number)) }
            if let flag = row.hidden?.lowercased(), flag == "true" || flag == "1" {
                hidden += 1
                return
            }
            if row.type == "markup" {
                markups += 1
                return
            }
            guard let text = row.text?.trimmingWhitespace(), !text.isEmpty, row.type != "dogear" else {
                found.bookmarks += 1
                return
            }
            if let refused = ForeignDatabase.overLimits(
                number, text: text, note: row.note, source: [row.title, row.chapter], author: row.author)
            {
                return found.records.append(refused)
            }
            var record = ImportRecord(location: .record(number), text: text, author: row.author.flatMap(AuthorNames.listed))
            record.back = row.note.trimmedNonEmpty
            record.source = Highlights.source(row.title, row.chapter)
            record.createdAt = (row.created ?? row.modified).flatMap(ImportDates.utc)
            found.colour(row.colour.flatMap { colours[$0] }, of: &record)
            found.records.append(record)
        }
        found.others = [("hand-drawn markup", markups), ("removed highlight", hidden)]
        return found
    }

    private static let colours: [Int64: String] = [0: "yellow", 1: "pink", 2: "blue", 3: "green"]

    /// One row of `Bookmark` with its book and chapter.
    private struct Row {
        var text, note, created, modified, type: String?
        var colour: Int64?
        var hidden, title, author, chapter: String?
    }

}
