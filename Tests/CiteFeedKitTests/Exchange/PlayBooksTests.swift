import Foundation
import Testing

@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedSupport

extension Integration {
    /// Google Play Books' "Notes from …" documents, as .docx and as HTML.
    @Suite struct PlayBooksTests {
        static let folder = readerCorpus.appendingPathComponent("playbooks")

        /// The independent counter: Python's zipfile and ElementTree, counting the entry tables
        /// (tables inside tables) whose middle cell has a passage and a date, and those with a note.
        static let counter = """
            import sys, zipfile, xml.etree.ElementTree as ET
            W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
            root = ET.fromstring(zipfile.ZipFile(sys.argv[1]).read("word/document.xml"))
            highlights = notes = 0
            for outer in root.iter(W + "tbl"):
                for inner in outer.iter(W + "tbl"):
                    if inner is outer: continue
                    cells = inner.find(W + "tr").findall(W + "tc")
                    paragraphs = ["".join(t.text or "" for t in p.iter(W + "t")).strip() for p in cells[1].findall(W + "p")]
                    paragraphs = [p for p in paragraphs if p]
                    if len(paragraphs) >= 2: highlights += 1
                    if len(paragraphs) >= 3: notes += 1
            print(highlights, notes)
            """

        static func read(_ name: String) throws -> (records: [ImportRecord], reader: ImportReader) {
            _ = Sandbox.processZone
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            return try readHighlights(name, bytes, as: .playbooks)
        }

        @Test(.needsShared(folder), .requires(findProgram("python3") != nil, "needs python3 as the independent counter"))
        func everyDocumentGivesWhatPythonCounts() throws {
            for book in ["t27-martian", "t27-drive"] {
                let numbers = try pythonCount(
                    Integration.PlayBooksTests.counter, Integration.PlayBooksTests.folder.appendingPathComponent(book + ".docx"))
                let (records, _) = try Integration.PlayBooksTests.read(book + ".docx")
                #expect(records.count == numbers.first && records.filter { $0.back != nil }.count == numbers.last, "\(book)")
                // The HTML made from the same document gives the same citations, without colours.
                var (html, _) = try Integration.PlayBooksTests.read(book + ".pandoc.html")
                for i in html.indices { html[i].tags = records.indices.contains(i) ? records[i].tags : [] }
                #expect(html == records, "\(book)")
            }
            #expect(
                try Integration.PlayBooksTests.read("t27-martian.docx").records.count
                    + Integration.PlayBooksTests.read("t27-drive.docx").records.count == 8 + 59)
        }

        @Test(.needsShared(folder)) func aHighlightWithItsNoteDateAndColour() throws {
            let (records, reader) = try Integration.PlayBooksTests.read("t27-martian.docx")
            #expect(reader.skipped.map(\.0) == ["bookmark"] && reader.skipped.map(\.1) == [1])
            let first = try #require(records.first)
            #expect(first.text?.hasPrefix("You’d be amazed at how fast you can get going with a tiny acceleration") == true)
            #expect(first.author == "Andy Weir" && first.source == "The Martian — Chapter 1")
            #expect(first.back == nil && first.tags == ["yellow"])
            #expect(first.createdAt == Timestamp.local(year: 2016, month: 1, day: 2, hour: 0, minute: 0, second: 0))
            #expect(records.dropFirst().allSatisfy { $0.back != nil && $0.createdAt != nil && $0.tags.count == 1 })
            #expect(Set(records.flatMap(\.tags)).isSubset(of: ["yellow", "green", "blue", "red"]))
            #expect(PlayBooks.date("January 2, 2016") == Timestamp.local(year: 2016, month: 1, day: 2, hour: 0, minute: 0, second: 0))
            #expect(PlayBooks.date("2 January 2016") == nil)
        }

