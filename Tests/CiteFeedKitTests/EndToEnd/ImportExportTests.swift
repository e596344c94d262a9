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
    @Suite struct ImportExportTests {
        static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures/import")
        func fixture(_ name: String) -> String { Integration.ImportExportTests.fixtures.appendingPathComponent(name).path }

        /// A library with every kind of field, an archived citation and an unused tag.
        func richLibrary() throws -> Sandbox {
            let box = try Sandbox()
            try box.add("Plain one", "--author", "A", "--tag", "life")
            try box.add(
                "Comma, \"quotes\"\nand a second line", "--author", "B", "--source", "https://example.org/x", "--back", "Back, side",
                "--tag", "Deep Work", "--favourite")
            try box.add("Archived later")
            try box.run("archive", "3")
            try box.run("tag", "add", "unused", "--color", "#123456")
            return box
        }

        @Test func jsonRoundTripIsIdenticalButForExportedAt() throws {
            let box = try richLibrary()
            let first = try box.run("export", "--all")
            #expect(first.status == 0 && first.stderr.isEmpty)
            let file = box.home.appendingPathComponent("a.json")
            try first.stdoutBytes.write(to: file)
            let other = try Sandbox()
            other.now = "2026-04-01T00:00:00Z"
            let imported = try other.run("import", file.path)
            #expect(imported.status == 0 && imported.stdout == "imported 3, skipped 0 duplicates\n", "\(imported)")
            let second = try other.run("export", "--all")
            func withoutExportedAt(_ s: String) -> String {
                s.split(separator: "\n").filter { !$0.contains("\"exportedAt\"") }.joined(separator: "\n")
            }
            #expect(withoutExportedAt(second.stdout) == withoutExportedAt(first.stdout))
            #expect(second.stdout.contains("\"exportedAt\": \"2026-04-01T00:00:00Z\""))
        }

        @Test func csvRoundTripKeepsEveryField() throws {
            let box = try richLibrary()
            let file = box.home.appendingPathComponent("a.csv")
            #expect(
                try box.run("export", "--all", "--format", "csv", "--out", file.path).stderr == "Exported 3 citations to \(file.path).\n")
            let other = try Sandbox()
            #expect(try other.run("import", file.path).stdout == "imported 3, skipped 0 duplicates\n")
            let a = try box.library().citations(
                {
                    var q = CitationQuery(); q.all = true; q.sort = .created; return q
                }())
            let b = try other.library().citations(
                {
                    var q = CitationQuery(); q.all = true; q.sort = .created; return q
                }())
            #expect(
                a.map {
                    [$0.id, $0.uuid, $0.text, $0.back, $0.author, $0.source, $0.favourite, $0.createdAt, $0.updatedAt, $0.archivedAt]
                        as [AnyHashable?]
                }
                    == b.map {
                        [$0.id, $0.uuid, $0.text, $0.back, $0.author, $0.source, $0.favourite, $0.createdAt, $0.updatedAt, $0.archivedAt]
                            as [AnyHashable?]
                    })
            #expect(a.map { $0.tags.map(\.name) } == b.map { $0.tags.map(\.name) })
        }

        static var fortuneProgram: String? {
            findProgram("fortune") ?? (FileManager.default.isExecutableFile(atPath: "/usr/games/fortune") ? "/usr/games/fortune" : nil)
        }

        @Test(.requires(findProgram("strfile") != nil && fortuneProgram != nil, "needs strfile and fortune (Debian's fortune-mod)"))
        func fortuneExportIsReadByStrfileAndFortune() throws {
            let strfile = try #require(findProgram("strfile"), "strfile is not installed (Debian's fortune-mod)")
            let fortune = try #require(Integration.ImportExportTests.fortuneProgram, "fortune is not installed (Debian's fortune-mod)")
            let box = try richLibrary()
            let file = box.home.appendingPathComponent("quotes").path
            #expect(try box.run("export", "--format", "fortune", "--out", file).status == 0)
            let made = try Sandbox.execute(strfile, [file, file + ".dat"], stdin: Data(), environment: [:])
            #expect(made.status == 0 && made.stdout.contains("There were 2 strings"), "\(made)")
            let found = try Sandbox.execute(fortune, ["-m", "quotes", file], stdin: Data(), environment: [:])
            // The back after a blank line, each of its lines after → (it was once dropped).
            #expect(
                found.stdout.contains("Comma, \"quotes\"\nand a second line\n\n→ Back, side\n\t\t-- B, https://example.org/x"), "\(found)")
        }

        @Test func exportFiltersAndFormats() throws {
            let box = try richLibrary()
            let txt = try box.run("export", "--format", "txt", "--tag", "life")
            #expect(txt.stdout == "“Plain one”\n— A\n[life]\n")
            let favourites = try JSONParser.parse(try box.run("export", "--favourites").stdout)
            #expect(favourites["citations"]?.arrayValue?.count == 1 && favourites["tags"]?.arrayValue?.count == 1)
            let archived = try JSONParser.parse(try box.run("export", "--archived").stdout)
            #expect(archived["citations"]?.arrayValue?.map { $0["id"] } == [.int(3)])
            let csv = try box.run("export", "--format", "csv")
            #expect(csv.stdout.hasPrefix("id,uuid,text,back,author,source,tags,favourite,created_at,updated_at,archived_at\r\n"))
            expectFailure(
                try box.run("export", "--format", "xml"), status: .usage, containing: "--format takes one of json, csv, txt, fortune")
            expectFailure(try box.run("export", "--archived", "--all"), status: .usage, containing: "cannot be used together")
        }

        @Test func kindleClippings() throws {
            let box = try Sandbox()
            let result = try box.run("import", fixture("My Clippings.txt"))
            #expect(result.stdout == "imported 2, skipped 0 duplicates\n", "\(result)")
            let citations = try box.library().citations(
                {
                    var q = CitationQuery(); q.sort = .text; return q
                }())
            #expect(
                citations.map(\.text) == [
                    "I went to the woods because I wished to live deliberately.", "You have power over your mind - not outside events.",
                ])
            #expect(
                citations[1].author == "Marcus Aurelius" && citations[1].source == "Meditations" && citations[1].back == "The stoic core.")
            #expect(citations[0].author == "Henry David Thoreau" && citations[0].source == "Walden" && citations[0].back == nil)
        }

        @Test func readwiseCSV() throws {
            let box = try Sandbox()
            #expect(try box.run("import", fixture("readwise.csv"), "--tag", "readwise").stdout == "imported 2, skipped 0 duplicates\n")
            let citations = try box.library().citations(
                {
                    var q = CitationQuery(); q.sort = .text; return q
                }())
            #expect(
                citations[0].text == "A highlight\nover two lines." && citations[0].source == "Book, With Comma"
                    && citations[0].back == "A note, with a comma")
            #expect(citations[1].text == "Simple, plain words, \"quoted\" ones too." && citations[1].author == "Some Author")
            #expect(citations[1].tags.map(\.name) == ["craft", "readwise", "writing"])
        }

        @Test func dummyjsonArraysAndFortunes() throws {
            let box = try Sandbox()
            #expect(try box.run("import", fixture("dummyjson.json")).stdout == "imported 2, skipped 0 duplicates\n")
            #expect(try box.run("import", fixture("array.json")).stdout == "imported 3, skipped 0 duplicates\n")
            #expect(try box.run("import", fixture("trailing.fortune")).stdout == "imported 2, skipped 0 duplicates\n")
            #expect(
                try box.run("import", fixture("notrailing.fortune"), "--format", "fortune").stdout == "imported 2, skipped 0 duplicates\n")
            let texts = try box.library().citations(CitationQuery()).map(\.text)
            #expect(texts.contains("First fortune,\non two lines.") && texts.contains("And another.") && texts.contains("From content."))
            let second = try box.library().citations(CitationQuery()).first { $0.text == "Second fortune." }
            #expect(second?.author == "Someone" && second?.source == "Somewhere")
        }

        @Test func importingTwiceAddsNothing() throws {
            let box = try Sandbox()
            try box.add("life isn’t about getting  and having, it’s about giving and being.", "--author", "KEVIN kruse")
            #expect(try box.run("import", fixture("dummyjson.json")).stdout == "imported 1, skipped 1 duplicate\n")
            #expect(try box.run("import", fixture("dummyjson.json")).stdout == "imported 0, skipped 2 duplicates\n")
            // The full-text index knows the imported citations and the older one alike.
            let found = try JSONParser.parse(try box.run("list", "--search", "napoleon", "--json").stdout).arrayValue ?? []
            #expect(found.count == 1 && found[0]["author"] == .string("Napoleon Hill"))
            #expect(try JSONParser.parse(try box.run("list", "--search", "getting", "--json").stdout).arrayValue?.count == 1)
            #expect(try box.library().db.query("INSERT INTO citations_fts(citations_fts) VALUES ('integrity-check')") { _ in 0 }.isEmpty)
            #expect(try box.library().db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'") == 17)
        }

        /// Tags are looked up by the names the file spells (any case, any spelling, the same tag),
        /// and made only for citations that are imported: a tag carried only by duplicates is not.
        @Test func tagsOfDuplicatesAreNotMade() throws {
            let box = try Sandbox()
            try box.add("Already here", "--tag", "Calm")
            let file = box.home.appendingPathComponent("tags.csv")
            try Data(
                """
                text,tags
                Already here,only-on-a-duplicate
                New one,calm
                Another,CALM;fresh
                Third,fresh

                """.utf8
            ).write(to: file)
            let result = try box.run("import", file.path)
            #expect(result.stdout == "imported 3, skipped 1 duplicate\n", "\(result)")
            let library = try box.library()
            #expect(try library.tags().map(\.tag.name).sorted() == ["Calm", "fresh"])
            let calm = try library.db.scalar("SELECT count(*) FROM citation_tags JOIN tags ON tags.id = tag_id WHERE tags.key = 'calm'")
            #expect(calm == 3)
            #expect(try library.db.scalar("SELECT count(*) FROM citation_tags") == 5)
        }

        @Test func badFilesChangeNothing() throws {
            let box = try Sandbox()
            try box.add("existing")
            let before = try box.state()
            func write(_ name: String, _ bytes: [UInt8]) throws -> String {
                let url = box.home.appendingPathComponent(name)
                try Data(bytes).write(to: url)
                return url.path
            }
            expectFailure(
                try box.run("import", try write("bad.json", Array("[{\"text\": \"a\"},\n  {\"text\" \"b\"}]".utf8))), status: .dataError,
                containing: "bad.json is not valid: line 2, column 11: expected ':' after a member name.")
            expectFailure(
                try box.run("import", try write("bad.csv", Array("id,uuid,text\n1,,\"open\n".utf8))), status: .dataError,
                containing: "bad.csv is not valid: line 2: a quoted field is not closed.")
            expectFailure(
                try box.run("import", try write("empty-text.json", Array("[{\"text\": \"ok\"}, {\"text\": \"  \"}]".utf8))),
                status: .dataError,
                containing:
                    "record 2: The citation text is empty; give the words to keep. Nothing was imported; --skip-invalid imports the valid ones."
            )
            expectFailure(
                try box.run("import", try write("binary.json", [0x7B, 0x00, 0xFF, 0xFE])), status: .dataError,
                containing: "is not a text file")
            expectFailure(
                try box.run("import", try write("empty.txt", [])), status: .dataError, containing: "empty.txt is empty; nothing to import.")
            expectFailure(
                try box.run("import", try write("what.txt", Array("just some words".utf8))), status: .dataError,
                containing: "Cannot tell the format of")
            expectFailure(
                try box.run("import", box.home.appendingPathComponent("missing.json").path), status: .notFound, containing: "No file")
            expectFailure(
                try box.run("import", "ftp://example.org/q.json"), status: .ioError,
                containing: "only http and https addresses can be fetched")
            expectFailure(
                try box.run("import", "x.json", "--format", "yaml"), status: .usage, containing: "--format takes one of auto, json")
            #expect(try box.state() == before)
        }

        /// A uuid is stored in lower case, and one that differs only in case is the same uuid: its
        /// citation is a duplicate even with other text. A malformed uuid is named.
        @Test func uuidsAreComparedWhateverTheirCase() throws {
            let box = try Sandbox()
            func importing(_ citations: String) throws -> RunResult {
                let url = box.home.appendingPathComponent("u-\(UUID().uuidString).json")
                try Data(#"{"format": "citefeed", "version": 1, "citations": \#(citations)}"#.utf8).write(to: url)
                return try box.run("import", url.path)
            }
            #expect(
                try importing(#"[{"text": "First", "uuid": "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"}]"#).stdout
                    == "imported 1, skipped 0 duplicates\n")
            #expect(
                try importing(#"[{"text": "Other", "uuid": "6ba7b810-9dad-11d1-80b4-00c04fd430c8"}]"#).stdout
                    == "imported 0, skipped 1 duplicate\n")
            #expect(try box.library().citations(CitationQuery()).map(\.uuid) == ["6ba7b810-9dad-11d1-80b4-00c04fd430c8"])
            expectFailure(
                try importing(#"[{"text": "Third", "uuid": "6ba7b810-9dad-11d1-80b4-00c04fd430cg"}]"#), status: .dataError,
                containing: "record 1: The uuid")
        }

        /// The library is made when an import first opens it, before the file's records are
        /// checked: a failed first import takes it away again, and the folder it made for it.
        @Test func aFailedFirstImportLeavesNoLibrary() throws {
            let box = try Sandbox()
            let file = box.home.appendingPathComponent("bad.json")
            try Data("[{\"text\": \"fine\"}, {\"text\": \"\"}]".utf8).write(to: file)
            let newHome = box.home.appendingPathComponent("new/home")
            try FileManager.default.createDirectory(at: newHome.deletingLastPathComponent(), withIntermediateDirectories: true)
            for home in [box.home, newHome] {
                expectFailure(
                    try box.run(["--home", home.path, "import", file.path]), status: .dataError, containing: "The citation text is empty")
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: box.home.path).sorted()
            #expect(left == ["bad.json", "new"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: newHome.deletingLastPathComponent().path).isEmpty)
            // A library that was there stays, with what it held.
            try box.add("kept")
            expectFailure(try box.run("import", file.path), status: .dataError, containing: "The citation text is empty")
            #expect(FileManager.default.fileExists(atPath: box.libraryPath))
            #expect(try box.library().citations(CitationQuery()).map(\.text) == ["kept"])
        }

        @Test func skipInvalidImportsTheRestAndListsTheSkipped() throws {
            let box = try Sandbox()
            let url = box.home.appendingPathComponent("mixed.json")
            try Data("[{\"text\": \"good\"}, {\"text\": \"\"}, {\"text\": \"bad\\u0007\"}, {\"text\": \"also good\"}]".utf8).write(to: url)
            let result = try box.run("import", url.path, "--skip-invalid")
            #expect(result.status == 0)
            #expect(result.stdout == "imported 2, skipped 0 duplicates, 2 invalid\n")
            #expect(
                result.stderr == "citefeed: skipped record 2: The citation text is empty; give the words to keep.\n"
                    + "citefeed: skipped record 3: The text contains the control character U+0007 (BEL) at position 4; only tab and newline are allowed.\n"
            )
        }
    }
}

