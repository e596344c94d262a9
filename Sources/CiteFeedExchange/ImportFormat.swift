import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// The import formats of the README's "Import and export".
package enum ImportFormat: String, CaseIterable, Sendable {
    case auto, json, csv, txt, fortune, clippings, dummyjson, markdown, anki, koreader, notebook, bookcision, hypothesis, playbooks, kobo,
        applebooks, zotero, calibre, apkg, revlog, foliate

    /// What a file of the format holds, for the message when it holds none.
    package var expected: String {
        switch self {
        case .auto, .json: "a list of objects with a text (\(ImportFields.textNames))"
        case .dummyjson: "{\"quotes\": [...]} with objects holding a quote"
        case .csv: "rows under a header naming a column of text, or rows of text and author"
        case .txt: "citefeed's txt export: each citation as “text”, — Author, Source and [tags], a blank line between"
        case .fortune: "entries between lines of %"
        case .clippings: "highlights and notes between lines of =========="
        case .markdown: "blockquotes, lines starting with >"
        case .anki: "notes, one per line, after Anki's #separator and #html lines"
        case .notebook: "a Kindle notebook's highlights (noteHeading and noteText, or read.amazon.com's span#highlight)"
        case .koreader: "highlights in a KOReader sidecar's annotations, highlight or bookmarks table"
        case .bookcision: "Bookcision's {\"highlights\": [...]} with a text or a note in each"
        case .hypothesis: "Hypothesis annotations quoting a passage (a TextQuoteSelector)"
        case .playbooks: "Play Books' notes: tables of a passage, a note and a date"
        case .kobo: "highlights in a Kobo's KoboReader.sqlite (its Bookmark table)"
        case .applebooks: "annotations with selected text in Apple Books' AEAnnotation database"
        case .zotero: "annotations with text in Zotero's zotero.sqlite (its itemAnnotations table)"
        case .foliate: "Foliate's book data: an object with a list of \"annotations\" with text"
        case .revlog: "the FSRS tools' review log: a header card_id,review_time,review_rating,… and an answer a line"
        case .apkg: "an Anki package (.apkg or .colpkg): a zip of a collection with notes and cards"
        case .calibre: "calibre's {\"type\": \"calibre_highlights\", \"highlights\": [...]} with highlighted text"
        }
    }

    /// An e-reader's or reading tool's file of one reader's highlights, which may well hold
    /// none (a book opened and never highlighted): then `import` says so and succeeds.
    package var holdsHighlights: Bool {
        switch self {
        case .clippings, .koreader, .notebook, .bookcision, .hypothesis, .playbooks, .kobo, .applebooks, .zotero, .calibre, .foliate: true
        default: false
        }
    }

    /// Formats read from a database file by its path, not from bytes.
    package var isDatabase: Bool { self == .kobo || self == .applebooks || self == .zotero }

    /// The formats `--format` names, for messages: "json, csv, …, dummyjson or markdown".
    package static var named: String {
        let names = allCases.dropFirst().map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
