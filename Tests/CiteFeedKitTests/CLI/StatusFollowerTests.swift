import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedModel
@testable import CiteFeedSupport

/// `status --follow` driven in this process by a clock of the test's (`FollowerClock`): what
/// it prints and what it waits for, judged wait by wait, without sleeping or measuring time.
@Suite struct StatusFollowerTests {
    /// A clock whose time moves only when the follower waits: each wait is recorded and
    /// answered by `answer` (the script), which may move the time, edit files, and wake it.
    final class Script {
        /// The wall clock, in milliseconds since 1970; `wall` in whole seconds, as the follower reads it.
        var wallMilliseconds: Int64
        var monotonic: Int64 = 1_000_000
        var waits: [(milliseconds: Int64?, until: Timestamp, at: Timestamp)] = []
        var answer: (Script) throws -> DirectoryWatcher.Wake = { _ in .outputGone }

        init(at time: String) { wallMilliseconds = Timestamp(rfc3339: time)!.seconds * 1000 }

        var wall: Timestamp { Timestamp(seconds: wallMilliseconds / 1000) }

        /// Moves both clocks on by `milliseconds`.
        func pass(_ milliseconds: Int64) {
            wallMilliseconds += milliseconds
            monotonic += milliseconds
        }

        /// Lets the time the follower asked for pass: its step, else up to the slot's end.
        func letTimePass() -> DirectoryWatcher.Wake {
            let (milliseconds, until, _) = waits.last!
            pass(milliseconds ?? max(0, until.seconds * 1000 - wallMilliseconds))
            return .timedOut
        }

        var clock: FollowerClock {
            FollowerClock(
                now: { self.wall }, monotonic: { self.monotonic },
                watch: { _, _ in
                    { milliseconds, until in
                        self.waits.append((milliseconds, until, self.wall))
                        // A bound against a follower that waits without end: it fails the test.
                        if self.waits.count > 200 { return .outputGone }
                        return (try? self.answer(self)) ?? .outputGone
                    }
                }, ownsProcess: false)
        }
    }

    /// Runs `status --follow ARGS` in `box` with `script`'s clock; its lines.
    func follow(_ box: Sandbox, _ arguments: [String], _ script: Script) -> [String] {
        let out = CiteFeedCLI.OutputStream(), err = CiteFeedCLI.OutputStream()
        let context = Context(environment: box.environment, out: out, err: err)
        context.followerClock = script.clock
        let status = CLI.run(["status", "--follow"] + arguments, context)
        context.close()
        out.flush()
        err.flush()
        #expect(status == 0 && err.capturedText.isEmpty, "\(status) \(err.capturedText)")
        return out.capturedText.split(separator: "\n").map(String.init)
    }

    /// A line short enough to stand still asks for no steps: the follower sleeps until the
    /// slot's end (or a change), and prints nothing more while the same citation is shown.
    @Test func aShortLineStandsStill() throws {
        let box = try Sandbox()
        try box.add("short")
        try box.rotate(at: box.now)
        let script = Script(at: box.now)
        script.answer = { $0.waits.count <= 3 ? $0.letTimePass() : .outputGone }
        let lines = follow(box, ["--scroll"], script)
        #expect(lines == ["“short”"])
        #expect(script.waits.count == 4)
        for wait in script.waits {
            #expect(wait.milliseconds == nil, "a step asked for: \(wait)")
            #expect(wait.until > wait.at, "a deadline already passed: \(wait)")
        }
        // Slot after slot: 10:00, 11:00, 12:00 (+01:00).
        #expect(
            Array(script.waits.map(\.until.seconds).prefix(3))
                == [10, 11, 12].map { Timestamp(rfc3339: "2026-03-01T\($0):00:00+01:00")!.seconds })
    }

    /// Scrolling, it asks to wake once a step (1/`scrollSpeed` s) and prints each step at the
    /// same width.
    @Test func aLongLineMovesStepByStep() throws {
        let box = try Sandbox()
        try box.add(EndToEnd.ScrollingTests.long)
        try box.rotate(at: box.now)
        let script = Script(at: box.now)
        script.answer = { $0.waits.count <= 20 ? $0.letTimePass() : .outputGone }
        let lines = follow(box, ["--scroll", "--width", "20"], script)
        // 5 s at the default speed, 4 columns a second: 20 steps, the first 7 the pause at the
        // start (the same line), then a column each.
        #expect(lines.count == 14, "\(lines)")
        #expect(lines.first == "“The quick brown fox")
        #expect(lines.dropFirst().first == "The quick brown fox ")
        for line in lines { #expect(TextWidth.columns(of: line) == 20, "\(line)") }
        for (a, b) in zip(lines, lines.dropFirst()) { #expect(a != b) }
        // A step each 250 ms, and nothing else asked for.
        for wait in script.waits { #expect((250...252).contains(wait.milliseconds ?? 0), "\(wait)") }
    }

    /// A width changed while following takes effect; a settings file left half-edited when the
    /// slot ends neither stops the follower nor makes it spin: after the slot's end it waits
    /// for the next slot's end (never for a deadline already passed) and for its steps.
    @Test func aNewWidthTakesEffectAndABrokenSettingsFileIsOutlived() throws {
        let box = try Sandbox()
        try box.add(EndToEnd.ScrollingTests.long)
        try box.add("Second, also a citation long enough to move through the bar")
        try box.rotate(at: box.now)
        #expect(try box.run("defaults", "write", "statusWidth", "20").status == 0)
        box.now = "2026-03-01T09:59:57+01:00"
        let settings = URL(fileURLWithPath: box.settingsPath)
        let script = Script(at: box.now)
        let slotEnd = Timestamp(rfc3339: "2026-03-01T10:00:00+01:00")!
        let nextEnd = Timestamp(rfc3339: "2026-03-01T11:00:00+01:00")!
        script.answer = { script in
            switch script.waits.count {
            case 1:
                #expect(script.waits[0].until == slotEnd)
                try Data("{ \"statusWidth\": ".utf8).write(to: settings)
                script.pass(3000)  // to 10:00:00, the slot's end
                return .timedOut
            case 2...20:
                return script.letTimePass()
            case 21:
                try Data("{ \"statusWidth\": 30 }\n".utf8).write(to: settings)  // mended
                return .changed
            default:
                return .outputGone
            }
        }
        let lines = follow(box, ["--scroll"], script)
        #expect(script.waits.count == 22)
        for wait in script.waits.dropFirst() {
            #expect(wait.until == nextEnd && wait.until > wait.at, "\(wait)")
            #expect((wait.milliseconds ?? 0) > 0, "\(wait)")
        }
        #expect(lines.count >= 10, "\(lines)")  // it went on moving
        #expect(lines.dropLast().allSatisfy { TextWidth.columns(of: $0) == 20 }, "\(lines)")
        #expect(TextWidth.columns(of: lines.last ?? "") == 30, "\(lines.last ?? "")")
    }
}
