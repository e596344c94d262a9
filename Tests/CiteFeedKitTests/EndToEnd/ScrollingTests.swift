import Foundation
import Testing

@testable import CiteFeedCore
@testable import CiteFeedModel
@testable import CiteFeedSupport

/// Scrolling status lines and quiet followers (issue 24), through the built citefeed.
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

    @Test func aShortLineStandsStillWhileFollowing() throws {
        let box = try Sandbox()
        try box.add("short")
        try box.rotate(at: box.now)
        let follower = try Follower(box, arguments: ["--scroll"])
        #expect(follower.lines(atLeast: 1, within: 10) == ["“short”"])
        Thread.sleep(forTimeInterval: 1.5)
        #expect(follower.lines(atLeast: 1, within: 1) == ["“short”"])
    }

    /// Writes beside the library (its WAL, a log, any file in the home) do not wake a
    /// follower; a change of what it shows does.
    @Test func aFollowerSleepsThroughWritesBesideTheLibrary() throws {
        let box = try box()
        try box.add("second")
        let follower = try Follower(box)
        #expect(follower.lines(atLeast: 1, within: 10).count == 1)
        let pid = try #require(Self.child(of: follower.process.processIdentifier), "the follower under timeout(1)")
        Thread.sleep(forTimeInterval: 0.3)
        let before = try #require(Self.wakeUps(pid))
        for i in 0..<5 { try box.add("written beside \(i)") }
        let other = box.home.appendingPathComponent("notes.txt")
        for i in 0..<50 { try Data("\(i)\n".utf8).write(to: other) }
        Thread.sleep(forTimeInterval: 0.5)
        let after = try #require(Self.wakeUps(pid))
        #expect(after - before <= 2, "woken \(after - before) times by writes beside the library")
        try box.run("next")
        #expect(follower.lines(atLeast: 2, within: 30).count == 2)
    }

    /// A width changed while following takes effect; a settings file left half-edited when the
    /// slot ends neither stops the follower nor makes it spin.
    @Test func aFollowerTakesANewWidthAndOutlivesABrokenSettingsFile() throws {
        let box = try box()
        try box.add("Second, also a citation long enough to move through the bar")
        #expect(try box.run("defaults", "write", "statusWidth", "20").status == 0)
        box.now = "2026-03-01T09:59:57+01:00"
        let follower = try Follower(box, arguments: ["--scroll"], environment: ["CITEFEED_NOW_RUNS": "1"])
        #expect(follower.lines(atLeast: 1, within: 10).first.map { TextWidth.columns(of: $0) } == 20)
        let pid = try #require(Self.child(of: follower.process.processIdentifier))
        try Data("{ \"statusWidth\": ".utf8).write(to: URL(fileURLWithPath: box.settingsPath))
        Thread.sleep(forTimeInterval: 5)  // past the slot's end (10:00)
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8).split(separator: ")").last!.split(separator: " ")
        let ticks = (Int(stat[11]) ?? 0) + (Int(stat[12]) ?? 0)
        #expect(ticks < 100, "the follower used \(ticks) ticks of CPU in 5 s")
        try Data("{ \"statusWidth\": 30 }\n".utf8).write(to: URL(fileURLWithPath: box.settingsPath))  // mended
        let deadline = Date().addingTimeInterval(20)
        var last = ""
        while Date() < deadline {
            last = follower.lines(atLeast: 1, within: 1).last ?? ""
            if TextWidth.columns(of: last) == 30 { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(TextWidth.columns(of: last) == 30, "\(last)")
    }

    /// The only child of `pid`.
    static func child(of pid: Int32) -> Int32? {
        for _ in 0..<100 {
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            if let child = text.split(separator: " ").first.flatMap({ Int32($0) }) { return child }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// How often `pid` has given up the CPU to wait (`voluntary_ctxt_switches`): once per wake-up.
    static func wakeUps(_ pid: Int32) -> Int? {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
    }
}
