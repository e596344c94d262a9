import Foundation
import Testing

@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedSupport

extension Integration {
    /// Kindle's notebook as HTML, from the shared corpus.
    @Suite struct KindleNotebookTests {
        static let folder = readerCorpus.appendingPathComponent("kindle-html")

        /// The independent counter: Python's own HTML parser, counting the headings that start with
        /// Highlight and have text after them, and the notes.
        static let pythonCounter = """
            import sys
            from html.parser import HTMLParser
            class P(HTMLParser):
                def __init__(self):
                    super().__init__(); self.cls = None; self.buf = ""; self.depth = 0; self.at = None
                    self.entries = []; self.heading = None
                def handle_starttag(self, tag, attrs):
                    if tag != "div": return
                    self.depth += 1
                    c = dict(attrs).get("class")
                    if self.at is None and c in ("noteHeading", "noteText"): self.cls, self.at, self.buf = c, self.depth, ""
                def handle_endtag(self, tag):
                    if tag != "div": return
                    if self.at == self.depth:
                        text = " ".join(self.buf.split())
                        if self.cls == "noteHeading": self.heading = text
                        elif self.heading is not None: self.entries.append((self.heading, text)); self.heading = None
                        self.at = None
                    self.depth -= 1
                def handle_data(self, data):
                    if self.at is not None: self.buf += data
            p = P(); p.feed(open(sys.argv[1], encoding="utf-8").read())
            highlights = sum(1 for h, t in p.entries if h.startswith("Highlight") and t)
            notes = sum(1 for h, t in p.entries if h.startswith("Note") and t)
            print(highlights, notes)
            """

        static func records(_ name: String) throws -> (records: [ImportRecord], reader: ImportReader) {
            try readHighlights(name, Array(try Data(contentsOf: folder.appendingPathComponent(name))), as: .notebook)
        }

        @Test(.needsShared(folder), .requires(findProgram("python3") != nil, "needs python3 as the independent counter"))
        func everyNotebookGivesWhatPythonCounts() throws {
            let python = try #require(findProgram("python3"))
            let names = try FileManager.default.contentsOfDirectory(atPath: Integration.KindleNotebookTests.folder.path).filter {
                $0.hasSuffix(".html")
            }
            .sorted()
            #expect(names.count == 4)
            var total = 0
            for name in names {
                let counted = try Sandbox.execute(
                    python,
                    [
                        "-c", Integration.KindleNotebookTests.pythonCounter,
                        Integration.KindleNotebookTests.folder.appendingPathComponent(name).path,
                    ],
                    stdin: Data(),
                    environment: ["PATH": "/usr/bin:/bin"])
                let numbers = counted.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
                #expect(counted.status == 0 && numbers.count == 2, "\(name): \(counted)")
                let (records, _) = try Integration.KindleNotebookTests.records(name)
                // Each note went to the back of its highlight.
                #expect(records.count == numbers.first, "\(name)")
                #expect(records.filter { $0.back != nil }.count == numbers.last, "\(name): notes")
                #expect(records.allSatisfy { $0.source != nil && $0.author != nil && !($0.text ?? "").contains("  ") }, "\(name)")
                total += records.count
            }
            #expect(total == 63 + 227 + 11 + 2)  // SOURCES.txt's counts
        }

        @Test(.needsShared(folder)) func headingsNotesAndBookmarks() throws {
            let (records, reader) = try Integration.KindleNotebookTests.records("t27-sapiens-notebook.html")
            #expect(reader.skipped.map(\.0) == ["bookmark"] && reader.skipped.map(\.1) == [1])
            let first = try #require(records.first)
            #expect(
                first.text
                    == "About 70,000 years ago, organisms belonging to the species Homo sapiens started to form even more elaborate structures called cultures."
            )
            #expect(
                first.source == "Sapiens: A Brief History of Humankind" && first.author == "Yuval Noah Harari" && first.tags == ["yellow"])
            #expect(reader.tags.byKey["yellow"] == Tag(name: "yellow", color: "yellow"))
            let pages = try Integration.KindleNotebookTests.records("t27-seven-brief-lessons-pages-notebook.html").records
            #expect(pages.first?.text?.hasPrefix("In his youth Albert Einstein spent a year loafing aimlessly.") == true)
            #expect(pages.first?.author == "Carlo Rovelli")
            let creative = try Integration.KindleNotebookTests.records("t27-creative-selection-notebook.html").records
            #expect(creative.first?.author == "Ken Kocienda" && creative.first?.source == "Creative Selection")
        }

        /// Scripts and styles are never text; entities are decoded; a note without a highlight
        /// before it is a citation of its own.
        @Test func scriptsEntitiesAndLoneNotes() {
            let html = """
                <html><head><style>.noteText { color: red }</style><script>var x = "<div class='noteText'>evil</div>";</script></head>
                <body><div class="bookTitle">Caf&eacute; &amp; Co</div><div class="authors">Doe, Jane</div>
                <div class="noteHeading">Note - Location 3</div><div class="noteText">A lone note &#8212; kept</div>
                <div class="noteHeading">Highlight (<span class="highlight_blue">blue</span>) - Page 4</div>
                <div class="noteText">It&rsquo;s   here<br/>and there</div>
                <div class="noteHeading">Note - Page 4</div><div class="noteText">its note</div>
                <div class="noteHeading">Bookmark - Page 9</div><div class="noteText"></div>
                </body></html>
                """
            let found = KindleNotebook.highlights(html)
            let (records, skipped, tags) = (found.records, found.skipped, found.tags)
            #expect(records.map(\.text) == ["A lone note — kept", "It’s here and there"])
            #expect(records.map(\.back) == [nil, "its note"])
            #expect(records.allSatisfy { $0.source == "Café & Co" && $0.author == "Jane Doe" })
            #expect(skipped.map(\.0) == ["bookmark"] && tags == [Tag(name: "blue", color: "blue")])
        }
    }
}

