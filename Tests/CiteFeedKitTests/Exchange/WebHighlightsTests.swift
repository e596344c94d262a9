import Foundation
import Testing

@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedSupport

/// Reads `bytes` as `format` (checking that detection agrees: by content, or for a zip as a
/// binary format) into its records and reader.
func readHighlights(_ name: String, _ bytes: [UInt8], as format: ImportFormat) throws -> (records: [ImportRecord], reader: ImportReader) {
    let detected =
        ZipArchive.looksLike(bytes) ? Importers.detectBinary(name: name, bytes: bytes) : Importers.detect(name: name, bytes: bytes)
    #expect(detected == format, "\(name)")
    let reader = try Importers.reader(format, name: name, bytes: bytes)
    var records: [ImportRecord] = []
    try reader.forEachRecord { record, _ in records.append(record) }
    return (records, reader)
}

/// Runs the Python program `counter` on `file` and returns the numbers it prints.
func pythonCount(_ counter: String, _ file: URL) throws -> [Int] {
    let python = try #require(findProgram("python3"))
    let counted = try Sandbox.execute(python, ["-c", counter, file.path], stdin: Data(), environment: ["PATH": "/usr/bin:/bin"])
    #expect(counted.status == 0, "\(counted)")
    return counted.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
}

extension Integration {
    /// Bookcision's JSON.
    @Suite struct BookcisionTests {
        static let folder = readerCorpus.appendingPathComponent("bookcision")

        /// Counts items with a text or a note, and those with both, with Python's json.
        static let counter = """
            import json, sys
            d = json.load(open(sys.argv[1], encoding="utf-8"))
            items = [((h.get("text") or "").strip(), (h.get("note") or "").strip(), h.get("isNoteOnly")) for h in d["highlights"]]
            print(sum(1 for t, n, o in items if t or n), sum(1 for t, n, o in items if t and n and not o))
            """

        @Test(.needsShared(folder), .requires(findProgram("python3") != nil, "needs python3 as the independent counter"))
        func everyFileGivesWhatPythonCounts() throws {
            for name in ["dimasmith-rustonomicon.json", "dimasmith-invalid-null-text.json"] {
                let file = Integration.BookcisionTests.folder.appendingPathComponent(name)
                let numbers = try pythonCount(Integration.BookcisionTests.counter, file)
                let (records, _) = try readHighlights(name, Array(try Data(contentsOf: file)), as: .bookcision)
                #expect(records.count == numbers.first && records.filter { $0.back != nil }.count == numbers.last, "\(name)")
                #expect(records.allSatisfy { $0.source == "Rustonomicon" && $0.author == "The Rust Community" })
            }
        }

        @Test(.needsShared(folder)) func aNoteOnNoPassageIsACitationAndANullTextIsLeftOut() throws {
            let file = Integration.BookcisionTests.folder.appendingPathComponent("dimasmith-invalid-null-text.json")
            let (records, reader) = try readHighlights(file.lastPathComponent, Array(try Data(contentsOf: file)), as: .bookcision)
            #expect(
                records.map(\.text) == [
                    "This is an interesting quote from the Rustonomicon", "Note to self: don't forget to lint your project.",
                ])
            #expect(records.map(\.back) == ["This quote needs clarification, so that's why the note is here", nil])
            #expect(records.map(\.location) == [.record(2), .record(3)])
            #expect(reader.skipped.map(\.0) == ["empty highlight"] && reader.skipped.map(\.1) == [1])
        }

        @Test func authorsAreTurnedRoundAndAFileWithoutHighlightsIsMalformed() throws {
            let json =
                #"{"asin":"B0","title":" Sapiens ","authors":"Harari, Yuval Noah","highlights":[{"text":"A","isNoteOnly":false,"note":""}]}"#
            let (records, _) = try readHighlights("b.json", Array(json.utf8), as: .bookcision)
            #expect(records.map(\.author) == ["Yuval Noah Harari"] && records.map(\.source) == ["Sapiens"] && records[0].back == nil)
            #expect(throws: ImportError.malformed("b.json", "a Bookcision file is an object with a list of \"highlights\"")) {
                try Importers.reader(.bookcision, name: "b.json", bytes: Array(#"{"asin":"B0","highlights":{}}"#.utf8))
            }
        }
    }
}

