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

/// Never a silent loss: a file that gives no citation is an error, and
/// `import --dry-run` says what an import would do without doing it.
@Suite struct ImportPreviewTests {
    static let kindle = realImports.appendingPathComponent("kindle-multi-yakimka.txt")

    @Test(.needsShared(ImportPreviewTests.kindle)) func aDryRunSaysWhatAndWritesNothing() throws {
        let box = try Sandbox()
        try box.add("Already here")
        try box.rotate(at: box.now)
        let before = try box.state(), outputs = try box.outputFiles()
        let result = try box.run("import", "--dry-run", ImportPreviewTests.kindle.path)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Dry run (nothing was written): ") == true && lines.first?.hasSuffix(" read as clippings.") == true)
        #expect(lines.contains("would import 11 (1 with a back side), skip 0 duplicates"))
        #expect(lines.contains("left out (not citations): 11 bookmarks"))
        #expect(lines.contains("  “My highlight in Deutsch” — Alistair Cockburn, Hexagonal Architecture Explained"))
        #expect(lines.filter { $0.hasPrefix("  “") }.count == 5)
        #expect(try box.state() == before)
        #expect(try box.outputFiles() == outputs)
        // And the import itself does what it said.
        #expect(try box.run("import", ImportPreviewTests.kindle.path).stdout == "imported 11, skipped 0 duplicates\n")
    }

    @Test func aDryRunListsTheInvalidRecordsAndMakesNoLibrary() throws {
        let box = try Sandbox()
        let file = box.home.appendingPathComponent("some.csv")
        try "text,author\nfine,A\n,B\n\u{1B}[2J,C\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try box.run("import", "--dry-run", file.path)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("would import 1 (0 with a back side), skip 0 duplicates\n"))
        #expect(result.stdout.contains("invalid: 2; the import stops at them unless --skip-invalid\n  line 3: The citation text is empty"))
        #expect(result.stdout.contains("  line 4: The text contains the control character U+001B (ESC)"))
        #expect(!FileManager.default.fileExists(atPath: box.libraryPath))
    }

    /// A file read to the end that gives nothing: an error that says what was expected and
    /// what was found, and nothing changes. (An e-reader's file with no highlight says "no
    /// highlights" and succeeds: `NewUserMessageTests`.)
    @Test(arguments: [
        ("empty.json", "[]", "read as json, it expected a list of objects with a text", "found nothing that is one"),
        ("notes.md", "# Notes\n\nNo quotes here.\n", "read as markdown, it expected blockquotes", "found nothing that is one"),
    ])
    func aFileWithNoCitationIsAnError(name: String, content: String, expected: String, found: String) throws {
        let box = try Sandbox()
        try box.add("Already here")
        let before = try box.state()
        let file = box.home.appendingPathComponent(name)
        try content.write(to: file, atomically: true, encoding: .utf8)
        let result = try box.run("import", file.path)
        expectFailure(result, status: .dataError, containing: "\(file.path) holds no citations: \(expected)")
        #expect(result.stderr.contains(found), "\(result)")
        #expect(try box.state() == before)
    }
}
