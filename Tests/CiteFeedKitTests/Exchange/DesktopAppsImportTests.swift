import Foundation
import Testing

@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// `import --apps`: what the desktop readers keep for the user (`Tests/Fixtures/readers/
/// apps-home`, made by make-desktop-apps.py from calibre's and KOReader's source, and the
/// Foliate books of `foliate/`), each file on its line; and the same highlight from two readers
/// of one book is one citation.
@Suite struct DesktopAppsImportTests {
    static let readers = packageRoot.appendingPathComponent("Tests/Fixtures/readers")

    /// The user's home (the sandbox's, `HOME`): Foliate's data, calibre's viewer's annotations
    /// and its list of recent books, KOReader's docsettings, and a book of KOReader's history
    /// with its sidecar beside it (and one that is gone).
    static func desktop(_ box: Sandbox) throws {
        let fm = FileManager.default
        let home = box.home
        try fm.copyItem(at: readers.appendingPathComponent("apps-home/.config"), to: home.appendingPathComponent(".config"))
        let foliate = home.appendingPathComponent(".local/share/com.github.johnfactotum.Foliate")
        try fm.createDirectory(at: foliate, withIntermediateDirectories: true)
        for name in try fm.contentsOfDirectory(atPath: readers.appendingPathComponent("foliate").path) {
            try fm.copyItem(at: readers.appendingPathComponent("foliate/" + name), to: foliate.appendingPathComponent(name))
        }
        try Data("not a book's data\n".utf8).write(to: foliate.appendingPathComponent("settings.json"))
        let sidecar = home.appendingPathComponent("Books/Near Shore.sdr")
        try fm.createDirectory(at: sidecar, withIntermediateDirectories: true)
        let far = try String(
            contentsOf: readers.appendingPathComponent(
                "apps-home/.config/koreader/docsettings/home/reader/Books/Far Shore.sdr/metadata.epub.lua"),
            encoding: .utf8)
        try far.replacingOccurrences(
            of: "Every shore is far until the boat is already leaving it.", with: "A near shore is only a far one, reached."
        )
        .replacingOccurrences(of: "\"Far Shore\"", with: "\"Near Shore\"")
        .write(to: sidecar.appendingPathComponent("metadata.epub.lua"), atomically: true, encoding: .utf8)
        let book = home.appendingPathComponent("Books/Near Shore.epub").path
        try """
        return {
            [1] = {
                ["file"] = "\(book)",
                ["time"] = 1735000000,
            },
            [2] = {
                ["file"] = "/nowhere/Gone.epub",
                ["time"] = 1730000000,
            },
        }

        """.write(to: home.appendingPathComponent(".config/koreader/history.lua"), atomically: true, encoding: .utf8)
    }

    static func citation(_ box: Sandbox, _ text: String) throws -> Citation? {
        var all = CitationQuery()
        all.all = true
        return try box.library().citations(all).first { $0.text == text }
    }

