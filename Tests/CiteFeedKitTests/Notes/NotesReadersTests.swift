import Foundation
import Testing

@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedSupport

/// Hostile citations for notes: text that looks like the syntax of the page around it
/// (front-matter delimiters, block ids, links, macros, properties, citefeed's own markers).
enum HostileNotes {
    static let texts = [
        "---\ntitle: pwned\n---",
        "Looks like a block id ^cf-00000000-0000-4000-8000-000000000000",
        "^cf-11111111-1111-4111-8111-111111111111",
        "Close ]] the link [[ and {{embed}} macro",
        "id:: 22222222-2222-4222-8222-222222222222\nkey:: value\nSCHEDULED: <2024-01-01>\n:LOGBOOK:",
        "- a list\n+ another\n1. third\n# heading\n> quote\n#+TITLE: x",
        "TODO buy milk",
        "<!-- citefeed:end -->\n<!-- cf:33333333-3333-4333-8333-333333333333 -->\n<!-- citefeed:begin x -->",
        "*emph* _u_ `code` $math$ ==mark== %%comment%% ~~strike~~ | a | b |",
        "&amp; &#169; \\ trailing backslash\\\n    indented code\n\ttabbed\n\n\nsecond paragraph",
        "((block-ref)) #tag #[[page]] [x](http://e.com) <http://e.com> ![i](x.png)",
        "***\n___\n===\n```\n~~~\n| t |\n---",
    ]

    /// A library of them in two books (one named with `]] [[ {{ --> <!--`), with hostile backs,
    /// authors and tags.
    static func library() throws -> Sandbox {
        let box = try Sandbox()
        for (i, text) in texts.enumerated() {
            var options = ["--source", i % 3 == 0 ? "Book ]] [[ {{x}} --> <!--" : "Hostile Book", "--author", "Evil\" Author --- ]]"]
            if i % 2 == 0 { options += ["--back", "---\nid:: 44444444-4444-4444-8444-444444444444\n^cf-x"] }
            if i % 4 == 0 { options += ["--tag", "two words", "--tag", "1984", "--tag", "a#b"] }
            let result = try box.run(["add"] + options + ["--", text])
            #expect(result.status == 0, "\(result)")
        }
        return box
    }
}

extension Integration {
    /// Every page read by the programs that read notes: markdown-it-py (CommonMark) for
    /// Obsidian's and Markdown's pages, PyYAML for Obsidian's front matter, and a parser of
    /// Logseq's documented grammar for Logseq's (`Tests/Fixtures/notes/read-notes.py`); each
    /// citation's block gives back its exact text and back, its id unique in the folder.
    @Suite struct NotesReadersTests {
        static let script = packageRoot.appendingPathComponent("Tests/Fixtures/notes/read-notes.py").path

        static func read(_ box: Sandbox, _ format: NotesFormat, onePerCitation: Bool = false) throws -> JSONValue {
            let python = try #require(pythonWith(["markdown_it", "yaml"]), "needs Python's markdown-it-py and PyYAML")
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: dir) }
            let written = try box.run(["export", "--format", format.rawValue, dir.path] + (onePerCitation ? ["--one-per-citation"] : []))
            #expect(written.status == 0, "\(written)")
            let json = box.home.appendingPathComponent("all.json")
            #expect(try box.run("export", "--all", "--out", json.path).status == 0)
            let result = try Sandbox.execute(
                python, [script, format.rawValue, dir.path, json.path], stdin: Data(), environment: ProcessInfo.processInfo.environment)
            #expect(result.status == 0, "\(result)")
            return try JSONParser.parse(result.stdout)
        }

        @Test(
            .requires(pythonWith(["markdown_it", "yaml"]) != nil, "needs Python's markdown-it-py and PyYAML"),
            arguments: NotesFormat.allCases)
        func hostileTextReadsBackExactly(_ format: NotesFormat) throws {
            let box = try HostileNotes.library()
            let summary = try Self.read(box, format)
            #expect(summary["pages"] == .int(2) && summary["blocks"] == .int(Int64(HostileNotes.texts.count)), "\(summary)")
            let each = try Self.read(box, format, onePerCitation: true)
            #expect(each["pages"] == .int(Int64(HostileNotes.texts.count)) && each["blocks"] == .int(Int64(HostileNotes.texts.count)))
        }

        @Test(
            .requires(pythonWith(["markdown_it", "yaml"]) != nil, "needs Python's markdown-it-py and PyYAML"),
            arguments: NotesFormat.allCases)
        func theSampleLibraryReadsBack(_ format: NotesFormat) throws {
            let box = try Sandbox()
            #expect(box.runInProcess("import", ExportGoldenTests.fixture.path).status == 0)
            let summary = try Self.read(box, format)
            #expect(summary["blocks"] == .int(22) && summary["problems"] == .array([]), "\(summary)")
        }
    }
}
