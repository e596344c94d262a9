import CiteFeedModel
import CiteFeedSupport

/// What an import's duplicate check reads (`ImportDuplicates`): every citation's text and
/// author, every uuid, or the few citations that may match one record.
extension Library {
    /// Calls `body` with the UTF-8 bytes of every citation's text and author (nil when none),
    /// read in place.
    package func forEachTextAndAuthor(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>?) -> Void) throws(StoreError) {
        try mapped {
            let rows = try db.prepare("SELECT text, author FROM citations")
            while try rows.step() {
                rows.withBytes(0) { text in rows.isNull(1) ? body(text, nil) : rows.withBytes(1) { body(text, $0) } }
            }
        }
    }

    /// Calls `body` with the bytes of every citation's uuid.
    package func forEachUUID(_ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(StoreError) {
        try mapped {
            let rows = try db.prepare("SELECT uuid FROM citations")
            while try rows.step() { rows.withBytes(0, body) }
        }
    }

    package func hasCitation(uuid: String) throws(StoreError) -> Bool {
        try mapped {
            try db.scalar("SELECT count(*) FROM citations WHERE uuid = ?", .text(uuid)) ?? 0 > 0
        }
    }

    /// The citations whose full-text index holds the words of `text` as a phrase: every
    /// citation equal to it but for case and white space, and perhaps a few more.
    package func citationsHolding(phrase text: String) throws(StoreError) -> [(text: String, author: String?)] {
        try mapped {
            let phrase = "\"" + text.replacing("\"", with: "\"\"") + "\""
            return try db.query(
                "SELECT text, author FROM citations WHERE id IN (SELECT rowid FROM citations_fts WHERE citations_fts MATCH ?)",
                [.text(phrase)]
            ) { ($0.text(0), $0.optionalText(1)) }
        }
    }

    /// The citations without a back whose full-text index holds the words of `text` as a
    /// phrase, with their ids (a re-import gives them a note added on the device since).
    package func citationsWithoutBack(holding text: String) throws(StoreError) -> [(id: Int64, text: String, author: String?)] {
        try mapped {
            let phrase = "\"" + text.replacing("\"", with: "\"\"") + "\""
            return try db.query(
                """
                SELECT id, text, author FROM citations WHERE coalesce(back, '') = ''
                    AND id IN (SELECT rowid FROM citations_fts WHERE citations_fts MATCH ?)
                """, [.text(phrase)]
            ) { ($0.int(0), $0.text(1), $0.optionalText(2)) }
        }
    }
}