extension Integration {
    /// URL import against a small HTTP server on 127.0.0.1, started by the test.
    @Suite struct ImportURLTests {
        /// Serves `/quotes.json`, `/big` (2000 bytes), `/hang` (never answers) and 404 otherwise.
        static func server() throws -> LocalHTTPServer {
            try LocalHTTPServer(
                handler: """
                        def do_GET(self):
                            if self.path == "/hang":
                                time.sleep(30); return
                            body = {"/quotes.json": b'{"quotes": [{"id": 1, "quote": "Served over HTTP.", "author": "Server"}]}', "/big": b"x" * 2000}.get(self.path)
                            if body is None:
                                self.send_response(404); self.end_headers(); return
                            self.send_response(200); self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
                    """)
        }

        @Test(.requires(findProgram("curl") != nil && findProgram("python3") != nil, "needs curl and python3"))
        func fetchesOverHTTPAndReportsEveryFailure() throws {
            try #require(findProgram("curl") != nil && findProgram("python3") != nil, "curl or python3 is not installed")
            let server = try Integration.ImportURLTests.server()
            #expect(server.port > 0)
            let box = try Sandbox()
            let base = "http://127.0.0.1:\(server.port)"
            let ok = try box.run(["import", base + "/quotes.json"], environment: ["PATH": "/usr/bin:/bin"])
            #expect(ok.status == 0 && ok.stdout == "imported 1, skipped 0 duplicates\n", "\(ok)")
            #expect(try box.library().citations(CitationQuery()).first?.text == "Served over HTTP.")
            let before = try box.state()
            expectFailure(
                try box.run(["import", base + "/missing.json"], environment: ["PATH": "/usr/bin:/bin"]), status: .ioError,
                containing: "Cannot fetch \(base)/missing.json: the server answered 404.")
            expectFailure(
                try box.run(["import", base + "/hang"], environment: ["PATH": "/usr/bin:/bin", "CITEFEED_FETCH_TIMEOUT": "2"]),
                status: .ioError,
                containing: "no answer within 2 seconds")
            expectFailure(
                try box.run(["import", base + "/big"], environment: ["PATH": "/usr/bin:/bin", "CITEFEED_FETCH_LIMIT": "1000"]),
                status: .ioError,
                containing: "it is larger than 1000 bytes")
            #expect(try box.state() == before)
        }
    }
}
