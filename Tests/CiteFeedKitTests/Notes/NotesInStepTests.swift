import Foundation
import Testing

@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedSupport

/// A notes folder stays in step with the library while its user writes in it as a user would:
/// text above, between and below citefeed's blocks, a property of their own, a page renamed
/// into a folder of their own. Three more exports, each after changes to the library, lose
/// nothing of theirs, and a page nothing changed in keeps its bytes and its mtime.
@Suite struct NotesInStepTests {
    /// A library of three books and a folder beside it (not in the library's directory, which
    /// is refused).
    final class Vault {
        let box: Sandbox
        let dir: URL
        let format: NotesFormat
        var ids: [String: Int64] = [:]

        init(_ format: NotesFormat) throws {
            box = try Sandbox()
            self.format = format
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)")
            ids["a1"] = try box.add("First of the book.", "--author", "Ann Author", "--source", "The Book — chapter 1", "--tag", "yellow")
            ids["a2"] = try box.add("Second of the book.", "--author", "Ann Author", "--source", "The Book — chapter 2")
            ids["a3"] = try box.add("Third of the book.", "--author", "Ann Author", "--source", "The Book")
            ids["b1"] = try box.add("Only one of the other.", "--author", "Bo", "--source", "Other Book")
            ids["c1"] = try box.add("Untouched for three exports.", "--source", "Quiet Book")
        }

        deinit { try? FileManager.default.removeItem(at: dir) }

        @discardableResult
        func export() throws -> RunResult {
            let result = try box.run("export", "--format", format.rawValue, dir.path)
            #expect(result.status == 0 && result.stdout.isEmpty, "\(result)")
            #expect(!result.stderr.contains("warning"), "\(result)")
            return result
        }