extension Integration {
    /// Hypothesis annotations.
    @Suite struct HypothesisTests {
        static let folder = readerCorpus.appendingPathComponent("hypothesis")

        /// Counts rows quoting a passage, and those with a comment too, with Python's json.
        static let counter = """
            import json, sys
            d = json.load(open(sys.argv[1], encoding="utf-8"))
            def quote(r):
                for t in r.get("target", []):
                    for s in t.get("selector", []):
                        if s.get("type") == "TextQuoteSelector" and s.get("exact", "").strip(): return True
                return False
            rows = [r for r in d["rows"] if not r.get("references")]
            print(sum(1 for r in rows if quote(r)), sum(1 for r in rows if quote(r) and (r.get("text") or "").strip()))
            """

        @Test(.needsShared(folder), .requires(findProgram("python3") != nil, "needs python3 as the independent counter"))
        func everyFileGivesWhatPythonCounts() throws {
            for name in ["hypothesis-client-minimal.api.json", "hypothesis-client-wikipedia.api.json"] {
                let file = Integration.HypothesisTests.folder.appendingPathComponent(name)
                let numbers = try pythonCount(Integration.HypothesisTests.counter, file)
                let (records, _) = try readHighlights(name, Array(try Data(contentsOf: file)), as: .hypothesis)
                #expect(records.count == numbers.first && records.filter { $0.back != nil }.count == numbers.last, "\(name)")
            }
        }

        @Test(.needsShared(folder)) func theQuoteIsTheTextAndTheCommentTheBack() throws {
            let file = Integration.HypothesisTests.folder.appendingPathComponent("hypothesis-client-wikipedia.api.json")
            let (records, _) = try readHighlights(file.lastPathComponent, Array(try Data(contentsOf: file)), as: .hypothesis)
            let first = try #require(records.first)
            #expect(first.text == "11 November 2016" && first.back == "Footer")
            #expect(first.source == "Regression testing - Wikipedia — https://en.wikipedia.org/wiki/Regression_testing")
            #expect(first.source?.sourceAddress == "https://en.wikipedia.org/wiki/Regression_testing")
            #expect(first.createdAt == Timestamp(rfc3339: "2016-12-16T11:24:14Z"))
            // Never the comment as the quote: no record's text is a comment of the file.
            #expect(!records.contains { $0.text == "Footer" })
        }

        /// The client's export, built from the shape hypothesis/client's annotations exporter writes
        /// (`export_date`, `export_userid`, `client_version`, `annotations`): a highlight with tags,
        /// a page note, a reply, and a quote of white space.
        static let export = """
            {"export_date":"2024-03-01T10:00:00.000Z","export_userid":"acct:reader@hypothes.is","client_version":"1.1380.0",
             "annotations":[
              {"id":"a1","created":"2024-02-01T09:00:00.000000+00:00","updated":"2024-02-02T09:00:00.000000+00:00","user":"acct:reader@hypothes.is",
               "uri":"https://example.org/essay","text":"My comment","tags":["ideas","bad,tag",""],"group":"__world__",
               "target":[{"source":"https://example.org/essay","selector":[{"type":"TextPositionSelector","start":1,"end":5},
                 {"type":"TextQuoteSelector","exact":"  The passage\\nitself ","prefix":"p","suffix":"s"}]}],
               "document":{"title":["An Essay"]}},
              {"id":"a2","created":"2024-02-01T09:00:00Z","uri":"https://example.org/essay","text":"A page note","tags":[],
               "target":[{"source":"https://example.org/essay"}],"document":{"title":["An Essay"]}},
              {"id":"a3","created":"2024-02-01T09:00:00Z","uri":"https://example.org/essay","text":"A reply","references":["a1"],
               "target":[{"source":"https://example.org/essay"}]},
              {"id":"a4","created":"2024-02-01T09:00:00Z","uri":"urn:x-pdf:abc","text":"",
               "target":[{"source":"urn:x-pdf:abc","selector":[{"type":"TextQuoteSelector","exact":"Quoted from a PDF"}]}]},
              {"id":"a5","uri":"https://example.org/","target":[{"selector":[{"type":"TextQuoteSelector","exact":" "}]}]}
             ]}
            """

