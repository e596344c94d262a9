import Foundation

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// What a bar draws, read back as text: a screenshot of its strip and tesseract's OCR of it.
enum Screen {
    static let tools = ["tesseract"]

    /// Keeps a copy of the screenshot `png` as NAME in `CITEFEED_SCREENSHOTS` when that is set
    /// (`scripts/screenshots` makes the README's pictures so).
    static func keep(_ png: URL, as name: String) {
        guard let directory = ProcessInfo.processInfo.environment["CITEFEED_SCREENSHOTS"] else { return }
        let target = URL(fileURLWithPath: directory).appendingPathComponent(name)
        try? FileManager.default.removeItem(at: target)
        try? FileManager.default.copyItem(at: png, to: target)
    }

    /// The lowercase letters of `text`, everything else dropped (OCR may lose spaces and
    /// quotation marks; letters of a plain sentence in a large monospace font it reads well).
    static func letters(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) }.map(Character.init))
    }

    /// The text tesseract reads in the PNG image at `png` (one line of text), or "".
    static func read(_ png: URL) -> String {
        guard let tesseract = findProgram("tesseract"),
            let result = try? Sandbox.execute(
                tesseract, [png.path, "stdout", "--psm", "7", "quiet"], stdin: Data(),
                environment: ["PATH": "/usr/bin:/bin", "OMP_THREAD_LIMIT": "1"])
        else { return "" }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Captures (with `capture`, which writes a PNG and says whether it did) and reads the screen
    /// until its letters contain those of `expected`, for at most `seconds`. The time from the
    /// start to the capture that showed it, or `nil`; and the last text read.
    static func wait(
        seconds: Double, for expected: String, capture: (URL) -> Bool, into png: URL
    ) -> (took: Double?, read: String) {
        let start = Date()
        var last = ""
        repeat {
            let taken = Date().timeIntervalSince(start)
            if capture(png) {
                last = read(png)
                if letters(last).contains(letters(expected)) { return (taken, last) }
            }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date().timeIntervalSince(start) < seconds
        return (nil, last)
    }

    /// Pids of the live `citefeed` (or `name`) processes whose environment holds
    /// `CITEFEED_HOME=home`: the ones a bar started for one sandbox, found wherever it put them.
    static func citefeedProcesses(home: String, named name: String = "citefeed") -> [pid_t] {
        let home = Data("CITEFEED_HOME=\(home)".utf8)
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            guard let pid = pid_t(entry), pid != getpid(),
                let comm = FileManager.default.contents(atPath: "/proc/\(entry)/comm"),
                String(decoding: comm, as: UTF8.self) == name + "\n",
                let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
                environ.split(separator: 0).contains(where: { Data($0) == home }), Integration.RealBarTests.isAlive(pid)
            else { return nil }
            return pid
        }
    }

    /// Waits (at most 3 s) until no process of `home` is left; how long that took.
    /// Whether every citefeed of `home` ended before a generous deadline: tests judge the
    /// event, not how long it took (a loaded machine is slow; `scripts/bench` measures time).
    static func waitUntilGone(home: String, deadline: Double = 30) -> Bool {
        let start = Date()
        while !citefeedProcesses(home: home).isEmpty && Date().timeIntervalSince(start) < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        return citefeedProcesses(home: home).isEmpty
    }
}
