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

extension Integration {
    /// Anki's notes in plain text, written and read, and read by Anki itself.
    @Suite struct AnkiTests {
        @Test func htmlBecomesText() {
            #expect(AnkiText.text(ofHTML: "a<br>b<div>c</div><div>d<br></div>") == "a\nb\nc\nd")
            #expect(AnkiText.text(ofHTML: "x&nbsp;&lt;b&gt; &amp; &quot;q&quot; &#39;s &#x263A; &bogus;") == "x <b> & \"q\" 's ☺ &bogus;")
            #expect(AnkiText.text(ofHTML: "<b>bold</b> and <span style=\"color: red\">red</span>") == "bold and red")
            #expect(AnkiText.text(ofHTML: "see <img src=\"paste-c7dc.jpg\">") == "see [image: paste-c7dc.jpg]")
        }

        /// As Anki writes a deck with its columns (rzyns/strus's shape): guid, note type and deck
        /// columns are not fields; the tags column holds tags separated by spaces.
        @Test func headersNameTheColumns() throws {
            let file = """
                #separator:tab
                #html:true
                #guid column:1
                #notetype column:2
                #deck column:3
                #tags column:6
                Iwva];cnxM\tBasic\tDefault\tZnać + biernik\t"To know
                Example: Znam"\tai polish
                x?Q8\tBasic\tDefault\tMóc<br>+ infinitive\tCan\t

                """
            let records = try AnkiText.records(name: "deck.txt", bytes: Array(file.utf8))
            #expect(records.map(\.text) == ["Znać + biernik", "Móc\n+ infinitive"])
            #expect(records.map(\.back) == ["To know\nExample: Znam", "Can"])
            #expect(records.map(\.tags) == [["ai", "polish"], []])
            #expect(records.map(\.location) == [.line(7), .line(9)])
            let comma = try AnkiText.records(name: "c.txt", bytes: Array("#separator:comma\n#html:false\na <b>,b\n".utf8))
            #expect(comma.map(\.text) == ["a <b>"] && comma.map(\.back) == ["b"])
            #expect(throws: ImportError.self) { try AnkiText.records(name: "x.txt", bytes: Array("#separator:nonsense\na\n".utf8)) }
            // A note that starts with # is a note.
            let hashtag = try AnkiText.records(name: "h.txt", bytes: Array("#separator:tab\n#html:false\n#topic: a note\tits back\n".utf8))
            #expect(hashtag.map(\.text) == ["#topic: a note"] && hashtag.map(\.location) == [.line(3)])
        }

        static func exportedLibrary() throws -> (Sandbox, String) {
            let box = try Sandbox()
            try box.add(
                "Line one\nline two\twith a tab and \"quotes\" & <b>", "--back", "The back", "--author", "Seneca", "--source", "Letters",
                "--tag", "World Wide", "--tag", "stoic")
            try box.add("Plain")
            try box.add("Only attributed", "--author", "Anon")
            let out = box.home.appendingPathComponent("deck.txt").path
            #expect(try box.run("export", "--format", "anki", "--out", out).status == 0)
            return (box, out)
        }

        @Test func exportThenImportGivesTheCitationsBack() throws {
            let (source, deck) = try Integration.AnkiTests.exportedLibrary()
            defer { withExtendedLifetime(source) {} }
            let text = try String(contentsOfFile: deck, encoding: .utf8)
            #expect(text.hasPrefix("#separator:tab\n#html:false\n#tags column:3\n"))
            let other = try Sandbox()
            let result = try other.run("import", deck)
            #expect(result.stdout == "imported 3, skipped 0 duplicates\n", "\(result)")
            var all = CitationQuery()
            all.all = true
            let citations = try other.library().citations(all).sorted { $0.text < $1.text }
            #expect(citations.map(\.text) == ["Line one\nline two\twith a tab and \"quotes\" & <b>", "Only attributed", "Plain"])
            #expect(citations.map(\.back) == ["The back", nil, nil])
            #expect(citations.map(\.author) == ["Seneca", "Anon", nil] && citations.map(\.source) == ["Letters", nil, nil])
            // Anki's tags have no spaces.
            #expect(citations[0].tags.map(\.name).sorted() == ["World_Wide", "stoic"])
        }

        /// Anki itself (its Python package, `anki` on PyPI, which scripts/setup-debian --test
        /// installs) imports the export as notes: front, back and tags.
        @Test(.requires(pythonWith(["anki"]) != nil, "needs Python's anki package"))
        func ankiImportsTheExport() throws {
            try #require(pythonWith(["anki"]) != nil, "needs Python's anki package")
            let (box, deck) = try Integration.AnkiTests.exportedLibrary()
            let script = """
                import json, sys, tempfile, os
                from anki.collection import Collection, ImportCsvRequest
                col = Collection(os.path.join(tempfile.mkdtemp(), "collection.anki2"))
                col.import_csv(ImportCsvRequest(path=sys.argv[1], metadata=col.get_csv_metadata(path=sys.argv[1], delimiter=None)))
                for nid in sorted(col.find_notes("")):
                    n = col.get_note(nid)
                    print(json.dumps({"fields": n.fields, "tags": n.tags}, ensure_ascii=False))
                col.close()
                """
            let result = try Sandbox.execute(
                pythonWith(["anki"])!, ["-c", script, deck], stdin: Data(), environment: ["PATH": "/usr/bin:/bin", "HOME": box.home.path])
            #expect(result.status == 0, "\(result)")
            let notes = result.stdout.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
            #expect(notes.count == 3)
            let fields = notes.map { ($0["fields"]?.arrayValue ?? []).compactMap(\.stringValue) }
            // With #html:false, Anki keeps the text as text: escaped, line breaks as <br>.
            #expect(
                fields.contains([
                    "Line one<br>line two\twith a tab and &quot;quotes&quot; &amp; &lt;b&gt;", "The back<br><br>— Seneca, Letters",
                ]))
            #expect(fields.contains(["Plain", ""]) && fields.contains(["Only attributed", "— Anon"]))
            let tags = notes.map { ($0["tags"]?.arrayValue ?? []).compactMap(\.stringValue).sorted() }
            #expect(tags.contains(["World_Wide", "stoic"]))
        }

        /// A real deck (inwaves/flashcards, MIT; ../shared/corpus/imports-1/SOURCES.md): 402 notes of HTML and LaTeX.
        @Test(.needsShared(realImports.appendingPathComponent("anki_inwaves_all_decks.txt"))) func aRealDeck() throws {
            let box = try Sandbox()
            let file = realImports.appendingPathComponent("anki_inwaves_all_decks.txt")
            let result = try box.run("import", file.path)
            #expect(result.status == 0, "\(result)")
            let numbers = result.stdout.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            #expect(numbers.count >= 2 && numbers[0] + numbers[1] == 402, "\(result.stdout)")
            var all = CitationQuery()
            all.all = true
            let citations = try box.library().citations(all)
            #expect(citations.allSatisfy { $0.back != nil && !$0.text.contains("<br>") && !($0.back ?? "").contains("<div>") })
            let symmetric = try #require(citations.first { $0.text == "What's a symmetric matrix? An anti-symmetric?" })
            #expect(symmetric.back == "\\(A^T = A\\)\n\\(A^T = -A\\)")
        }
    }
}
