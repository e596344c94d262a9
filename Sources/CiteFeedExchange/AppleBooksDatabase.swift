import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Apple Books on a Mac: `AEAnnotation/AEAnnotation_*.sqlite` (its rows may live only in the
/// `-wal` beside it) and, for the books' titles and authors, `BKLibrary/BKLibrary-*.sqlite` in
/// the folder beside (`~/Library/Containers/com.apple.iBooksX/Data/Documents/`), or a
/// `*BKLibrary*.sqlite` in the same folder. Each annotation with selected text that is not
/// deleted becomes a citation: the note → back, the book's title (and the chapter, kept in
/// `ZFUTUREPROOFING5`) → source, its author → author, the creation date (Core Data: seconds
/// since 2001-01-01) → created, the style's colour → a tag. Both databases are read from copies.
enum AppleBooksDatabase {
    static func looksLike(tables: Set<String>) -> Bool { tables.contains("ZAEANNOTATION") }

    /// Seconds from 1970-01-01 to Core Data's epoch, 2001-01-01.
    static let coreDataEpoch: Double = 978_307_200

    static func highlights(_ db: Database, path: String, name: String) throws -> Highlights {
        let books = try library(beside: path, name: name)
        var found = Highlights()
        var deleted = 0
        // Each row by itself, checked as it is read (`eachRow`, `overLimits`).
        try db.eachRow(
            order: "SELECT Z_PK FROM ZAEANNOTATION ORDER BY ZANNOTATIONASSETID, ZPLLOCATIONRANGESTART, Z_PK",
            one: """
                SELECT ZANNOTATIONSELECTEDTEXT, ZANNOTATIONNOTE, ZANNOTATIONCREATIONDATE, ZANNOTATIONSTYLE, ZFUTUREPROOFING5,
                    ZANNOTATIONASSETID, ZANNOTATIONDELETED
                FROM ZAEANNOTATION WHERE Z_PK = ?
                """, name: name
        ) { row in
            (
                text: row.optionalText(0), note: row.optionalText(1), created: row.isNull(2) ? nil : row.double(2),
                style: row.optionalInt(3),
                chapter: row.optionalText(4), asset: row.optionalText(5), deleted: row.optionalInt(6) ?? 0
            )
        } _: { number, row in
            guard let row else { return found.records.append(ForeignDatabase.tooLarge(number)) }
            if row.deleted != 0 {
                deleted += 1
                return
            }
            guard let text = row.text?.trimmingWhitespace(), !text.isEmpty else {
                found.bookmarks += 1
                return
            }
            let book = row.asset.flatMap { books[$0] }
            if let refused = ForeignDatabase.overLimits(
                number, text: text, note: row.note, source: [book?.title, row.chapter], author: book?.author)
            {
                return found.records.append(refused)
            }
            var record = ImportRecord(location: .record(number), text: text, author: book?.author.flatMap(AuthorNames.listed))
            record.back = row.note.trimmedNonEmpty
            record.source = Highlights.source(book?.title, row.chapter)
            record.createdAt = row.created.flatMap(date)
            found.colour(row.style.flatMap { styles[$0] }, of: &record)
            found.records.append(record)
        }
        found.others = [("deleted annotation", deleted)]
        return found
    }

    /// A Core Data date as a time, if it is one (finite, and small enough to be a number of
    /// seconds; the import leaves one outside the years 1 to 9999 unset).
    static func date(_ seconds: Double) -> Timestamp? {
        let unix = (seconds + coreDataEpoch).rounded(.down)
        guard unix.isFinite, abs(unix) < 1e15 else { return nil }
        return Timestamp(seconds: Int64(unix))
    }

    private static let styles: [Int64: String] = [1: "green", 2: "blue", 3: "yellow", 4: "pink", 5: "purple"]

    /// The titles and authors of the books, by asset id, from the BKLibrary database beside
    /// `path`; none when there is none (the citations then have no source or author).
    static func library(beside path: String, name: String) throws -> [String: (title: String?, author: String?)] {
        guard let file = libraryFile(beside: path) else { return [:] }
        return try ForeignDatabase.reading(file, name: file) { db in
            let rows = try db.rows("SELECT ZASSETID, ZTITLE, ZAUTHOR FROM ZBKLIBRARYASSET", name: file) {
                ($0.optionalText(0), $0.optionalText(1), $0.optionalText(2))
            }
            var books: [String: (title: String?, author: String?)] = [:]
            for (asset, title, author) in rows { if let asset { books[asset] = (title, author) } }
            return books
        }
    }

    static func libraryFile(beside path: String) -> String? {
        let folder = Posix.parentDirectory(path)
        let candidates =
            Posix.directoryEntries(folder + "/../BKLibrary").filter { $0.hasPrefix("BKLibrary") && $0.hasSuffix(".sqlite") }.sorted().map {
                folder + "/../BKLibrary/" + $0
            }
            + Posix.directoryEntries(folder).filter { $0.contains("BKLibrary") && $0.hasSuffix(".sqlite") }.sorted().map {
                folder + "/" + $0
            }
        return candidates.first
    }
}
