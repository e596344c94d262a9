import Foundation

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// A long-running program a test starts and must never wait on without a bound: a display
/// server, a bar. Foundation starts it in a process group of its own; `stop()` kills that group
/// with SIGKILL (a child of the test process may have SIGTERM blocked or ignored, and a bar that
/// crashes is as real a way for a bar to go as one that exits).
final class Background {
    let process = Process()
    let log: URL

    /// `stdin`: a pipe kept open (a terminal client ends at the end of its input), or nothing.
    init(_ path: String, _ arguments: [String], environment: [String: String], log: URL, stdout: Pipe? = nil, stdin: Pipe? = nil) throws {
        self.log = log
        Tier.check(path, arguments)
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = stdout ?? handle
        process.standardError = handle
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        try handle.close()
    }

    var pid: pid_t { process.processIdentifier }
    var isAlive: Bool { Integration.RealBarTests.isAlive(pid) }

    /// The end of its log, for failure messages.
    var logTail: String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(8).joined(separator: "\n")
    }

    /// Kills its process group and waits (at most 3 s) until it has ended.
    func stop() {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        let start = Date()
        while isAlive && Date().timeIntervalSince(start) < 3 { Thread.sleep(forTimeInterval: 0.01) }
    }
}

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

/// An X display of its own for a test (Xvfb, `-displayfd`), and pictures of parts of it.
final class VirtualDisplay {
    let server: Background
    /// `:N`, for `DISPLAY`.
    let name: String

    /// A screen of `size` (`WIDTHxHEIGHT`), its log in `home`.
    init(size: String, home: URL) throws {
        let number = Pipe()
        server = try Background(
            findProgram("Xvfb")!, ["-displayfd", "1", "-screen", "0", size + "x24", "-nolisten", "tcp", "-noreset"],
            environment: ["PATH": "/usr/bin:/bin"], log: home.appendingPathComponent("xvfb.log"), stdout: number)
        name =
            ":" + String(decoding: number.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard name.count > 1 else {
            server.stop()
            throw Integration.GraphicalBarTests.BarError(message: "Xvfb did not start: \(server.logTail)")
        }
    }

    /// What a tool that draws or reads on it needs.
    var tools: [String: String] { ["PATH": "/usr/bin:/bin", "DISPLAY": name] }

    /// A PNG of `area` (`WxH+X+Y`) of the screen at `png`; whether ImageMagick's import made it.
    func capture(_ png: URL, area: String) -> Bool {
        (try? Sandbox.execute(
            findProgram("import")!, ["-window", "root", "-crop", area, "+repage", png.path], stdin: Data(), environment: tools))?
            .status == 0
    }

    func stop() { server.stop() }
}