        @Test func theClientsExportSaysWhatItLeftOut() throws {
            let (records, reader) = try readHighlights("hypothesis.json", Array(Integration.HypothesisTests.export.utf8), as: .hypothesis)
            #expect(records.map(\.text) == ["The passage\nitself", "Quoted from a PDF"])
            #expect(records.map(\.back) == ["My comment", nil])
            #expect(records.map(\.source) == ["An Essay — https://example.org/essay", "urn:x-pdf:abc"])
            #expect(records[0].tags == ["ideas"] && records[1].tags == [])
            #expect(records[0].updatedAt == Timestamp(rfc3339: "2024-02-02T09:00:00Z"))
            #expect(records[1].source?.sourceAddress == nil)
            #expect(reader.skipped.map(\.0) == ["empty highlight", "page note", "reply"] && reader.skipped.map(\.1) == [1, 1, 1])
        }

        @Test func aSourceEndingInAnAddressLinksToIt() {
            #expect("https://a.example/x".sourceAddress == "https://a.example/x")
            #expect("Title — https://a.example/x".sourceAddress == "https://a.example/x")
            #expect("A — B — https://a.example/x".sourceAddress == "https://a.example/x")
            #expect("Title—https://a.example/x".sourceAddress == nil && "Title — not an address".sourceAddress == nil)
            #expect("Title — https://a.example/x y z".sourceAddress == "https://a.example/x y z")
            #expect("— https://a.example/".sourceAddress == nil && "Moby-Dick — Herman Melville".sourceAddress == nil)
        }
    }
}

extension Integration {
    /// Calibre's highlights export, made by make-calibre-highlights.py from
    /// calibre's source.
    @Suite struct CalibreHighlightsTests {
        @Test func highlightsWithNotesChaptersAndColours() throws {
            let file = packageRoot.appendingPathComponent("Tests/Fixtures/readers/highlights.calibre_highlights")
            let bytes = Array(try Data(contentsOf: file))
            #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
            // The byte order mark is taken off before detection, as `import` does.
            let (records, reader) = try readHighlights(file.lastPathComponent, Array(bytes.dropFirst(3)), as: .calibre)
            #expect(
                records.map(\.text) == ["The first passage, in yellow.", "A struck-out passage without a chapter.", "A custom colour."])
            #expect(records.map(\.back) == ["A note on it.", nil, nil] && records.map(\.source) == ["Chapter 1", nil, "Part Two"])
            #expect(records.map(\.tags) == [["yellow"], [], []])
            #expect(records[0].createdAt == Timestamp(rfc3339: "2024-05-01T10:20:30Z"))
            #expect(reader.skipped.map(\.0) == ["removed highlight"] && reader.skipped.map(\.1) == [1])
        }

        @Test func theBrowserViewersCollectionNamesTheBookInItsFileName() throws {
            let json =
                #"{"version":1,"type":"calibre_annotation_collection","annotations":[{"type":"bookmark","title":"p. 3","pos":"epubcfi(/2)"},{"type":"highlight","highlighted_text":"Quoted.","toc_family_titles":["One"]}]}"#
            let (records, reader) = try readHighlights("Downloads/Meditations - highlights.json", Array(json.utf8), as: .calibre)
            #expect(records.map(\.source) == ["Meditations — One"] && reader.skipped.map(\.0) == ["bookmark"])
        }
    }
}