extension Integration {
    /// Entities and tags as the HTML readers see them.
    @Suite struct HTMLTextTests {
        @Test func entities() {
            #expect(HTMLText.decodeEntities("a &amp; b &lt;c&gt; &#x2019; &#8217; &unknown; &amp") == "a & b <c> ’ ’ &unknown; &amp")
            #expect(HTMLText.decodeEntities("&#0; &#x110000;") == "&#0; &#x110000;")
        }

        @Test func tokens() {
            #expect(
                HTMLText.tokens("<!DOCTYPE html><!-- <div> --><DIV CLASS='a b'>x<br/>y</div><p>1 < 2</p>") == [
                    .open("div", cls: "a b"), .text("x"), .open("br", cls: ""), .close("br"), .text("y"), .close("div"),
                    .open("p", cls: ""),
                    .text("1 < 2"), .close("p"),
                ])
            // XML: prefixed names, a tag closed by />, another attribute kept.
            #expect(
                HTMLText.tokens(#"<w:p><w:pStyle w:val="Heading1"/><w:t xml:space="preserve">T</w:t></w:p>"#) {
                    $0 == "w:pstyle" ? "w:val" : "class"
                } == [
                    .open("w:p", cls: ""), .open("w:pstyle", cls: "Heading1"), .close("w:pstyle"), .open("w:t", cls: ""), .text("T"),
                    .close("w:t"),
                    .close("w:p"),
                ])
        }
    }
}

extension Integration {
    /// read.amazon.com's notebook saved as a page, and Play Books' notes as Google Docs' own HTML,
    /// made by make-web-notebooks.py (no such file is published without
    /// someone's reading in it).
    @Suite struct WebNotebookTests {
        static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/readers")

        @Test func readAmazonComsNotebook() throws {
            let name = "kindle-cloud-notebook.html"
            let (records, reader) = try readHighlights(
                name, Array(try Data(contentsOf: Integration.WebNotebookTests.folder.appendingPathComponent(name))), as: .notebook)
            #expect(records.map(\.text) == ["Fear is the mind‑killer & the little death.", "I will face my fear.", "A thought of my own."])
            #expect(records.map(\.back) == [nil, "Said twice\nin the book.", nil])
            #expect(records.map(\.tags) == [["yellow"], ["blue"], []])
            #expect(records.allSatisfy { $0.source == "Dune" && $0.author == "Frank Herbert" })
            #expect(reader.skipped.map(\.0) == ["bookmark"] && reader.skipped.map(\.1) == [1])
        }

        @Test func playBooksAsGoogleDocsHTML() throws {
            _ = Sandbox.processZone
            let name = "playbooks-google.html"
            let (records, reader) = try readHighlights(
                name, Array(try Data(contentsOf: Integration.WebNotebookTests.folder.appendingPathComponent(name))), as: .playbooks)
            #expect(
                records.map(\.text) == [
                    "Light is the left hand of darkness", "The only thing that makes life possible is permanent, intolerable uncertainty.",
                ])
            #expect(records.map(\.back) == [nil, "On not knowing."])
            #expect(
                records.allSatisfy {
                    $0.author == "Ursula K. Le Guin" && $0.source == "The Left Hand of Darkness — Chapter 1: A Parade in Erhenrang"
                })
            #expect(records[1].createdAt == Timestamp.local(year: 2024, month: 4, day: 2, hour: 0, minute: 0, second: 0))
            #expect(reader.skipped.map(\.0) == ["bookmark"] && reader.skipped.map(\.1) == [1])
        }

        /// A page saved from a browser may leave a span unclosed, or hold a paragraph in a note: the
        /// div around it ends it, and the rows after it are read.
        @Test func unclosedElementsEndWithTheirDiv() throws {
            let page = try String(
                contentsOf: Integration.WebNotebookTests.folder.appendingPathComponent("kindle-cloud-notebook.html"), encoding: .utf8)
            let broken = page.replacingOccurrences(of: "I will face my fear.</span>", with: "I will face my fear.")
                .replacingOccurrences(of: "A thought of my own.", with: "<p>A thought of my own.")
            let (records, _) = try readHighlights("saved.html", Array(broken.utf8), as: .notebook)
            #expect(
                records.map(\.text) == ["Fear is the mind‑killer & the little death.", "I will face my fear.", "A thought of my own."],
                "\(records)")
        }
    }
}
