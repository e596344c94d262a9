import Foundation
import Testing

@testable import CiteFeedCore
@testable import CiteFeedModel
@testable import CiteFeedSupport

extension EndToEnd {
    /// Scrolling status lines and quiet followers, through the built citefeed.
    @Suite struct ScrollingTests {
        static let long = "The quick brown fox jumps over the lazy dog again and again"

        func box() throws -> Sandbox {
            let box = try Sandbox()
            try box.add(Self.long)
            try box.rotate(at: box.now)  // the slot 09:00-10:00 (+01:00)
            return box
        }

        @Test func oneShotShowsTheStepOfThisMomentInTheSlot() throws {
            let box = try box()
            func line(at time: String, _ extra: String...) throws -> String {
                box.now = "2026-03-01T" + time + "+01:00"
                let result = try box.run(["status", "--width", "20"] + extra)
                #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
                return result.stdout
            }
            #expect(try line(at: "09:00:03") == "“The quick brown…\n")  // no scrolling: cut at a word
            #expect(try line(at: "09:00:00", "--scroll") == "“The quick brown fox\n")
            #expect(try line(at: "09:00:01", "--scroll") == "“The quick brown fox\n")  // the pause
            #expect(try line(at: "09:00:03", "--scroll") == "quick brown fox jump\n")  // 12 steps: 4 after the pause
            // The setting, per rotation: the default rotation scrolls, --width still wins.
            #expect(try box.run("defaults", "write", "scroll", "yes").status == 0)
            #expect(try box.run("defaults", "write", "scrollSpeed", "8").status == 0)
            #expect(try line(at: "09:00:03") == "k brown fox jumps ov\n")  // 24 steps: 24 - 16 + 1 = 9 columns on
            let frame = try line(at: "09:00:03")
            #expect(TextWidth.columns(of: String(frame.dropLast())) == 20)
            #expect(try box.run("defaults", "write", "scrollSpeed", "21").status == 64)
        }

        @Test func aFollowerPrintsEachStepAtTheSameWidth() throws {
            let box = try box()
            let follower = try Follower(box, arguments: ["--scroll", "--width", "20", "--format", "polybar"])
            let lines = follower.lines(atLeast: 4, within: 30)
            #expect(lines.count >= 4)
            #expect(lines.first == "“The quick brown fox")
            for (a, b) in zip(lines, lines.dropFirst()) { #expect(a != b) }
            for line in lines { #expect(TextWidth.columns(of: line) == 20, "\(line)") }
            #expect(lines[1] == "The quick brown fox ")
        }

        /// Writes beside the library (its WAL, a log, any file in the home) do not wake a
        /// follower; a change of what it shows does. Its wake-ups are counted from when it is seen
        /// asleep to when it has printed the change (the short and wide lines, and the broken
        /// settings file, are judged wait by wait in `StatusFollowerTests`).
        @Test func aFollowerSleepsThroughWritesBesideTheLibrary() throws {
            let box = try box()
            try box.add("second")
            let follower = try Follower(box)
            #expect(follower.lines(atLeast: 1, within: 10).count == 1)
            let pid = try #require(ProcessWatch.child(of: follower.process.processIdentifier), "the follower under timeout(1)")
            #expect(ProcessWatch.waitUntilAsleep(pid))
            let before = try #require(ProcessWatch.wakeUps(pid))
            for i in 0..<5 { try box.add("written beside \(i)") }
            let other = box.home.appendingPathComponent("notes.txt")
            for i in 0..<50 { try Data("\(i)\n".utf8).write(to: other) }
            try box.run("next")
            #expect(follower.lines(atLeast: 2, within: 30).count == 2)
            let after = try #require(ProcessWatch.wakeUps(pid))
            // Woken by the change alone: its wait, the settling of a burst of renames, its line and
            // the announcement it detaches, against one or more for each of 55 writes beside.
            #expect(after - before <= 8, "woken \(after - before) times by writes beside the library and one change")
        }
    }
}