        /// The document make-playbooks-docx.py writes as Play Books does (data descriptors, the page
        /// link's field ending in the next paragraph), made here and read without the shared corpus.
        @Test(.requires(findProgram("python3") != nil, "python3 writes the document"))
        func theMadeUpDocument() throws {
            _ = Sandbox.processZone
            let box = try Sandbox()
            let file = box.home.appendingPathComponent("notes-from-a-sample-book.docx")
            let script = packageRoot.appendingPathComponent("Tests/Fixtures/readers/make-playbooks-docx.py")
            let made = try Sandbox.execute(
                try #require(findProgram("python3")), [script.path, file.path], stdin: Data(), environment: ["PATH": "/usr/bin:/bin"])
            #expect(made.status == 0, "\(made)")
            let (records, reader) = try readHighlights(file.lastPathComponent, Array(try Data(contentsOf: file)), as: .playbooks)
            #expect(
                records.map(\.text) == ["The first passage, highlighted in yellow.", "A second one <with> a note.", "A green passage."])
            #expect(records.map(\.back) == [nil, "My note on it.", nil])
            #expect(records.map(\.tags) == [["yellow"], ["blue"], ["green"]])
            #expect(
                records.map(\.source) == [
                    "A Sample Book — Chapter 1 & Beginnings", "A Sample Book — Chapter 1 & Beginnings", "A Sample Book — Chapter 2",
                ])
            #expect(records.allSatisfy { $0.author == "Jane Doe" })
            #expect(
                records.map(\.createdAt) == [1, 2, 3].map { Timestamp.local(year: 2024, month: 3, day: $0, hour: 0, minute: 0, second: 0) })
            #expect(reader.skipped.map(\.0) == ["bookmark"] && reader.skipped.map(\.1) == [1])
        }

        /// A document that is damaged, or a zip bomb, is refused with its reason; nothing is written
        /// and nothing else is loaded.
        @Test(.needsShared(folder), .requires(findProgram("python3") != nil, "python3 writes the bombs"))
        func damagedDocumentsAndBombsAreRefused() throws {
            let box = try Sandbox()
            try box.add("Already here")
            let before = try box.state()
            let martian = try Data(contentsOf: Integration.PlayBooksTests.folder.appendingPathComponent("t27-martian.docx"))
            let cut = box.home.appendingPathComponent("cut.docx")
            try martian.prefix(martian.count / 2).write(to: cut)
            // A document part of 128 MiB of zeros (128 KiB compressed), and one whose header lies.
            let bombs = box.home.appendingPathComponent("bombs")
            let python = try #require(findProgram("python3"))
            let made = try Sandbox.execute(
                python,
                [
                    "-c",
                    """
                    import sys, zipfile, zlib
                    with zipfile.ZipFile(sys.argv[1] + "-big.docx", "w", zipfile.ZIP_DEFLATED) as z:
                        with z.open("word/document.xml", "w", force_zip64=False) as f:
                            for _ in range(128): f.write(bytes(1 << 20))
                    with zipfile.ZipFile(sys.argv[1] + "-none.docx", "w") as z: z.writestr("a.txt", "hello")
                    """, bombs.path,
                ], stdin: Data(), environment: ["PATH": "/usr/bin:/bin"])
            #expect(made.status == 0, "\(made)")
            // The lying header: the directory says 100 bytes; the data inflates to 5 MB.
            var lying = Array(try Data(contentsOf: URL(fileURLWithPath: bombs.path + "-big.docx")))
            let zip = try ZipArchive(lying)
            let directory = lying.indices.dropLast(46).first { lying[$0...].starts(with: [0x50, 0x4B, 0x01, 0x02]) }!
            let big = try #require(zip.entries.first)
            #expect(big.size == 128 << 20)
            lying[directory + 24] = 100
            for k in 25...27 { lying[directory + k] = 0 }
            try Data(lying).write(to: box.home.appendingPathComponent("lying.docx"))
            for (file, reason) in [
                (cut.path, "it has no zip directory at its end (truncated?)"),
                (bombs.path + "-big.docx", "word/document.xml would be 134217728 bytes, more than the 67108864 citefeed reads"),
                (box.home.appendingPathComponent("lying.docx").path, "word/document.xml: it holds more than the 100 bytes its header says"),
                (bombs.path + "-none.docx", "it is a zip without word/document.xml, so not a Word document (.docx)"),
            ] {
                let run = try box.run(["import", file])
                #expect(run.status == 65 && run.stderr == "citefeed: error: \(file) is not valid: \(reason).\n", "\(run)")
                #expect(try box.state() == before)
            }
        }

        /// `status` neither links nor loads zlib; reading a .docx loads it (the dynamic loader's own
        /// account, LD_DEBUG).
        @Test(.needsShared(folder)) func onlyReadingAZipLoadsZlib() throws {
            let box = try Sandbox()
            try box.add("A citation")
            let status = try box.run(["status"], environment: ["LD_DEBUG": "files"])
            #expect(status.status == 0 && status.stderr.contains("libc.so") && !status.stderr.contains("libz.so"))
            let docx = Integration.PlayBooksTests.folder.appendingPathComponent("t27-drive.docx").path
            let run = try box.run(["import", docx], environment: ["LD_DEBUG": "files"])
            #expect(
                run.status == 0 && run.stderr.contains("libz.so.1") && run.stdout == "imported 59, skipped 0 duplicates\n", "\(run.stdout)")
        }
    }
}
