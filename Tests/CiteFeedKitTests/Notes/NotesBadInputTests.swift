import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedSupport

extension EndToEnd {
    /// Every bad notes folder and every page a user broke: a clear message and status, and the
    /// library, the settings and every file of the user's as they were.
    @Suite struct NotesBadInputTests {
        static func temporary() -> URL { FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)") }

        static func library() throws -> Sandbox {
            let box = try Sandbox()
            try box.add("First of the book.", "--author", "Ann Author", "--source", "The Book")
            try box.add("Second of the book.", "--author", "Ann Author", "--source", "The Book")
            return box
        }

        /// `run` refused with `status` and `containing`, and nothing changed.
        static func expectRefused(
            _ box: Sandbox, _ arguments: [String], status: CiteFeedCLI.ExitStatus, containing: String,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let before = try box.state()
            expectFailure(try box.run(arguments), status: status, containing: containing, sourceLocation: sourceLocation)
            #expect(try box.state() == before, sourceLocation: sourceLocation)
        }

        @Test func usage() throws {
            let box = try Self.library()
            let dir = Self.temporary().path
            try Self.expectRefused(box, ["export", "--format", "obsidian"], status: .usage, containing: "DIR")
            try Self.expectRefused(box, ["export", "--format", "logseq", ""], status: .usage, containing: "not empty")
            try Self.expectRefused(box, ["export", "--format", "json", dir], status: .usage, containing: dir)
            try Self.expectRefused(box, ["export", "--one-per-citation"], status: .usage, containing: "--one-per-citation")
            try Self.expectRefused(box, ["export", "--format", "markdown", "--out", "x.md", dir], status: .usage, containing: "--out")
            try Self.expectRefused(box, ["export", "--format", "obsidian", "--archived", dir], status: .usage, containing: "--archived")
            try Self.expectRefused(box, ["export", "--format", "notion", dir], status: .usage, containing: "obsidian")
            #expect(!FileManager.default.fileExists(atPath: dir))
        }

