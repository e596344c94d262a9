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

/// A program's standard output read line by line on a thread of its own, for tests that watch
/// a long-running program (a bar) while they act.
final class LineWatcher: @unchecked Sendable {
    private var lines: [String] = []
    private let lock = NSLock()
    private var partial = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                lock.withLock {
                    partial.append(data)
                    while let newline = partial.firstIndex(of: 0x0A) {
                        lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
                        partial.removeSubrange(partial.startIndex...newline)
                    }
                }
            }
        }
    }

    var all: [String] { lock.withLock { lines } }

    /// Waits until `condition` holds for the lines read so far; how long it took, or `nil`.
    func wait(seconds: Double, until condition: ([String]) -> Bool) -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            if condition(all) { return Date().timeIntervalSince(start) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }
}

extension Integration {
    /// The contrib configurations in the real programs, where they are installed
    /// (`scripts/setup-debian --test` installs them).
    @Suite(.serialized) struct RealBarTests {
        /// The `full_text` of the block named `citefeed` in i3blocks' last status line.
        static func i3blocksText(_ lines: [String]) -> String? {
            for line in lines.reversed() {
                var s = Substring(line)
                if s.hasPrefix(",") { s = s.dropFirst() }
                guard s.hasPrefix("[{"), let blocks = try? JSONParser.parse(String(s)).arrayValue else { continue }
                if let block = blocks.first(where: { $0["name"] == .string("citefeed") }) { return block["full_text"]?.stringValue }
            }
            return nil
        }

        /// Whether `pid` runs (a zombie, ended but not reaped, does not).
        static func isAlive(_ pid: pid_t) -> Bool {
            guard let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
                let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.count
            else { return false }
            return stat[close + 2] != UInt8(ascii: "Z") && stat[close + 2] != UInt8(ascii: "X")
        }

        /// The contrib file `path` with the built binary in place of `citefeed`.
        static func contrib(_ path: String) throws -> String {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
            return text.replacing("citefeed ", with: Sandbox.binary.path + " ")
        }

