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

/// Real files that no one here wrote (../shared/corpus/imports-1/SOURCES.md says where each
/// comes from and under what licence), imported by the built binary. They are read
/// from the shared folder, never copied into the project.
@Suite(.needsShared(realImports)) struct RealImportTests {
    static let real = realImports

    /// Counts from SOURCES.md (an independent keyword count, not citefeed's): entries,
    /// highlights, notes, bookmarks.
    static let kindle: [(String, Int, Int, Int, Int)] = [
        ("en-old-k2-georgboe", 105, 101, 1, 3), ("en-old-gmt-baniol", 474, 458, 11, 5), ("en-us-eugeneware", 14, 10, 2, 2),
        ("en-gb-stmoks", 90, 84, 6, 0), ("en-us-arkalim-cut", 650, 648, 2, 0), ("es-old-oscartorrescarrion", 128, 90, 26, 12),
        ("pt-alexferreiradev", 467, 322, 132, 13), ("pt-caiorcferreira", 2, 2, 0, 0), ("it-thecloud", 99, 71, 25, 3),
        ("zh-halleword", 81, 78, 2, 1), ("zh-zicai", 4, 4, 0, 0), ("de-juriroemer", 1, 1, 0, 0), ("multi-yakimka", 33, 11, 11, 11),
    ]

    /// A Kindle file's entries as a second, simpler reader sees them: split at separator lines,
    /// the kind from words of the metadata line, the text after it.
    static func entries(_ text: String) -> [(kind: String, text: String)] {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\u{FEFF}", with: "")
            .components(separatedBy: "\n==========").compactMap { entry in
                let lines = entry.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                guard let first = lines.firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }), first + 1 < lines.count
                else { return nil }
                let meta = lines[first + 1].lowercased()
                let body = lines[(first + 2)...].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
                let kind =
                    ["bookmark", "lesezeichen", "signet", "marcador", "segnalibro", "bladwijzer", "закладк", "ブックマーク", "书签"].contains(
                        where: meta.contains)
                    ? "bookmark"
                    : ["note", "notiz", "nota", "notitie", "заметк", "メモ", "笔记"].contains(where: meta.contains) ? "note" : "highlight"
                return (kind, body)
            }
    }

    /// As the duplicate check compares (case and runs of white space ignored).
    static func squeezed(_ s: String) -> String { s.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    /// The text as duplicates are compared (the same words highlighted twice, once with the
    /// full stop, are one citation).
    static func words(_ s: String) -> String {
        var out: [UInt8] = []
        Array(s.utf8).withUnsafeBufferPointer { DuplicateKey.Maker.normalizeUnicode($0, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Each file imports whole (exit 0, no --skip-invalid); its bookmarks are left out and
    /// counted; no highlight's or note's text is lost: each is a citation's text (or inside
    /// the longer highlight that extended it), or a back.
    @Test(arguments: RealImportTests.kindle)
    func kindleFile(name: String, entries: Int, highlights: Int, notes: Int, bookmarks: Int) throws {
        let file = RealImportTests.real.appendingPathComponent("kindle-\(name).txt")
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        let found = RealImportTests.entries(text)
        #expect(found.count == entries && found.filter { $0.kind == "highlight" }.count == highlights)
        #expect(found.filter { $0.kind == "note" }.count == notes && found.filter { $0.kind == "bookmark" }.count == bookmarks)
        let box = try Sandbox()
        let result = try box.run("import", file.path)
        #expect(result.status == 0, "\(result)")
        if bookmarks > 0 { #expect(result.stderr.contains("left out \(bookmarks) bookmark"), "\(result.stderr)") }
        var all = CitationQuery()
        all.all = true
        let citations = try box.library().citations(all)
        let texts = citations.map { RealImportTests.words($0.text) },
            backs = citations.compactMap { $0.back.map(RealImportTests.words) }
        for entry in found where entry.kind != "bookmark" {
            var cut = RealImportTests.squeezed(entry.text)
            if let limit = cut.range(of: #"\s*[<‹][^<‹]*>$"#, options: .regularExpression) { cut.removeSubrange(limit) }
            let wanted = RealImportTests.words(cut)
            guard !wanted.isEmpty else { continue }
            #expect(texts.contains { $0.contains(wanted) } || backs.contains { $0.contains(wanted) }, "\(name): lost \(wanted.prefix(80))")
        }
    }

    /// Quote collections (records and authors counted independently; SOURCES.md): every record
    /// imported or found a duplicate of an earlier one, with its author.
    static let collections: [(String, Int, Int)] = [
        ("csv_quotesapp_quotes.csv", 3, 3), ("csv_quotesscraper_quotes.csv", 90, 90), ("csv_quotesrecommender_quotes879.csv", 879, 879),
        ("json_quoteme_quotes.json", 102, 102), ("json_vinitshahdeo_data.json", 327, 327), ("json_quotable_sample_quotes.json", 500, 500),
        ("json_rogalskiy_anger_quotes.json", 761, 761), ("jsonl_clockquotes_bluey.jsonl", 89, 89),
        ("jsonl_learnscrapy_quotes.jsonl", 220, 220),
        // 37 blockquotes, 6 attributed (1 by its last line, 5 after the closing quotation mark).
        ("md_forgetfulnotes_quotes.md", 37, 6),
        // No header: text, book, author; id, text, author. Strings "text — Author". Reader's
        // library: titles, no authors.
        ("csv_bookshl_highlights_noheader.csv", 362, 362), ("csv_qotd_csharp_quotes_noheader.csv", 24, 24),
        ("json_ysathyasai_quotes_cache.json", 4, 4), ("reader_duncanlew_example.csv", 3, 0),
        // Readwise's highlights export (an excerpt of six rows kept in a script).
        ("readwise_lektr_excerpt.csv", 6, 6),
    ]

    @Test(arguments: RealImportTests.collections)
    func quoteCollection(name: String, records: Int, withAuthor: Int) throws {
        let box = try Sandbox()
        let result = try box.run("import", RealImportTests.real.appendingPathComponent(name).path)
        #expect(result.status == 0, "\(result)")
        let numbers = result.stdout.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(numbers.count >= 2 && numbers[0] + numbers[1] == records, "\(result.stdout)")
        var all = CitationQuery()
        all.all = true
        let citations = try box.library().citations(all)
        #expect(citations.count == numbers.first)
        // Duplicates are skipped with their authors; the rest keep theirs.
        if withAuthor == records {
            #expect(citations.allSatisfy { $0.author != nil })
        } else {
            #expect(citations.filter { $0.author != nil }.count == withAuthor)
        }
    }

    /// A few records exactly: book, author, text and date.
    @Test func collectionRecordsExactly() throws {
        let box = try Sandbox()
        for name in [
            "json_quotable_sample_quotes.json", "csv_quotesrecommender_quotes879.csv", "json_vinitshahdeo_data.json",
            "md_forgetfulnotes_quotes.md",
        ] {
            #expect(try box.run("import", RealImportTests.real.appendingPathComponent(name).path).status == 0)
        }
        var all = CitationQuery()
        all.all = true
        let citations = try box.library().citations(all)
        let action = try #require(citations.first { $0.text == "Action is eloquence!" })
        #expect(action.author == "William Shakespeare" && action.tags.map(\.name).sorted() == ["famous-quotes", "literature"])
        let fork = try #require(citations.first { $0.text == "You don't need a silver fork to eat good food." })
        #expect(fork.author == "Paul Prudhomme" && fork.tags.map(\.name).sorted() == ["Good", "Good Food"])
        let truth = try #require(citations.first { $0.text == "\"Information is not truth.\"" })
        #expect(truth.author == "Yuval Noah Harari")
    }

    /// Readwise's export: the book as source, `Highlighted at` as the date, a highlight that
    /// runs over two lines kept whole, a note as the back.
    @Test func readwiseRecordsExactly() throws {
        let box = try Sandbox()
        #expect(try box.run("import", RealImportTests.real.appendingPathComponent("readwise_lektr_excerpt.csv").path).status == 0)
        var all = CitationQuery()
        all.all = true
        let citations = try box.library().citations(all)
        let first = try #require(citations.first { $0.text.hasPrefix("“No dumb bastard ever won a war") })
        #expect(first.author == "Matt Dinniman" && first.source == "This Inevitable Ruin" && first.back == nil)
        #expect(first.createdAt == Timestamp(rfc3339: "2026-01-27T05:56:46Z"))
        let twoLines = try #require(citations.first { $0.text.hasPrefix("biscuit holes flapping.") })
        #expect(twoLines.text.hasSuffix("It’s good for you.”\n“But"))
        let noted = try #require(citations.first { $0.text == "Some quote 2" })
        #expect(noted.back == "**test** quote" && noted.createdAt == Timestamp(rfc3339: "2026-01-27T17:26:16Z"))
        let carr = try #require(citations.first { $0.author == "Jonathan Haidt" })
        #expect(carr.source == "The Anxious Generation How the Great Rewiring of Childhood is Causing an Epidemic of Mental Illness")
        #expect(carr.createdAt == Timestamp(rfc3339: "2025-03-20T20:01:08Z"))
    }

    @Test func headerlessStringsAndReaderRecordsExactly() throws {
        let box = try Sandbox()
        for name in [
            "csv_bookshl_highlights_noheader.csv", "csv_qotd_csharp_quotes_noheader.csv", "json_ysathyasai_quotes_cache.json",
            "reader_duncanlew_example.csv",
        ] {
            #expect(try box.run("import", RealImportTests.real.appendingPathComponent(name).path).status == 0)
        }
        var all = CitationQuery()
        all.all = true
        let citations = try box.library().citations(all)
        let work = try #require(
            citations.first { $0.text == "Carl Jung went on to become one of the most influential thinkers of the twentieth century." })
        #expect(work.source == "Deep Work" && work.author == "Cal Newport")
        let cowbell = try #require(citations.first { $0.text == "I got a fever, and the only prescription is more cowbell." })
        #expect(cowbell.author == "Christopher Walken" && cowbell.source == nil)
        let kay = try #require(citations.first { $0.text == "The best way to predict the future is to invent it." })
        #expect(kay.author == "Alan Kay")
        // Reader's library: the title, the address as source, saved date; all three archived.
        let lens = try #require(citations.first { $0.text == "How I learned that Google Lens is more than a gimmick" })
        #expect(lens.source == "https://www.theverge.com/23496478/google-lens-apps-smart-home")
        #expect(lens.createdAt == Timestamp(rfc3339: "2022-12-07T07:43:11Z") && lens.archivedAt != nil)
        #expect(citations.filter { $0.source?.hasPrefix("https://") == true && $0.archivedAt != nil }.count == 3)
    }

    @Test func kindleRecordsExactly() throws {
        let box = try Sandbox()
        for name in ["en-old-gmt-baniol", "zh-zicai", "multi-yakimka"] {
            #expect(try box.run("import", RealImportTests.real.appendingPathComponent("kindle-\(name).txt").path).status == 0)
        }
        var all = CitationQuery()
        all.all = true
        let citations = try box.library().citations(all)
        let first = try #require(
            citations.first { $0.text == "languages when implementing patterns in their projects, there are many lessons we can" })
        #expect(first.source == "Developing Backbone.js Applications" && first.author == "Addy Osmani")
        #expect(first.createdAt == Timestamp(rfc3339: "2012-12-03T19:00:12Z"))
        // A note (on page 11, with no location) on the highlight of page 11, or a citation of its own.
        #expect(citations.contains { $0.back == "a" || $0.text == "a" })
        // Chinese: 上午8:33:27 on 4 April 2016, Berlin summer time.
        #expect(citations.contains { $0.createdAt == Timestamp(rfc3339: "2016-04-04T08:33:27+02:00") && $0.source?.isEmpty == false })
    }
}
