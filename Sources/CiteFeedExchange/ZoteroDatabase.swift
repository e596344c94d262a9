import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Zotero's `zotero.sqlite` (in `~/Zotero`): the annotations made in its reader. Each row of
/// `itemAnnotations` with text (a highlight or underline) becomes a citation: its comment →
/// back; its parent is the attachment (the PDF or EPUB), whose parent item holds the title and
/// the creators (authors first, in their order) → source, with the page label after it, and
/// author; `dateAdded` (UTC) → created; the colour (Zotero's palette) → a tag. Notes, images and
/// ink drawings quote nothing and are left out and counted; so are annotations in the trash.
/// Field, type and creator-type ids differ between databases, so everything is joined by name.
/// Read from a copy: Zotero keeps the database locked while it runs.
enum ZoteroDatabase {
    static func looksLike(tables: Set<String>) -> Bool { tables.contains("itemAnnotations") && tables.contains("itemAttachments") }

    /// The newest schema compatibility citefeed knows (Zotero 7 to 10 write 7 to 9).
    static let newestCompatibility: Int64 = 9

    static func highlights(_ db: Database, name: String) throws(ImportError) -> Highlights {
        let compatibility = try db.rows("SELECT version FROM version WHERE schema = 'compatibility'", name: name) { $0.int(0) }.first
        if let compatibility, compatibility > newestCompatibility {
            throw .malformed(
                name,
                "it is from a newer Zotero (schema compatibility \(compatibility); citefeed reads up to \(newestCompatibility)), so update citefeed"
            )
        }
        let trashed =
            try db.rows("SELECT count(*) FROM itemAnnotations WHERE itemID IN (SELECT itemID FROM deletedItems)", name: name) {
                $0.int(0)
            }.first ?? 0
        var books: [Int64: (title: String?, author: String?)] = [:]
        func book(_ item: Int64) throws(ImportError) -> (title: String?, author: String?) {
            if let known = books[item] { return known }
            let title =
                try db.rows(
                    """
                    SELECT v.value FROM itemData d JOIN fields f ON f.fieldID = d.fieldID JOIN itemDataValues v ON v.valueID = d.valueID
                    WHERE d.itemID = ? AND f.fieldName = 'title'
                    """, [.int(item)], name: name
                ) { $0.optionalText(0) }.first ?? nil
            let creators = try db.rows(
                """
                SELECT c.firstName, c.lastName, t.creatorType FROM itemCreators ic JOIN creators c ON c.creatorID = ic.creatorID
                    JOIN creatorTypes t ON t.creatorTypeID = ic.creatorTypeID
                WHERE ic.itemID = ? ORDER BY ic.orderIndex
                """, [.int(item)], name: name
            ) { (first: $0.optionalText(0) ?? "", last: $0.optionalText(1) ?? "", type: $0.optionalText(2)) }
            let authors = creators.filter { $0.type == "author" }
            let names = (authors.isEmpty ? creators : authors).map { [$0.first, $0.last].filter { !$0.isEmpty }.joined(separator: " ") }
            let found = (title, names.isEmpty ? nil : names.joined(separator: ", "))
            books[item] = found
            return found
        }
        var found = Highlights()
        var kinds: [Int64: Int] = [:]
        // Each row by itself, checked as it is read (`eachRow`, `overLimits`).
        let live = """
            FROM itemAnnotations a JOIN items i ON i.itemID = a.itemID
                LEFT JOIN itemAttachments att ON att.itemID = a.parentItemID
            WHERE a.itemID NOT IN (SELECT itemID FROM deletedItems) AND a.parentItemID NOT IN (SELECT itemID FROM deletedItems)
                AND coalesce(att.parentItemID, -1) NOT IN (SELECT itemID FROM deletedItems)
            """
        try db.eachRow(
            order: "SELECT a.itemID \(live) ORDER BY coalesce(att.parentItemID, a.parentItemID), a.parentItemID, a.sortIndex, a.itemID",
            one: """
                SELECT a.type, a.text, a.comment, a.color, a.pageLabel, i.dateAdded, coalesce(att.parentItemID, a.parentItemID)
                \(live) AND a.itemID = ?
                """, name: name
        ) { row in
            (
                type: row.int(0), text: row.optionalText(1), comment: row.optionalText(2), colour: row.optionalText(3),
                page: row.optionalText(4), added: row.optionalText(5), item: row.int(6)
            )
        } _: { number, row throws(ImportError) in
            guard let row else { return found.records.append(ForeignDatabase.tooLarge(number)) }
            guard let text = row.text?.trimmingWhitespace(), !text.isEmpty else {
                kinds[row.type, default: 0] += 1
                return
            }
            let (title, author) = try book(row.item)
            if let refused = ForeignDatabase.overLimits(number, text: text, note: row.comment, source: [title, row.page], author: author) {
                return found.records.append(refused)
            }
            var record = ImportRecord(location: .record(number), text: text, author: author)
            record.back = row.comment.trimmedNonEmpty
            record.source = Highlights.source(title, row.page.trimmedNonEmpty.map { "p. " + $0 })
            record.createdAt = row.added.flatMap(ImportDates.utc)
            found.colour(row.colour.flatMap { colours[$0.lowercased()] }, of: &record)
            found.records.append(record)
        }
        found.others = [
            ("note", kinds[2] ?? 0), ("image", kinds[3] ?? 0), ("ink drawing", kinds[4] ?? 0), ("annotation in the trash", Int(trashed)),
        ]
        found.empty += kinds.filter { ![2, 3, 4].contains($0.key) }.values.reduce(0, +)
        return found
    }

    /// Zotero's highlight colours by name.
    private static let colours = [
        "#ffd400": "yellow", "#ff6666": "red", "#5fb236": "green", "#2ea8e5": "blue", "#a28ae5": "purple", "#e56eee": "magenta",
        "#f19837": "orange", "#aaaaaa": "gray",
    ]
}
