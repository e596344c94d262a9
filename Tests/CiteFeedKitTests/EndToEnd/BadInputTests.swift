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

extension EndToEnd {
    /// Bad input to `add`: each fails with the spec's status and one line, and changes nothing.
    @Suite struct BadInputTests {
        func sandboxWithOneCitation() throws -> Sandbox {
            let box = try Sandbox()
            try box.add("existing", "--tag", "t")
            try box.run("defaults", "write", "feedItems", "30")
            return box
        }

        @Test(arguments: [
            (["add", ""], "The citation text is empty"),
            (["add", "  \n\t "], "The citation text is empty"),
            (["add", String(repeating: "x", count: 20_001)], "The text is 20001 characters long; at most 20000 are allowed."),
            (["add", "ab\u{7}c"], "The text contains the control character U+0007 (BEL) at position 3; only tab and newline are allowed."),
            (["add", "x", "--author", String(repeating: "a", count: 501)], "The author is 501 characters long; at most 500 are allowed."),
            (
                ["add", "x", "--source", String(repeating: "s", count: 2001)],
                "The source is 2001 characters long; at most 2000 are allowed."
            ),
            (["add", "x", "--source", "a\nb"], "The source contains the control character U+000A (LF) at position 2; it is one line"),
            (["add", "x", "--back", "ok\u{1}"], "The back contains the control character U+0001 at position 3"),
        ])
        func invalidCitations(arguments: [String], message: String) throws {
            let box = try sandboxWithOneCitation()
            let before = try box.state()
            expectFailure(try box.run(arguments), status: .dataError, containing: message)
            #expect(try box.state() == before)
        }

        /// `study` refuses without a terminal (the tests' pipes), and a bad --order is a usage
        /// error; neither touches anything.
        @Test func studyNeedsATerminalAndAKnownOrder() throws {
            let box = try sandboxWithOneCitation()
            let before = try box.state()
            expectFailure(try box.run("study"), status: .usage, containing: "study reads one key at a time, so it needs a terminal")
            expectFailure(try box.run("study", "--order", "random"), status: .usage, containing: "--order takes one of shuffle, sequential")
            #expect(try box.state() == before)
        }

        @Test func textOfExactlyTheLimitIsAccepted() throws {
            let box = try Sandbox()
            #expect(try box.run("add", String(repeating: "é", count: 20_000)).status == 0)
        }

        @Test func invalidUTF8OnStandardInput() throws {
            let box = try sandboxWithOneCitation()
            let before = try box.state()
            expectFailure(
                try box.run(["add", "-"], stdin: Data([0x61, 0xFF, 0xFE, 0x62])), status: .dataError,
                containing: "Standard input is not valid UTF-8 text")
            expectFailure(
                try box.run(["edit", "1", "--text", "-"], stdin: Data([0xC3])), status: .dataError,
                containing: "Standard input is not valid UTF-8 text")
            #expect(try box.state() == before)
        }

        @Test func emptyStandardInput() throws {
            let box = try sandboxWithOneCitation()
            let before = try box.state()
            expectFailure(try box.run(["add", "-"], stdin: Data()), status: .dataError, containing: "The citation text is empty")
            #expect(try box.state() == before)
        }

        @Test func invalidUTF8InAnArgument() throws {
            let box = try sandboxWithOneCitation()
            let before = try box.state()
            // Foundation's Process passes arguments as C strings, so raw bytes go through a shell.
            let script = "exec \"$0\" add \"$(printf 'a\\377b')\""
            let result = try Sandbox.execute("/bin/sh", ["-c", script, Sandbox.binary.path], stdin: Data(), environment: box.environment)
            expectFailure(result, status: .dataError, containing: "Argument 2 is not valid UTF-8 text")
            #expect(try box.state() == before)
        }

        @Test func bothTextAndBackFromStandardInput() throws {
            let box = try sandboxWithOneCitation()
            expectFailure(
                try box.run("add", "-", "--back", "-"), status: .usage, containing: "Only one of TEXT and --back can read standard input.")
        }
    }
}

extension EndToEnd {
    /// A `library.sqlite` that is not a citefeed library is refused and never touched.
    @Suite struct ForeignLibraryTests {
        @Test func randomBytesAreRefusedAndLeftByteForByte() throws {
            let box = try Sandbox()
            var generator = SeededGenerator(seed: 85)
            let bytes = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
            try bytes.write(to: URL(fileURLWithPath: box.libraryPath))
            for arguments in [["list"], ["add", "x"], ["show", "1"], ["tag", "list"], ["about"], ["defaults", "read", "seed"]] {
                expectFailure(
                    try box.run(arguments), status: .dataError,
                    containing: "\(box.libraryPath) is not a citefeed library (not an SQLite database); it was left untouched.")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: box.libraryPath)) == bytes)
            let files = try FileManager.default.contentsOfDirectory(atPath: box.home.path)
            #expect(files == ["library.sqlite"])
        }

        @Test func anotherProgramsDatabaseIsRefused() throws {
            let box = try Sandbox()
            let db = try Database(path: box.libraryPath)
            try db.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')")
            let before = try Data(contentsOf: URL(fileURLWithPath: box.libraryPath))
            expectFailure(
                try box.run("add", "x"), status: .dataError, containing: "is not a citefeed library (an SQLite database of another program)"
            )
            #expect(try Data(contentsOf: URL(fileURLWithPath: box.libraryPath)) == before)
            #expect(try db.scalar("SELECT count(*) FROM notes") == 1)
        }

        @Test func aNewerSchemaIsRefused() throws {
            let box = try Sandbox()
            try box.add("x")
            let db = try Database(path: box.libraryPath)
            try db.execute("PRAGMA user_version = 99")
            expectFailure(try box.run("list"), status: .dataError, containing: "was written by a newer citefeed (schema version 99)")
        }

        @Test func anUnwritableHomeIsAnIOError() throws {
            let box = try Sandbox()
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: box.home.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: box.home.path) }
            expectFailure(try box.runUnprivileged(["add", "x"]), status: .ioError, containing: "Cannot read or write the library")
            #expect(try FileManager.default.contentsOfDirectory(atPath: box.home.path).isEmpty)
        }
    }
}
