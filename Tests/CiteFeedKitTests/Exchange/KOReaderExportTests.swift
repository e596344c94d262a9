import Foundation
import Testing

@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedSupport

/// KOReader's own exports, JSON and Markdown: the fixtures in
/// Tests/Fixtures/readers/ are made by make-koreader-exports.py from the exporter's source (no
/// public export exists as a file); the script's header says which files it follows.
@Suite(.serialized) struct KOReaderExportTests {
    static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/readers")

    static func read(_ name: String) throws -> (records: [ImportRecord], reader: ImportReader) {
        _ = Sandbox.processZone
        return try readHighlights(name, Array(try Data(contentsOf: folder.appendingPathComponent(name))), as: .koreader)
    }

    /// What the made-up book holds, whichever export it came through.
    static func expectSampleBook(_ records: [ImportRecord], localTimes: Bool = false) {
        #expect(
            records.map(\.text) == [
                "It was a bright cold day in April.", "Rules & rituals <matter> more than we think.",
                "Every ending is a beginning.\n\nAnd a second paragraph.",
            ])
        #expect(records.map(\.back) == [nil, "Compare with chapter 2.\nSee also the preface.", nil])
        #expect(
            records.map(\.source) == [
                "The Sample Book — Chapter 1: Beginnings", "The Sample Book — Chapter 1: Beginnings",
                "The Sample Book — Chapter 2: Endings",
            ])
        #expect(records.allSatisfy { $0.author == "Jane Doe, John Roe" })
        // The Markdown export writes local time: the fixture's, UTC, read as the test's own.
        let seconds: [Int64] = [1_709_327_702, 1_709_368_855, 1_709_578_990]
        #expect(records.map(\.createdAt) == seconds.map { localTimes ? sameWallClock($0) : Timestamp(seconds: $0) })
    }

    @Test func oneBookInJSON() throws {
        let (records, reader) = try KOReaderExportTests.read("koreader-export-one.json")
        KOReaderExportTests.expectSampleBook(records)
        #expect(records.map(\.tags) == [["yellow"], ["red"], ["green"]])
        #expect(reader.tags.byKey["yellow"]?.color == "yellow")
    }

    @Test func everyBookInJSONWithKeysInAnotherOrder() throws {
        let (records, _) = try KOReaderExportTests.read("koreader-export-all.json")
        KOReaderExportTests.expectSampleBook(Array(records.prefix(3)))
        let last = try #require(records.last)
        #expect(records.count == 4 && last.source == "Anomalies" && last.author == "Richard H. Thaler, Alex Imas" && last.tags == ["gray"])
        #expect(last.location == .record(4))
    }

    /// The Markdown export: the style's emphasis taken off, the date read in local time (the
    /// fixtures were written in UTC), the "Last, First" names of the author line turned round.
    @Test func everyBookInMarkdown() throws {
        let (records, _) = try KOReaderExportTests.read("koreader-export-all.md")
        KOReaderExportTests.expectSampleBook(Array(records.prefix(3)), localTimes: true)
        let last = try #require(records.last)
        #expect(records.count == 4 && last.text == "A passage without a chapter." && last.source == "Anomalies")
        #expect(last.author == "Richard H. Thaler, Alex Imas" && last.createdAt == KOReaderExportTests.sameWallClock(1_700_000_000))
        #expect(records.allSatisfy { $0.tags.isEmpty })
    }

    /// The instant whose local wall clock reads what UTC read at `seconds`.
    static func sameWallClock(_ seconds: Int64) -> Timestamp? {
        let (days, rest) = seconds.quotientAndRemainder(dividingBy: 86400)
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        let z = days + 719_468, era = z / 146_097, doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365, doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153, day = doy - (153 * mp + 2) / 5 + 1, month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return Timestamp.local(
            year: Int(year), month: Int(month), day: Int(day), hour: Int(rest / 3600), minute: Int(rest % 3600 / 60), second: Int(rest % 60)
        )
    }

    /// The HTML export: no colours, and dates without a time (`%x`).
    @Test func everyBookInHTML() throws {
        let (records, _) = try KOReaderExportTests.read("koreader-export-all.html")
        #expect(records.count == 4)
        #expect(
            records.prefix(3).map(\.text) == [
                "It was a bright cold day in April.", "Rules & rituals <matter> more than we think.",
                "Every ending is a beginning.\n\nAnd a second paragraph.",
            ])
        #expect(records.map(\.back) == [nil, "Compare with chapter 2.\nSee also the preface.", nil, nil])
        #expect(
            records.map(\.source) == [
                "The Sample Book — Chapter 1: Beginnings", "The Sample Book — Chapter 1: Beginnings",
                "The Sample Book — Chapter 2: Endings", "Anomalies",
            ])
        #expect(
            records.map(\.author) == ["Jane Doe, John Roe", "Jane Doe, John Roe", "Jane Doe, John Roe", "Richard H. Thaler, Alex Imas"])
        #expect(records[0].createdAt == Timestamp.local(year: 2024, month: 3, day: 1, hour: 0, minute: 0, second: 0))
        #expect(records.allSatisfy { $0.tags.isEmpty })
        #expect(KOReaderExport.shortDate("13/01/24") == nil && KOReaderExport.shortDate("12/31/99") != nil)
    }

    @Test func authorLinesAndEmphasis() {
        // Kindle's and KOReader's sidecars: names separated by ";" or lines, each "Last, First".
        #expect(
            AuthorNames.normalised("Abdaal, Ali") == "Ali Abdaal" && AuthorNames.normalised("Le Guin, Ursula K.") == "Ursula K. Le Guin")
        #expect(AuthorNames.normalised("Thaler, Richard H.; Imas, Alex") == "Richard H. Thaler, Alex Imas")
        #expect(AuthorNames.normalised("Thaler, Richard H.\nImas, Alex") == "Richard H. Thaler, Alex Imas")
        #expect(AuthorNames.normalised("Thaler, Richard H., Imas, Alex") == "Richard H. Thaler, Alex Imas")
        #expect(AuthorNames.normalised("Plato") == "Plato" && AuthorNames.normalised(" ; , ") == nil)
        // KOReader's exports: a list of names joined by ", ".
        #expect(AuthorNames.commaList("Jane Doe, John Roe") == "Jane Doe, John Roe")
        #expect(AuthorNames.commaList("Thaler, Richard H., Imas, Alex") == "Richard H. Thaler, Alex Imas")
        // Kobo, Apple Books: as said, never turned.
        #expect(AuthorNames.listed("Seneca, Robin Campbell") == "Seneca, Robin Campbell")
        #expect(AuthorNames.listed("Richard H. Thaler,Alex Imas") == "Richard H. Thaler, Alex Imas")
        // Duplicates compare the words in any order, without "and".
        func same(_ a: String, _ b: String) -> Bool {
            var (a, b) = (a, b)
            return a.withUTF8(AuthorNames.comparable) == b.withUTF8(AuthorNames.comparable)
        }
        #expect(same("Thaler, Richard H.; Imas, Alex", "Richard H. Thaler, Alex Imas") && same("Le Guin, Ursula K.", "Ursula K. Le Guin"))
        #expect(
            same("Richard H. Thaler and Alex Imas", "Richard H. Thaler & Alex Imas")
                && same("García Márquez, Gabriel", "Gabriel GARCÍA Márquez"))
        #expect(!same("Jane Doe", "John Doe"))
        #expect(KOReaderExport.unformatted("**_x_**") == "x" && KOReaderExport.unformatted("<u>x</u>") == "x")
        #expect(KOReaderExport.unformatted("*") == "*" && KOReaderExport.unformatted("a *b*") == "a *b*")
        #expect(
            KOReaderExport.date("31 December 2024 12:00:00 AM")
                == Timestamp.local(year: 2024, month: 12, day: 31, hour: 0, minute: 0, second: 0))
        #expect(KOReaderExport.date("31 Decembre 2024 12:00:00 AM") == nil)
    }

    @Test func aJSONExportWithoutEntriesIsMalformed() {
        #expect(throws: ImportError.malformed("k.json", "KOReader's JSON export holds a book's \"entries\", or \"documents\" of books")) {
            try Importers.reader(.koreader, name: "k.json", bytes: Array(#"{"version": "json/1.0.0", "documents": [{"title": "x"}]}"#.utf8))
        }
    }
}