        @Test func folderThatIsNotOne() throws {
            let box = try Self.library()
            let file = Self.temporary()
            try Data("a file of mine\n".utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            try Self.expectRefused(box, ["export", "--format", "obsidian", file.path], status: .usage, containing: "is not a folder")
            #expect(try String(contentsOf: file, encoding: .utf8) == "a file of mine\n")
            let nowhere = Self.temporary().appendingPathComponent("deeper/notes").path
            try Self.expectRefused(box, ["export", "--format", "obsidian", nowhere], status: .notFound, containing: "make that first")
            // Under a file: that file is named.
            try Self.expectRefused(
                box, ["export", "--format", "obsidian", file.appendingPathComponent("notes").path], status: .usage,
                containing: "\(file.path) is not a folder")
        }

        /// Not writable, as a user without privileges (through setpriv when the tests run as root).
        @Test func folderNotWritable() throws {
            let box = try Self.library()
            let dir = Self.temporary()
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            chmod(dir.path, 0o555)
            let before = try box.state()
            let result = try box.runUnprivileged(["export", "--format", "markdown", dir.path])
            expectFailure(result, status: .cannotCreate, containing: "Cannot write in \(dir.path)")
            #expect(try box.state() == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        }

        /// Inside the sync folder, an output directory or the library's directory.
        @Test func foldersCitefeedOwns() throws {
            let box = try Self.library()
            let sync = Self.temporary(), output = Self.temporary()
            for dir in [sync, output] { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }
            defer { for dir in [sync, output] { try? FileManager.default.removeItem(at: dir) } }
            #expect(try box.run("defaults", "write", "syncFolder", sync.path).status == 0)
            #expect(try box.run("defaults", "write", "outputDirectory", output.path).status == 0)
            try Self.expectRefused(
                box, ["export", "--format", "obsidian", sync.appendingPathComponent("notes").path], status: .usage,
                containing: "it is in the sync folder")
            try Self.expectRefused(
                box, ["export", "--format", "obsidian", sync.path], status: .usage, containing: "it is in the sync folder")
            try Self.expectRefused(
                box, ["export", "--format", "logseq", output.appendingPathComponent("notes").path], status: .usage,
                containing: "it is in the output directory")
            try Self.expectRefused(
                box, ["export", "--format", "markdown", box.home.appendingPathComponent("notes").path], status: .usage,
                containing: "it is in the library's directory")
            #expect(!FileManager.default.fileExists(atPath: sync.appendingPathComponent("notes").path))
        }

        @Test func anotherFormatsFolder() throws {
            let box = try Self.library()
            let dir = Self.temporary()
            defer { try? FileManager.default.removeItem(at: dir) }
            #expect(try box.run("export", "--format", "obsidian", dir.path).status == 0)
            let page = try Data(contentsOf: dir.appendingPathComponent("The Book.md"))
            try Self.expectRefused(
                box, ["export", "--format", "logseq", dir.path], status: .usage, containing: "holds citefeed's obsidian notes")
            #expect(try Data(contentsOf: dir.appendingPathComponent("The Book.md")) == page)
        }

        /// A page whose markers the user broke is left as it is, with a warning naming it, and its
        /// citations go to a new page; later exports keep the new one in step.
        @Test(arguments: [NotesFormat.obsidian, .markdown])
        func brokenMarkers(_ format: NotesFormat) throws {
            let box = try Self.library()
            let dir = Self.temporary()
            defer { try? FileManager.default.removeItem(at: dir) }
            #expect(try box.run("export", "--format", format.rawValue, dir.path).status == 0)
            let page = dir.appendingPathComponent("The Book.md")
            for breakIt in [
                { (s: String) in s.replacingOccurrences(of: "<!-- citefeed:end -->", with: "") },
                { (s: String) in s.replacingOccurrences(of: "<!-- citefeed:begin", with: "<!-- my begin") },
                { (s: String) in s + "<!-- citefeed:end -->\n" },
            ] {
                try? FileManager.default.removeItem(at: dir)
                #expect(try box.run("export", "--format", format.rawValue, dir.path).status == 0)
                let broken = breakIt(try String(contentsOf: page, encoding: .utf8))
                try broken.write(to: page, atomically: true, encoding: .utf8)
                try box.add("Third, after the page broke.", "--source", "The Book")
                let result = try box.run("export", "--format", format.rawValue, dir.path)
                #expect(result.status == 0, "\(result)")
                #expect(result.stderr.contains("citefeed: warning: \(page.path) was left as it is:"), "\(result)")
                #expect(result.stderr.contains("its citations are now in The Book 2.md"), "\(result)")
                #expect(try String(contentsOf: page, encoding: .utf8) == broken)
                let new = try String(contentsOf: dir.appendingPathComponent("The Book 2.md"), encoding: .utf8)
                #expect(new.contains("First of the book.") && new.contains("Third, after the page broke."))
                let again = try box.run("export", "--format", format.rawValue, dir.path)
                #expect(again.status == 0 && !again.stderr.contains("warning"), "\(again)")
                #expect(try String(contentsOf: page, encoding: .utf8) == broken)
            }
        }

        /// A page replaced by a link is not followed (the file it names stays as it was), and a
        /// manifest naming a file outside the folder cannot make citefeed write or delete it.
        @Test func linksAndAForgedManifest() throws {
            let box = try Self.library()
            let dir = Self.temporary(), outside = Self.temporary()
            defer { for d in [dir, outside] { try? FileManager.default.removeItem(at: d) } }
            #expect(try box.run("export", "--format", "obsidian", dir.path).status == 0)
            try Data("mine\n".utf8).write(to: outside)
            try FileManager.default.removeItem(at: dir.appendingPathComponent("The Book.md"))
            try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("The Book.md"), withDestinationURL: outside)
            #expect(try box.run("export", "--format", "obsidian", dir.path).status == 0)
            #expect(try String(contentsOf: outside, encoding: .utf8) == "mine\n")
            let manifest = dir.appendingPathComponent(".citefeed-notes.json")
            let forged = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(
                of: "\"path\": ?\"The Book 2.md\"", with: "\"path\":\"../\(outside.lastPathComponent)\"", options: .regularExpression)
            try forged.write(to: manifest, atomically: true, encoding: .utf8)
            try box.run("delete", "--force", "1", "2")
            let result = try box.run("export", "--format", "obsidian", dir.path)
            #expect(result.status == 0 && result.stderr.contains("could not be read"), "\(result)")
            #expect(try String(contentsOf: outside, encoding: .utf8) == "mine\n")
        }

        /// The settings: the folder is the library's (not a rotation's); rotate keeps it in step,
        /// and a folder that cannot be written is a warning there, the rotation done.
        @Test func notesFolderSetting() throws {
            let box = try Self.library()
            let dir = Self.temporary()
            defer { try? FileManager.default.removeItem(at: dir) }
            #expect(try box.run("rotation", "add", "other").status == 0)
            try Self.expectRefused(
                box, ["defaults", "write", "--rotation", "other", "notesFolder", dir.path], status: .usage, containing: "one notes folder")
            // Written only for a folder there, and not one citefeed owns.
            try Self.expectRefused(box, ["defaults", "write", "notesFolder", dir.path], status: .usage, containing: "is not a folder")
            try Self.expectRefused(
                box, ["defaults", "write", "notesFolder", box.home.path], status: .usage, containing: "it is in the library's directory")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            #expect(try box.run("defaults", "write", "notesFolder", dir.path).status == 0)
            #expect(try box.run("defaults", "write", "notesFormat", "logseq").status == 0)
            let rotated = try box.run("rotate")
            #expect(rotated.status == 0 && rotated.stderr.contains("Notes in \(dir.path): 1 page (1 new)."), "\(rotated)")
            #expect(try String(contentsOf: dir.appendingPathComponent("The Book.md"), encoding: .utf8).hasPrefix("title:: The Book\n"))
            let quiet = try box.run("rotate")
            #expect(quiet.status == 0 && !quiet.stderr.contains("Notes"), "\(quiet)")
            try FileManager.default.removeItem(at: dir)
            try Data("x".utf8).write(to: dir)
            let warned = try box.run("rotate", "--all")
            #expect(warned.status == 0, "\(warned)")
            #expect(
                warned.stderr.contains("citefeed: warning: the notes folder was not brought up to date: \(dir.path) is not a folder"),
                "\(warned)")
        }
    }
}