        /// i3blocks, as contrib/i3blocks/citefeed.conf configures it (interval mode, and persist
        /// mode with --follow): the block shows the status line, and the new one after
        /// `next`. i3blocks runs in a process group of its own, stopped as i3bar stops it (SIGTERM to
        /// the group): nothing of citefeed is left. (i3blocks 1.4 alone, sent SIGTERM, waits for its
        /// persist command instead of ending it; the group is what ends both.)
        @Test(
            .requires(findProgram("i3blocks") != nil, "needs i3blocks (scripts/setup-debian --test installs it)"),
            arguments: ["interval", "persist"])
        func i3blocksShowsTheCitationAndFollowsNext(mode: String) throws {
            let i3blocks = try #require(findProgram("i3blocks"), "i3blocks is not installed (Debian's i3blocks)")
            let box = try Sandbox()
            for text in ["First & <b>bold</b>", "Second", "Third"] { try box.add(text) }
            try box.rotate(at: box.now)
            // contrib/i3blocks/citefeed.conf with the built binary; for interval mode as its comment
            // says, but every second.
            var contrib = try Integration.RealBarTests.contrib("contrib/i3blocks/citefeed.conf")
            #expect(contrib.contains("command=\(Sandbox.binary.path) status --format i3blocks --width 70 --follow\ninterval=persist\n"))
            if mode == "interval" { contrib = contrib.replacing(" --follow\ninterval=persist", with: "\ninterval=1") }
            let config = box.home.appendingPathComponent("i3blocks.conf")
            try contrib.write(to: config, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: i3blocks)
            process.arguments = ["-c", config.path]
            process.environment = box.environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = Pipe()  // i3bar's click events would come here
            try process.run()
            defer {
                if process.isRunning { kill(-process.processIdentifier, SIGKILL) }
                for pid in Screen.citefeedProcesses(home: box.home.path) { kill(pid, SIGKILL) }
            }
            // Foundation starts it in a process group of its own, as i3bar starts its status command.
            #expect(getpgid(process.processIdentifier) == process.processIdentifier)
            let watcher = LineWatcher(output.fileHandleForReading)
            func shown() -> String { String(try! box.status("plain", "--width", "70").stdout.dropLast()) }
            let first = shown()
            #expect(watcher.wait(seconds: 10) { Integration.RealBarTests.i3blocksText($0) == first } != nil, "\(watcher.all.suffix(3))")
            #expect(try box.run("next").status == 0)
            let second = shown()
            #expect(second != first)
            let took = watcher.wait(seconds: 30) { Integration.RealBarTests.i3blocksText($0) == second }
            #expect(took != nil, "i3blocks did not show \(second) after next: \(watcher.all.suffix(3))")
            print("i3blocks \(mode): the new citation shown \(took ?? -1) s after next")
            // In persist mode every line is a full text: never the short text or the colour.
            #expect(!watcher.all.compactMap { Integration.RealBarTests.i3blocksText([$0]) }.contains { $0.hasPrefix("#") || $0.isEmpty })
            if mode == "persist" { #expect(!Screen.citefeedProcesses(home: box.home.path).isEmpty) }
            let i3blocksPID = process.processIdentifier
            kill(-i3blocksPID, SIGTERM)
            // i3blocks 1.4, sent SIGTERM, stops reading and waits for its persist command (which it
            // runs in a process group of its own) instead of ending it; a second signal ends it.
            Thread.sleep(forTimeInterval: 0.3)
            if Integration.RealBarTests.isAlive(i3blocksPID) { kill(i3blocksPID, SIGKILL) }
            let start = Date()
            while Integration.RealBarTests.isAlive(i3blocksPID) && Date().timeIntervalSince(start) < 30 {
                Thread.sleep(forTimeInterval: 0.01)
            }
            #expect(!Integration.RealBarTests.isAlive(i3blocksPID))
            // Its reader gone, the follower ends.
            #expect(Screen.waitUntilGone(home: box.home.path), "citefeed outlived i3blocks")
        }

        /// A follower whose parent ends while someone else still reads its pipe goes on: a script
        /// that ran `citefeed status --follow | lemonbar &` and exited. It follows `next`, and ends
        /// when that reader does.
        @Test func aFollowerGoesOnWhileItsPipeIsReadAfterItsParentEnds() throws {
            let box = try Sandbox()
            for text in ["First", "Second"] { try box.add(text) }
            try box.rotate(at: box.now)
            let out = box.home.appendingPathComponent("piped.out")
            let script = try Background(
                "/bin/sh", ["-c", "'\(Sandbox.binary.path)' status --follow | cat > '\(out.path)' &"], environment: box.environment,
                log: box.home.appendingPathComponent("script.log"))
            defer {
                for name in ["citefeed", "cat"] {
                    for pid in Screen.citefeedProcesses(home: box.home.path, named: name) { kill(pid, SIGKILL) }
                }
            }
            let first = try box.status().stdout.trimmingCharacters(in: .newlines)
            #expect(Follower.lines(in: out, atLeast: 1) == [first])
            let start = Date()
            while script.isAlive && Date().timeIntervalSince(start) < 30 { Thread.sleep(forTimeInterval: 0.01) }
            #expect(!script.isAlive, "the script did not end")
            Thread.sleep(forTimeInterval: 1.5)
            #expect(!Screen.citefeedProcesses(home: box.home.path).isEmpty, "the follower ended with its parent")
            #expect(try box.run("next").status == 0)
            let second = try box.status().stdout.trimmingCharacters(in: .newlines)
            let two = Follower.lines(in: out, atLeast: 2)
            #expect(two == [first, second])
            let readers = Screen.citefeedProcesses(home: box.home.path, named: "cat")
            #expect(readers.count == 1)
            for pid in readers { kill(pid, SIGKILL) }
            #expect(Screen.waitUntilGone(home: box.home.path), "citefeed outlived its reader")
        }
    }
}