        func page(_ name: String) throws -> String { try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8) }

        func write(_ name: String, _ text: String) throws {
            try FileManager.default.createDirectory(
                at: dir.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }

        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path) }

        func uuid(_ key: String) throws -> String { try box.library().citation(id: ids[key]!).uuid }

        /// Every page's text, joined.
        func everything() throws -> String {
            let files = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") } ?? []
            return try files.sorted().map { try page($0) }.joined(separator: "\n")
        }
    }

    /// The user's lines, as each format has them written by a person.
    static func userLines(_ format: NotesFormat) -> (above: String, between: String, child: String?, below: String, property: String) {
        switch format {
        case .logseq:
            (
                "- My introduction to the book.", "- My note between the first and second.", "\t- My thought on the first.",
                "- My closing words.", "rating:: 5"
            )
        case .obsidian: ("My introduction to the book.", "My note between the first and second.", nil, "My closing words.", "rating: 5")
        case .markdown: ("My introduction to the book.", "My note between the first and second.", nil, "My closing words.", "")
        }
    }

    /// The user's edits: above (after the properties), after the first citation's block, at
    /// the end, a property and (Obsidian) a tag of their own; the other book's page moved.
    static func editAsAUser(_ vault: Vault) throws {
        let mine = userLines(vault.format)
        var lines = try vault.page("The Book.md").components(separatedBy: "\n")
        let a1 = try vault.uuid("a1")
        switch vault.format {
        case .obsidian:
            let close = try #require(lines.indices.dropFirst().first { lines[$0] == "---" })
            let end = try #require(lines.firstIndex(of: "^cf-\(a1)"))
            lines.insert(contentsOf: ["", mine.between], at: end + 1)
            lines.insert(contentsOf: [mine.above, ""], at: close + 1)
            lines.insert(mine.property, at: 1)
            let tags = try #require(lines.firstIndex(of: "tags:"))
            lines.insert("  - mine", at: tags + 1)
        case .markdown:
            let begin = try #require(lines.firstIndex { $0.hasPrefix("<!-- citefeed:begin") })
            let start = try #require(lines.firstIndex(of: "<!-- cf:\(a1) -->"))
            var end = start + 1
            while lines[end].hasPrefix(">") { end += 1 }
            lines.insert(contentsOf: ["", mine.between], at: end)
            lines.insert(contentsOf: [mine.above, ""], at: begin)
        case .logseq:
            let idLine = try #require(lines.firstIndex(of: "  id:: \(a1)"))
            var end = idLine + 1
            while end < lines.count && (lines[end].hasPrefix("  ") || lines[end].isEmpty) && !lines[end].hasPrefix("- ") { end += 1 }
            lines.insert(contentsOf: [mine.child!, mine.between], at: end)
            let firstBlock = try #require(lines.firstIndex { $0.hasPrefix("- ") })
            lines.insert(mine.above, at: firstBlock)
            lines.insert(mine.property, at: 0)
        }
        while lines.last == "" { lines.removeLast() }
        lines.append(mine.below)
        try vault.write("The Book.md", lines.joined(separator: "\n") + "\n")
        try FileManager.default.createDirectory(at: vault.dir.appendingPathComponent("Reading"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: vault.dir.appendingPathComponent("Other Book.md"), to: vault.dir.appendingPathComponent("Reading/Moved other.md"))
        try vault.write("My own note.md", "Nothing of citefeed's.\n")
    }

    static func expectTheUsersLines(_ vault: Vault, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mine = userLines(vault.format)
        let book = try vault.page("The Book.md")
        for line in [mine.above, mine.between, mine.child, mine.below, mine.property].compactMap({ $0 }) where !line.isEmpty {
            #expect(
                book.components(separatedBy: "\n").filter { $0 == line }.count == 1, "\(line) in\n\(book)", sourceLocation: sourceLocation)
        }
        if vault.format == .obsidian { #expect(book.contains("  - mine\n") || book.contains("  - \"mine\"\n"), "\(book)") }
        #expect(try vault.page("My own note.md") == "Nothing of citefeed's.\n", sourceLocation: sourceLocation)
    }

    @Test(arguments: NotesFormat.allCases)
    func nothingOfTheUsersIsLost(_ format: NotesFormat) throws {
        let vault = try Vault(format)
        try vault.export()
        #expect(vault.exists("The Book.md") && vault.exists("Other Book.md") && vault.exists("Quiet Book.md"))
        let quiet = try vault.page("Quiet Book.md")
        let quietTime = try #require(Posix.modificationTime(vault.dir.appendingPathComponent("Quiet Book.md").path))
        try Self.editAsAUser(vault)

        // 1: a new citation, an edited one; the moved page found again.
        let a4 = try vault.box.add("Fourth, new to the book.", "--author", "Ann Author", "--source", "The Book — chapter 4")
        vault.ids["a4"] = a4
        #expect(try vault.box.run("edit", String(vault.ids["a2"]!), "--text", "Second, edited in the library.").status == 0)
        let first = try vault.export()
        #expect(first.stderr.contains("Found Other Book.md again as Reading/Moved other.md."), "\(first)")
        try Self.expectTheUsersLines(vault)
        var book = try vault.page("The Book.md")
        #expect(
            book.contains("Fourth, new to the book.") && book.contains("Second, edited in the library.")
                && !book.contains("Second of the book."))
        // In the library's order, the user's note still after the first.
        let order = ["First of the book.", Self.userLines(format).between, "Second, edited", "Third of the book.", "Fourth, new"]
        let positions = order.map { book.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil } && zip(positions, positions.dropFirst()).allSatisfy { $0! < $1! }, "\(book)")
        let moved = try vault.page("Reading/Moved other.md")
        #expect(!vault.exists("Other Book.md") && moved.contains("Only one of the other."))

        // 2: the citation the note followed deleted, another archived.
        #expect(try vault.box.run("delete", "--force", String(vault.ids["a1"]!)).status == 0)
        #expect(try vault.box.run("archive", String(vault.ids["a3"]!)).status == 0)
        try vault.export()
        try Self.expectTheUsersLines(vault)
        book = try vault.page("The Book.md")
        #expect(!book.contains("First of the book."))
        let archived = try #require(book.range(of: "Archived"), "\(book)")
        let third = try #require(book.range(of: "Third of the book."))
        #expect(archived.lowerBound < third.lowerBound && book.range(of: "Fourth, new")!.lowerBound < archived.lowerBound)

        // 3: the moved page's only citation deleted (the page goes: nothing of the user's in
        // it), the user's own note untouched, the quiet page never rewritten.
        #expect(try vault.box.run("delete", "--force", String(vault.ids["b1"]!)).status == 0)
        try vault.export()
        try Self.expectTheUsersLines(vault)
        #expect(!vault.exists("Reading/Moved other.md"))
        #expect(try vault.page("Quiet Book.md") == quiet)
        #expect(Posix.modificationTime(vault.dir.appendingPathComponent("Quiet Book.md").path) == quietTime)

        // Block ids unique in the folder.
        let all = try vault.everything()
        for key in ["a2", "a3", "a4", "c1"] {
            let uuid = try vault.uuid(key)
            let marks = all.components(separatedBy: uuid).count - 1
            // Obsidian: the block id and the front matter; Markdown: the comment; Logseq: id::.
            #expect(marks == (format == .obsidian ? 2 : 1), "\(key): \(marks)")
        }
    }

    /// A page whose citations are all gone but which holds the user's lines is left to them,
    /// without citefeed's blocks.
    @Test(arguments: NotesFormat.allCases)
    func aPageWithTheUsersLinesStays(_ format: NotesFormat) throws {
        let vault = try Vault(format)
        try vault.export()
        let quiet = try vault.page("Quiet Book.md")
        let mine = format == .logseq ? "- Mine, after it." : "Mine, after it."
        try vault.write("Quiet Book.md", quiet + mine + "\n")
        #expect(try vault.box.run("delete", "--force", String(vault.ids["c1"]!)).status == 0)
        let result = try vault.export()
        #expect(result.stderr.contains("1 left to you"), "\(result)")
        let left = try vault.page("Quiet Book.md")
        #expect(left.contains(mine) && !left.contains("Untouched for three exports."), "\(left)")
        // No longer citefeed's: a later export leaves it alone.
        try vault.export()
        #expect(try vault.page("Quiet Book.md") == left)
    }
}

