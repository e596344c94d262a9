import Foundation
import Testing

@testable import CiteFeedModel
@testable import CiteFeedSupport

/// Every export imports back into an equal library : before these fixes, an author "Le Guin, Ursula K."
/// came back from Anki's and fortune's text as author "Le Guin" and source "Ursula K., …" (and
/// a duplicate), fortune dropped the back side, a line "%" came back as "% ", and citefeed's own
/// txt export was read as fortune, 25 citations glued into 2.
@Suite struct RoundTripTests {
    /// What each format carries of a citation: text, back, author, source, tags (sorted), as
    /// one line each, sorted.
    static func fields(_ box: Sandbox, tags: Bool = true) throws -> [String] {
        let list = try JSONParser.parse(try box.run("list", "--json", "--limit", "1000").stdout)
        return (list.arrayValue ?? []).map { c in
            let tagNames = (c["tags"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }.sorted()
            let parts =
                [c["text"], c["back"], c["author"], c["source"]].map { $0?.stringValue ?? "∅" }
                + (tags ? [tagNames.joined(separator: ",")] : [])
            return parts.joined(separator: " | ")
        }.sorted()
    }

    static let cases: [[String]] = [
        [
            "The only thing that makes life possible is permanent, intolerable uncertainty.", "--author", "Le Guin, Ursula K.", "--source",
            "The Left Hand of Darkness", "--tag", "fiction",
        ],
        ["Progress report:\n%\nhalf done, and the other half too.", "--author", "Anon", "--back", "A line of percent."],
        ["A thought kept for later.", "--source", "Notebook"],
        ["Words fail me.", "--author", "Vincent Sardi, Jr."],
        ["Capital of Peru?", "--back", "Lima\n\nOn the Rímac.\n→ an arrow", "--tag", "geo", "--tag", "quiz"],
        ["Be here now.", "--author", "Ram Dass", "--source", "Be Here Now, 1971"],
        ["He said “yes”\n\nand left.", "--author", "Narrator", "--source", "A Story — Chapter 2"],
        // What a review found: quotations inside, a source with " · ", a line like an attribution.
        ["“I don't know.”\n\n“Then find out.”", "--source", "Title · GitHub"],
        ["Justice is the interest of the stronger.\n— said Thrasymachus”", "--author", "Plato", "--source", "Republic · Book I"],
        // An attacker's review: a last line like an attribution, with none of its own.
        ["Plain words\n— Someone, Somewhere"],
        ["A front", "--back", "An answer\n— not an author"],
    ]

    static func library() throws -> Sandbox {
        let box = try Sandbox()
        for c in cases { #expect(try box.run(["add"] + c).status == 0, "\(c)") }
        return box
    }

    /// Each format, exported and imported into a new library (read by `import` on its own):
    /// the same citations. fortune has no tags (the README says so).
    @Test(arguments: ["json", "csv", "txt", "fortune", "anki"])
    func anExportImportsBackAsItWas(_ format: String) throws {
        let box = try Self.library()
        let file = box.home.appendingPathComponent("export.\(format == "anki" ? "anki.txt" : format == "fortune" ? "fortune.dat" : format)")
        let export = try box.run("export", "--format", format, "--out", file.path)
        #expect(export.status == 0, "\(export)")
        let other = try Sandbox()
        let imported = try other.run("import", file.path)
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(imported.status == 0 && imported.stdout.hasPrefix("imported \(Self.cases.count),"), "\(format): \(imported)\n\(written)")
        let tags = format != "fortune"
        #expect(try Self.fields(other, tags: tags) == Self.fields(box, tags: tags), "\(format)")
        // Imported again: each is a duplicate, none new.
        let again = try other.run("import", file.path)
        #expect(again.stdout.hasPrefix("imported 0, skipped \(Self.cases.count) duplicates"), "\(format): \(again)")
    }

    /// citefeed's txt export of a library with a line "%" is found as what it is.
    @Test func theTxtExportIsNeverTakenForFortune() throws {
        let box = try Sandbox()
        for n in 1...24 { _ = try box.add("Citation number \(n).", "--author", "Author \(n)") }
        _ = try box.add("Before\n%\nafter")
        let file = box.home.appendingPathComponent("library.txt")
        #expect(try box.run("export", "--format", "txt", "--out", file.path).status == 0)
        let other = try Sandbox()
        let dry = try other.run("import", file.path, "--dry-run")
        #expect(dry.stdout.contains("read as txt"), "\(dry)")
        let imported = try other.run("import", file.path)
        #expect(imported.stdout == "imported 25, skipped 0 duplicates\n", "\(imported)")
        #expect(try Self.fields(other) == Self.fields(box))
    }

    /// The JSON export of a library with nothing to export (every citation archived) imports as
    /// nothing, not as a file that holds no citations.
    @Test func anEmptyExportImportsAsNothing() throws {
        let box = try Sandbox()
        _ = try box.add("Kept away")
        #expect(try box.run("archive", "1").status == 0)
        let file = box.home.appendingPathComponent("empty.json")
        #expect(try box.run("export", "--out", file.path).status == 0)
        let other = try Sandbox()
        let imported = try other.run("import", file.path)
        #expect(imported.status == 0 && imported.stdout == "imported 0, skipped 0 duplicates\n", "\(imported)")
        // A file of someone else's holding no citation is still refused.
        try "[]".write(to: file, atomically: true, encoding: .utf8)
        #expect(try other.run("import", file.path).status == 65)
    }
}
