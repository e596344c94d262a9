import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedModel
@testable import CiteFeedSupport

/// What a new user met following the README : each
/// message as it reads now.
@Suite struct NewUserMessageTests {
    /// The README's filter examples run as written (one of them gave two keys to one write).
    @Test func theReadmesFilterExamplesRunAsWritten() throws {
        let guide = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("doc").path)
        let readme = try (["README.md"] + guide.filter { $0.hasSuffix(".md") }.sorted().map { "doc/" + $0 }).map {
            try String(contentsOf: packageRoot.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
        let lines = readme.split(separator: "\n").filter { $0.hasPrefix("citefeed defaults write --rotation r ") }
        #expect(lines.count >= 8)
        let box = try Sandbox()
        _ = try box.add("Something to rotate", "--author", "Seneca")
        #expect(try box.run("rotation", "add", "r").status == 0)
        for line in lines {
            // The command before its comment, split into words as a shell would (double quotes).
            var words: [String] = [], word = "", quoted = false, started = false
            for c in line.split(separator: "#", maxSplits: 1)[0] where !(c == " " && !quoted && !started) {
                if c == "\"" { quoted.toggle(); started = true; continue }
                if c == " " && !quoted {
                    words.append(word)
                    (word, started) = ("", false)
                } else {
                    word.append(c)
                    started = true
                }
            }
            if started { words.append(word) }
            let run = try box.run(Array(words.dropFirst()))
            #expect(run.status == 0, "\(line): \(run)")
        }
    }

    @Test func gradeNamesTheRotationThatReviews() throws {
        let box = try Sandbox()
        _ = try box.add("Capital of Peru?", "--back", "Lima")
        #expect(try box.run("rotation", "add", "cards").status == 0)
        #expect(try box.run("defaults", "write", "--rotation", "cards", "mode", "review").status == 0)
        let grade = try box.run("grade", "good")
        #expect(grade.status == 64)
        #expect(
            grade.stderr
                == "citefeed: error: The default rotation rotates citations; the cards are reviewed in rotation \"cards\": add --rotation cards to the command.\n"
        )
        #expect(try box.run("grade", "good", "--rotation", "cards").status == 0)
        // The default rotation reviews, a named one does not: leave --rotation out.
        #expect(try box.run("defaults", "write", "mode", "review").status == 0)
        #expect(try box.run("defaults", "write", "--rotation", "cards", "mode", "rotate").status == 0)
        #expect(
            try box.run("grade", "good", "--rotation", "cards").stderr
                == "citefeed: error: Rotation \"cards\" rotates citations; the cards are reviewed in the default rotation: leave out --rotation.\n"
        )
    }

    /// A Kindle's clippings with no highlight: "no highlights", exit 0, as the same file in a
    /// folder said (alone it exited 65).
    @Test func aFileWithNoHighlightsSaysSoAndSucceeds() throws {
        let box = try Sandbox()
        let file = box.home.appendingPathComponent("My Clippings.txt")
        try
            "Meditations (Marcus Aurelius)\r\n- Your Bookmark on page 91 | Location 1409 | Added on Saturday, July 11, 2015 7:51:11 PM\r\n\r\n\r\n==========\r\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let alone = try box.run("import", file.path)
        #expect(alone.status == 0 && alone.stdout == "\(file.path): no highlights (1 bookmark left out)\n", "\(alone)")
        let folder = try box.run("import", box.home.path)
        #expect(folder.status == 0 && folder.stdout.contains("My Clippings.txt: no highlights (1 bookmark left out)\n"), "\(folder)")
        // A file of quotations that holds none is still an error: it is not what it was taken for.
        let notes = box.home.appendingPathComponent("quotes.json")
        try "[]".write(to: notes, atomically: true, encoding: .utf8)
        #expect(try box.run("import", notes.path).status == 65)
    }

    @Test func listDueSaysNewCardsWait() throws {
        let box = try Sandbox()
        _ = try box.add("Capital of Peru?", "--back", "Lima")
        let due = try box.run("list", "--due")
        #expect(due.stderr == "No card is due today; 1 new card waits, 1 of them to start today with 'citefeed study'.\n", "\(due)")
        #expect(try box.run("defaults", "write", "newPerDay", "0").status == 0)
        #expect(try box.run("list", "--due").stderr == "No card is due today; 1 new card waits, none to start today (newPerDay).\n")
    }

    @Test func smallThingsSaidRight() throws {
        let box = try Sandbox()
        _ = try box.add("Something")
        // A rotation that never rotated has no output directory to name.
        #expect(try box.run("rotation", "add", "r").status == 0)
        #expect(try box.run("rotation", "remove", "r").stdout == "Removed rotation r (it had written no outputs).\n")
        // A tag on no citation is deleted without asking what happens to its citations.
        #expect(try box.run("tag", "add", "lonely").status == 0)
        let deleted = try box.run("tag", "delete", "lonely")
        #expect(deleted.status == 0 && deleted.stdout == "Deleted tag \"lonely\"; no citation had it.\n", "\(deleted)")
        // An empty list is said.
        let cleared = try box.run("defaults", "write", "tags")
        #expect(
            cleared.stdout == "Cleared tags: it is an empty list now ('citefeed defaults delete tags' puts back its default).\n",
            "\(cleared)")
        // Plural and singular.
        #expect(try box.run("card", "1").stdout == "Made a card of citation 1.\n")
        _ = try box.add("Other")
        #expect(try box.run("card", "1", "2").stdout == "Made a card of citation 2. Citation 1 was already a card.\n")
        #expect(try box.run("uncard", "1", "2").stdout == "No longer cards: citations 1 2.\n")
    }

    /// A card picked by a rotation of citations shows its back under it (the starter set's
    /// first rotate could show a question and no answer).
    @Test func rotateShowsACardsBack() throws {
        let box = try Sandbox()
        _ = try box.add("What is the dichotomy of control?", "--back", "Some things are within our power, while others are not.")
        let rotated = try box.run("rotate")
        #expect(
            rotated.stdout.hasSuffix("“What is the dichotomy of control?”\n→ Some things are within our power, while others are not.\n"),
            "\(rotated)")
    }

    /// The study screen wraps a card at spaces to the terminal's width.
    @Test func theStudyScreenWrapsAtSpaces() {
        let c = Citation(
            id: 1, uuid: "u", text: "Some things are within our power, while others are not.",
            back: "Within our power are opinion, motivation, desire, aversion, and, in a word, whatever are our own actions.", tags: [],
            favourite: false, createdAt: Timestamp(seconds: 0), updatedAt: Timestamp(seconds: 0))
        let lines = StudySession.face(c, revealed: true, terminal: Terminal(color: false, width: 40)).map(\.rendered)
        #expect(lines.allSatisfy { TextWidth.columns(of: $0) < 40 }, "\(lines)")
        #expect(lines.joined(separator: " ").split(separator: " ").joined(separator: " ").contains("whatever are our own actions."))
        #expect(lines.contains("Within our power are opinion,"), "\(lines)")
    }

    @Test func aFolderDryRunSaysWhatItPassedOver() throws {
        let box = try Sandbox()
        let folder = box.home.appendingPathComponent("reading")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "hello\n%\nworld\n".write(to: folder.appendingPathComponent("a.fortune"), atomically: true, encoding: .utf8)
        try "just notes\n".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try
            "Meditations (Marcus Aurelius)\r\n- Your Highlight on page 1 | Location 10-11 | Added on Monday, March 2, 2026 9:00:00 AM\r\n\r\nWords.\r\n==========\r\nMeditations (Marcus Aurelius)\r\n- Your Highlight on page 1 | Location 10-11 | Added on Monday, March 2, 2026 9:05:00 AM\r\n\r\nWords.\r\n==========\r\n"
            .write(to: folder.appendingPathComponent("My Clippings.txt"), atomically: true, encoding: .utf8)
        let dry = try box.run("import", folder.path, "--dry-run")
        #expect(dry.status == 0, "\(dry)")
        #expect(
            dry.stdout.contains(
                "a.fortune: passed over: not a kind of file e-readers and reading tools write (import a quote collection by its name)\n"),
            "\(dry)")
        #expect(dry.stdout.contains("notes.txt: passed over: no highlights or quotations found in it\n"), "\(dry)")
        // The same highlight twice is one citation, and the note counts the other.
        #expect(dry.stderr.contains("My Clippings.txt: left out 1 earlier highlight a later one extends"), "\(dry)")
    }
}