    @Test func everyDesktopReader() throws {
        let box = try Sandbox()
        try Self.desktop(box)
        let result = try box.run("import", "--apps")
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "Foliate: urn%3Aisbn%3A9780000000033.json: imported 3, skipped 0 duplicates",
                "Foliate: urn%3Auuid%3A2a7c1e3f-0000-4000-8000-000000000002.json: imported 3, skipped 0 duplicates",
                // The same two highlights as Foliate's, from calibre's viewer: its note becomes a back.
                "calibre's viewer: 708f62c4deab7ad0718ea634591b208f9bcf613412f14abd0c91a43889cc065b.json: imported 0, skipped 2 duplicates, 1 note added as a back",
                "KOReader: Far Shore.sdr/metadata.epub.lua: imported 1, skipped 0 duplicates",
                "KOReader: Near Shore.sdr/metadata.epub.lua: imported 1, skipped 0 duplicates",
                "5 files: imported 8, skipped 2 duplicates, 1 note added as a back",
            ], "\(result)")
        #expect(
            result.stderr.contains(
                "citefeed: note: calibre's viewer: 708f62c4deab7ad0718ea634591b208f9bcf613412f14abd0c91a43889cc065b.json: left out 1 bookmark, 1 removed highlight and 1 reading position (not citations)."
            ), "\(result)")
        let light = try #require(try Self.citation(box, "The light turned all night, whether or not a ship came."))
        #expect(light.back == "The keeper's creed." && light.source == "The Lighthouse Keeper" && light.author == "Marguerite Delacroix")
        let far = try #require(try Self.citation(box, "Every shore is far until the boat is already leaving it."))
        #expect(far.author == "Inés Albarrán" && far.source?.hasPrefix("Far Shore") == true && far.back == "Echoes the first chapter.")
        #expect(try Self.citation(box, "A near shore is only a far one, reached.")?.source?.hasPrefix("Near Shore") == true)
        // Again: nothing new.
        let again = try box.run("import", "--apps")
        #expect(again.status == 0 && again.stdout.hasSuffix("5 files: imported 0, skipped 10 duplicates\n"), "\(again)")
    }

    /// calibre's viewer alone: the book's title and authors from its list of recent books, the
    /// chapter after the title, the colour a tag; removed highlights, bookmarks and the reading
    /// position left out.
    @Test func calibresViewerFile() throws {
        let box = try Sandbox()
        try Self.desktop(box)
        let annots = box.home.appendingPathComponent(
            ".config/calibre/viewer/annots/708f62c4deab7ad0718ea634591b208f9bcf613412f14abd0c91a43889cc065b.json")
        #expect(
            SHA256.hex("/home/reader/Books/The Lighthouse Keeper.epub")
                == "708f62c4deab7ad0718ea634591b208f9bcf613412f14abd0c91a43889cc065b")
        let result = try box.run("import", annots.path)
        #expect(result.status == 0 && result.stdout == "imported 2, skipped 0 duplicates\n", "\(result)")
        #expect(
            result.stderr == "citefeed: note: left out 1 bookmark, 1 removed highlight and 1 reading position (not citations).\n",
            "\(result)")
        let light = try #require(try Self.citation(box, "The light turned all night, whether or not a ship came."))
        #expect(light.source == "The Lighthouse Keeper — The Lamp" && light.author == "Marguerite Delacroix")
        #expect(light.tags.map(\.name) == ["yellow"] && light.back == "The keeper's creed.")
        // Without the list of recent books, the chapter alone.
        try FileManager.default.removeItem(at: box.home.appendingPathComponent(".config/calibre/viewer-webengine.json"))
        let other = try Sandbox()
        let copy = other.home.appendingPathComponent("viewer/annots/x.json")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: annots, to: copy)
        #expect(try other.run("import", copy.path).status == 0)
        #expect(try Self.citation(other, "Storms are only weather that stayed too long.")?.source == "Part One")
    }

    /// A file in Foliate's folder that Foliate cannot have written (cut short) is named and
    /// fails; the others are imported.
    @Test func aBrokenFileIsNamed() throws {
        let box = try Sandbox()
        try Self.desktop(box)
        try Data("{\"annotations\": [".utf8).write(
            to: box.home.appendingPathComponent(".local/share/com.github.johnfactotum.Foliate/cut.json"))
        let result = try box.run("import", "--apps")
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("citefeed: error: Foliate: cut.json is not valid: line 1, column 18"), "\(result)")
        #expect(result.stdout.contains("6 files: imported 8"), "\(result)")
    }

    @Test func noDesktopReader() throws {
        let box = try Sandbox()
        let result = try box.run("import", "--apps")
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "citefeed: note: no desktop reader's annotations were found (Foliate, calibre's viewer, KOReader).\n")
        expectFailure(try box.run("import", "--apps", "--devices"), status: .usage, containing: "--apps")
        expectFailure(try box.run("import", "--apps", "x.json"), status: .usage, containing: "x.json")
    }

    /// The same highlight from Foliate and from a Kindle's clippings of the same book, with
    /// other punctuation and white space, is one citation, whichever came first; the first
    /// keeps its source, and a note on the second becomes its back.
    @Test(arguments: [true, false])
    func oneHighlightFromTwoReaders(foliateFirst: Bool) throws {
        let box = try Sandbox()
        let foliate = Self.readers.appendingPathComponent("foliate/urn%3Auuid%3A2a7c1e3f-0000-4000-8000-000000000002.json").path
        let kindle = box.home.appendingPathComponent("My Clippings.txt")
        try """
        \u{FEFF}The Lighthouse Keeper (Delacroix, Marguerite)
        - Your Highlight on page 12 | Location 180-181 | Added on Monday, March 3, 2025 9:14:02 PM

        The light turned all night,  whether or not a ship came
        ==========
        The Lighthouse Keeper (Delacroix, Marguerite)
        - Your Highlight on page 30 | Location 410-411 | Added on Monday, March 3, 2025 9:20:00 PM

        Storms are only weather that stayed too long…
        ==========
        The Lighthouse Keeper (Delacroix, Marguerite)
        - Your Note on page 30 | Location 411 | Added on Monday, March 3, 2025 9:21:00 PM

        Like grief.
        ==========

        """.write(to: kindle, atomically: true, encoding: .utf8)
        for path in foliateFirst ? [foliate, kindle.path] : [kindle.path, foliate] {
            #expect(try box.run("import", path).status == 0)
        }
        var all = CitationQuery()
        all.all = true
        let citations = try box.library().citations(all)
        #expect(citations.count == 3, "\(citations.map(\.text))")
        let light = try #require(citations.first { $0.text.hasPrefix("The light turned all night") })
        #expect(light.source == "The Lighthouse Keeper" && light.author == "Marguerite Delacroix")
        #expect(
            light.text
                == (foliateFirst
                    ? "The light turned all night, whether or not a ship came." : "The light turned all night,  whether or not a ship came")
        )
        let storms = try #require(citations.first { $0.text.hasPrefix("Storms") })
        #expect(storms.back == "Like grief.")
    }
}
