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
    @Suite struct StatusTests {
        /// A library with one citation, shown now.
        func showing(_ text: String, _ options: String...) throws -> Sandbox {
            let box = try Sandbox()
            try box.run(["add", text] + options)
            return box
        }

        @Test func waybarEscapesPangoMarkupInTextAndTooltip() throws {
            let box = try showing("a & b < c > d 'e' \"f\"", "--author", "<Me>", "--back", "x & y", "--tag", "Deep Work", "--favourite")
            let result = try box.status("waybar")
            #expect(result.status == 0)
            let json = try JSONParser.parse(result.stdout)
            #expect(result.stdout.split(separator: "\n").count == 1)
            #expect(json["text"] == .string("“a &amp; b &lt; c &gt; d &apos;e&apos; &quot;f&quot;” — &lt;Me&gt;"))
            #expect(json["tooltip"] == .string("a &amp; b &lt; c &gt; d &apos;e&apos; &quot;f&quot;\n\nx &amp; y\n\n— &lt;Me&gt;"))
            #expect(json["class"] == .array([.string("citation"), .string("favourite"), .string("tag-deep-work")]))
            #expect(json["alt"] == .string("Deep Work"))
        }

        @Test func i3blocksPrintsFullShortAndTheTagColour() throws {
            let box = try showing("The quick brown fox jumps over the lazy dog again and again", "--tag", "x")
            try box.run("tag", "edit", "x", "--color", "#12AB34")
            let result = try box.status("i3blocks", "--width", "30")
            // Cut at a space when one is in the last third of the width, else anywhere.
            #expect(result.stdout == "“The quick brown fox jumps…\n“The quick…\n#12AB34\n")
            #expect(try box.status("i3blocks", "--width", "10").stdout == "“The quic…\n“The…\n#12AB34\n")
        }

        @Test func polybarShowsFormattingTagsLiterally() throws {
            let box = try showing(TrickyCitations.polybar)
            let result = try box.status("polybar")
            #expect(result.stdout == "“Red %\u{200B}{F#f00}alert%\u{200B}{F-} here”\n")
            #expect(!result.stdout.contains("%{"))
        }

        @Test func plainIsCutByTerminalColumnsWithoutSplittingGraphemes() throws {
            let box = try showing("日本語のテキストと絵文字😀👨‍👩‍👧が入った引用", "--author", "K")
            let result = try box.status("plain", "--width", "20")
            // The author stays and the text is shortened: “” — K take 6 columns, leaving
            // 14 for the text; each CJK character and emoji is two: 2*6 = 12, then the ellipsis.
            #expect(result.stdout == "“日本語のテキ…” — K\n")
            #expect(TextWidth.columns(of: result.stdout.dropLast()) <= 20)
            let emoji = try box.status("plain", "--width", "28")
            #expect(emoji.stdout == "“日本語のテキストと絵…” — K\n")
            // Too narrow to keep the author with half the width for the text: the line is cut.
            #expect(try box.status("plain", "--width", "10").stdout == "“日本語の…\n")
            #expect(try box.status("plain", "--width", "100").stdout == "“日本語のテキストと絵文字😀👨‍👩‍👧が入った引用” — K\n")
        }

        @Test func plainFoldsNewlinesAndFollowsTheTemplate() throws {
            let box = try showing("two\nlines", "--source", "Book")
            try box.run("defaults", "write", "statusTemplate", "{text}[ ({author})][ — {source}]")
            #expect(try box.status().stdout == "two lines — Book\n")
        }

        @Test func jsonIsTheWholePickAndItsSlot() throws {
            let box = try showing("Q", "--tag", "t")
            let json = try JSONParser.parse(try box.status("json").stdout)
            guard case .object(let members) = json else { Issue.record("not an object"); return }
            // The slot object: the slot, and the citation object in it; the line shown.
            #expect(members.map(\.0) == ["slotStart", "slotEnd", "citation", "line"])
            #expect(json["line"] == .string("“Q”"))
            guard case .object(let citation)? = json["citation"] else { Issue.record("no citation"); return }
            #expect(citation.map(\.0) == ["id", "uuid", "text", "back", "author", "source", "tags", "favourite"])
            #expect(json["slotStart"] == .string("2026-03-01T08:00:00Z") && json["slotEnd"] == .string("2026-03-01T09:00:00Z"))
            #expect(json["citation"]?["tags"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["t"])
        }

        @Test func nothingEligibleShowsTheEmptyLine() throws {
            let box = try showing("Q")
            try box.run("archive", "1")
            #expect(try box.status().stdout == "No citations to show — add one with: citefeed add \"…\"\n")
            let waybar = try JSONParser.parse(try box.status("waybar").stdout)
            #expect(waybar["class"] == .array([.string("empty")]))
            #expect(waybar["text"] == .string("No citations to show — add one with: citefeed add &quot;…&quot;"))
            let rotate = try box.run("rotate")
            #expect(rotate.status == 0)
            #expect(
                rotate.stderr
                    == "citefeed: warning: nothing to show: no citation is eligible under the settings (add a citation, or restore an archived one).\n"
            )
            // Adding one shows it at once.
            try box.add("New")
            #expect(try box.status().stdout == "“New”\n")
        }

        @Test func statusAnswersWithoutTheLibraryOnceTheSlotHasAPick() throws {
            let box = try showing("Q")
            #expect(try box.status().stdout == "“Q”\n")
            // With the library replaced by something unreadable, status still answers from current.json.
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: box.libraryPath + suffix) }
            var rng = SeededGenerator(seed: 90)
            try Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) }).write(to: URL(fileURLWithPath: box.libraryPath))
            #expect(try box.status().stdout == "“Q”\n")
            // In the next slot it must open the library, and says why it cannot.
            box.now = "2026-03-01T10:30:00+01:00"
            expectFailure(try box.status(), status: .dataError, containing: "is not a citefeed library")
        }

        @Test func badStatusArguments() throws {
            let box = try showing("Q")
            expectFailure(try box.status("xml"), status: .usage, containing: "--format takes one of plain, waybar, i3blocks, polybar, json")
            expectFailure(
                try box.status("plain", "--width", "9"), status: .usage, containing: "--width takes a whole number from 10 to 500")
        }

        /// Synchronous on purpose: an async test waiting in `Task.sleep` can be starved by the
        /// other tests, which block the cooperative pool's two threads while their processes run.
        @Test func followPrintsANewLineAfterNextAndAfterAnEdit() throws {
            let box = try Sandbox()
            try box.add("first")
            try box.add("second")
            try box.rotate(at: box.now)
            let follower = try Follower(box)
            let first = follower.lines(atLeast: 1, within: 10)
            #expect(first.count == 1)
            try box.run("next")
            // The line comes when the follower sees the change (inotify), not at a poll: no
            // threshold is judged here (a debug build on a loaded machine is slow); the wait is
            // only a bound against hanging.
            let second = follower.lines(atLeast: 2, within: 30)
            #expect(second.count == 2 && second[0] != second[1])
            #expect(second.last == (try box.status().stdout.trimmingCharacters(in: .newlines)))
            try box.run("edit", String(try box.library().latestPick()!.snapshot.id), "--text", "edited")
            #expect(follower.lines(atLeast: 3, within: 30).last == "“edited”")
        }
    }
}
