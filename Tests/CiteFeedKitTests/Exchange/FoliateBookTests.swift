import Foundation
import Testing

@testable import CiteFeedExchange
@testable import CiteFeedSupport

/// Foliate's book data, as Foliate 2 and Foliate 3 write it (`Tests/Fixtures/readers/foliate/`,
/// made by make-foliate-books.py from Foliate's source): each annotation with text a citation,
/// its note the back, its colour a tag, the book's title and authors from the same file.
@Suite struct FoliateBookTests {
    static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/readers/foliate")

    static func read(_ file: String) throws -> (records: [ImportRecord], reader: ImportReader) {
        let url = folder.appendingPathComponent(file)
        return try readHighlights(url.path, Array(try Data(contentsOf: url)), as: .foliate)
    }

    @Test func foliate2() throws {
        let (records, reader) = try Self.read("urn%3Auuid%3A2a7c1e3f-0000-4000-8000-000000000002.json")
        #expect(
            records.map(\.text) == [
                "The light turned all night, whether or not a ship came.", "She kept the log in pencil, so the sea could not make it run.",
                "Storms are only weather that stayed too long.",
            ])
        #expect(records.map(\.back) == [nil, "Compare the ledger in chapter 1.", nil])
        #expect(Set(records.map(\.source)) == ["The Lighthouse Keeper"] && Set(records.map(\.author)) == ["Marguerite Delacroix"])
        // A colour of Foliate's a tag; the user's own rgba(…) none.
        #expect(records.map(\.tags) == [["yellow"], ["aqua"], []])
        #expect(records.allSatisfy { $0.createdAt == nil })
        #expect(reader.skipped.map(\.0) == ["bookmark", "empty highlight"] && reader.skipped.map(\.1) == [2, 1])
    }

    @Test func foliate3() throws {
        let (records, reader) = try Self.read("urn%3Aisbn%3A9780000000033.json")
        #expect(records.count == 3)
        // The English title of a map of languages; authors as {name, sortAs} and a name's map.
        #expect(Set(records.map(\.source)) == ["The Winter Garden"])
        #expect(Set(records.map(\.author)) == ["Tomasz Wierzbicki, Ana Lucía Ortega"])
        #expect(records.map(\.tags) == [["underline"], ["magenta"], ["yellow"]])
        #expect(records[0].createdAt == Timestamp(rfc3339: "2024-11-03T21:14:05Z"))
        #expect(records[1].updatedAt == Timestamp(rfc3339: "2024-11-05T19:30:00Z") && records[1].back == "Title of the essay?")
        // Carried over from Foliate 2: no dates.
        #expect(records[2].createdAt == nil)
        #expect(reader.skipped.isEmpty)
    }

    @Test func authorsInEveryShape() throws {
        for (author, expected) in [
            (#""author": "One Name""#, "One Name"), (#""author": {"name": "Solo", "sortAs": "Solo"}"#, "Solo"),
            (#""author": ["A B", {"name": {"ja": "日本 花子"}}]"#, "A B, 日本 花子"), (#""creator": "Old Style""#, "Old Style"),
        ] {
            let json =
                #"{"lastLocation": null, "metadata": {"title": "T", \#(author)}, "annotations": [{"value": "epubcfi(/6/2!/4,/1:0,/1:1)", "color": "yellow", "text": "X", "note": ""}], "bookmarks": []}"#
            let (records, _) = try readHighlights("book.json", Array(json.utf8), as: .foliate)
            #expect(records.first?.author == expected, "\(author)")
        }
    }

    /// Foliate's folder imported whole, as `import DIR` takes any reader's files: each book on
    /// its line, and again nothing new.
    @Test func foliatesFolder() throws {
        let box = try Sandbox()
        let run = try box.run("import", Self.folder.path)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.components(separatedBy: "imported 3").count == 3, "\(run.stdout)")
        let json = try JSONParser.parse(try box.run("list", "--json").stdout)
        #expect(json.arrayValue?.count == 6)
        let again = try box.run("import", Self.folder.path)
        #expect(again.status == 0 && again.stdout.components(separatedBy: "nothing new").count == 3, "\(again.stdout)")
    }

    @Test func notFoliatesShapeIsRefused() throws {
        #expect(throws: ImportError.self) {
            try Importers.reader(.foliate, name: "x.json", bytes: Array(#"{"annotations": 3}"#.utf8))
        }
    }
}