/// A later export renders only the pages whose citations changed: with the clock past the
/// last export, a page whose citations did not change is not even read (a hand edit inside
/// citefeed's block stays), and one whose citation changed is made anew; a change made in the
/// very second the last export read the library is not missed.
@Suite struct NotesChangeTests {
    @Test func onlyChangedPagesAreRendered() throws {
        let vault = try NotesInStepTests.Vault(.markdown)
        vault.box.now = "2026-03-01T09:30:00+01:00"
        try vault.export()
        // The same second: an edit the stamps alone could not tell.
        #expect(try vault.box.run("edit", String(vault.ids["c1"]!), "--text", "Edited in the second of the export.").status == 0)
        try vault.export()
        #expect(try vault.page("Quiet Book.md").contains("Edited in the second of the export."))
        // Later: nothing changed in the library, so the page is not read, and what the user
        // typed inside citefeed's block stays until the citation changes.
        vault.box.now = "2026-03-01T10:30:00+01:00"
        try vault.export()
        let page = try vault.page("The Book.md")
        try vault.write("The Book.md", page.replacingOccurrences(of: "> First of the book.", with: "> First of the book (my typo)."))
        vault.box.now = "2026-03-01T11:30:00+01:00"
        let quiet = try vault.export()
        #expect(quiet.stderr.contains("(3 unchanged)"), "\(quiet)")
        #expect(try vault.page("The Book.md").contains("(my typo)"))
        #expect(try vault.box.run("edit", String(vault.ids["a2"]!), "--text", "Second, changed.").status == 0)
        vault.box.now = "2026-03-01T12:30:00+01:00"
        let changed = try vault.export()
        #expect(changed.stderr.contains("(1 updated, 2 unchanged)"), "\(changed)")
        let book = try vault.page("The Book.md")
        #expect(book.contains("Second, changed.") && !book.contains("(my typo)"))
    }
}

/// What a Logseq user does to a page: lines typed at the margin (which Logseq would fold into
/// the block above), properties on citefeed's blocks (`collapsed:: true`, their own), tabs for
/// children; none of it is lost, and a page left to the user keeps its title.
@Suite struct NotesLogseqUserTests {
    @Test func theUsersLinesAndProperties() throws {
        let vault = try NotesInStepTests.Vault(.logseq)
        try vault.export()
        let a1 = try vault.uuid("a1")
        var page = try vault.page("The Book.md")
        page = page.replacingOccurrences(of: "  id:: \(a1)\n", with: "  id:: \(a1)\n  collapsed:: true\n  mynote:: important\n")
        page += "My thoughts on this book, typed at the margin.\n"
        try vault.write("The Book.md", page)
        #expect(try vault.box.run("edit", String(vault.ids["a2"]!), "--text", "Second, edited.").status == 0)
        try vault.export()
        var book = try vault.page("The Book.md")
        #expect(book.contains("  id:: \(a1)\n  collapsed:: true\n  mynote:: important\n"), "\(book)")
        #expect(book.hasSuffix("My thoughts on this book, typed at the margin.\n") && book.contains("Second, edited."), "\(book)")
        // Every citation of the page gone: the page stays for the user's line, with its title.
        for key in ["a1", "a2", "a3"] { #expect(try vault.box.run("delete", "--force", String(vault.ids[key]!)).status == 0) }
        let result = try vault.export()
        #expect(result.stderr.contains("1 left to you"), "\(result)")
        book = try vault.page("The Book.md")
        #expect(
            book.hasPrefix("title:: The Book\n") && book.contains("My thoughts on this book") && !book.contains("First of the book"),
            "\(book)")
    }

    /// A page replaced by a link is not written through; its citations go to a new page, and
    /// the warning says why.
    @Test func aPageThatIsALink() throws {
        let vault = try NotesInStepTests.Vault(.obsidian)
        try vault.export()
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("elsewhere-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.moveItem(at: vault.dir.appendingPathComponent("Quiet Book.md"), to: elsewhere)
        try FileManager.default.createSymbolicLink(at: vault.dir.appendingPathComponent("Quiet Book.md"), withDestinationURL: elsewhere)
        let before = try Data(contentsOf: elsewhere)
        #expect(try vault.box.run("edit", String(vault.ids["c1"]!), "--text", "Changed.").status == 0)
        let result = try vault.box.run("export", "--format", "obsidian", vault.dir.path)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains(
                "Quiet Book.md was left as it is: it is a link, a folder or a pipe, which citefeed does not write through; its citations are now in Quiet Book 2.md"
            ), "\(result)")
        #expect(try Data(contentsOf: elsewhere) == before)
        #expect(try vault.page("Quiet Book 2.md").contains("Changed."))
    }
}
