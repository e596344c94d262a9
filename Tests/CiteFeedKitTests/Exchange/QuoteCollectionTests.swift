import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// Quote collections by their field names, and Readwise's conventions.
@Suite struct QuoteCollectionTests {
    func records(_ format: ImportFormat, _ text: String, name: String = "file") throws -> [ImportRecord] {
        var records: [ImportRecord] = []
        try Importers.reader(format, name: name, bytes: Array(text.utf8)).forEachRecord { record, _ in records.append(record) }
        return records
    }

    /// The names of the table in the README, in JSON and CSV, ignoring case, spaces, _ and -.
    @Test(arguments: [
        #"[{"quoteText": "T", "quoteAuthor": "A", "genre": "g1|g2"}]"#, #"[{"q": "T", "a": "A", "category": "g1; g2"}]"#,
        #"{"data": [{"body": "T", "by": "A", "tags": ["g1", "g2"]}]}"#, #"[{"Quote_Text": "T", "from": "A", "Categories": "g1,g2"}]"#,
    ])
    func jsonFieldNames(document: String) throws {
        let r = try #require(try records(.json, document).first)
        #expect(r.text == "T" && r.author == "A" && r.tags == ["g1", "g2"] && r.problem == nil)
    }

    @Test func jsonLinesAndMissingText() throws {
        let lines = try records(.json, "{\"content\": \"One\", \"speaker\": \"S\"}\n\n{\"highlight\": \"Two\"}\n", name: "q.jsonl")
        #expect(lines.map(\.text) == ["One", "Two"] && lines.map(\.location) == [.line(1), .line(3)] && lines[0].author == "S")
        let none = try records(.json, #"[{"words": "x"}]"#)
        #expect(none.first?.problem == "It has no text (a member named \(ImportFields.textNames))")
    }

    @Test(arguments: [
        "quote,author,author_id,tags\nT,A,7,\"g1,g2\"\n", "\"quotes\", \"author\", \"category\"\n\"T\", \"A\", \"g1|g2\"\n",
        "Quote,Author,Category\nT,A,g1;g2\n",
    ])
    func csvHeaders(file: String) throws {
        let r = try #require(try records(.csv, file).first)
        #expect(r.text == "T" && r.author == "A" && r.tags == ["g1", "g2"])
    }

    /// Readwise: favourite and discard as tags or notes, inline tags, directives, .qa.
    @Test func readwiseConventions() throws {
        let file = """
            Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at,Document tags
            Liked,B,A,,,yellow,"favorite, craft",location,1,2024-05-01 10:00:00+00:00,
            Dropped,B,A,,,yellow,discard,location,2,2024-05-01 10:00:00+00:00,
            Noted,B,A,,.favorite .h2 .stoic A real note,yellow,,location,3,,
            Gone,B,A,,.discard,yellow,,location,4,,
            Answer,B,A,,.qa What is the question?,yellow,,location,5,,
            Heading,B,A,,.h1,yellow,,location,6,,
            """
        let r = try records(.csv, file)
        #expect(r.map(\.text) == ["Liked", "Dropped", "Noted", "Gone", "What is the question?", "Heading"])
        #expect(r.map(\.favourite) == [true, false, true, false, false, false])
        #expect(r.map(\.archived) == [false, true, false, true, false, false])
        #expect(r.map(\.tags) == [["craft"], [], ["stoic"], [], [], []])
        #expect(r.map(\.back) == [nil, nil, "A real note", nil, "Answer", nil])
        #expect(r[0].createdAt == Timestamp(rfc3339: "2024-05-01T10:00:00Z"))
    }

    /// Archived without a date in the file: archived at the import's time.
    @Test func aDiscardIsArchivedWhenImported() throws {
        let box = try Sandbox()
        let file = box.home.appendingPathComponent("readwise.csv")
        try "Highlight,Book Title,Book Author,Note,Tags\nDropped,B,A,,discard\nKept,B,A,,\n".write(
            to: file, atomically: true, encoding: .utf8)
        #expect(try box.run("import", file.path).stdout == "imported 2, skipped 0 duplicates\n")
        var archived = CitationQuery()
        archived.archived = true
        let citations = try box.library().citations(archived)
        #expect(citations.map(\.text) == ["Dropped"] && citations.first?.archivedAt == Timestamp(rfc3339: box.now))
    }
}
