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

/// A temporary `CITEFEED_HOME` and a way to run the built binary in it with a fixed clock and
/// time zone, as the README's "Development" says the end-to-end tests run.
final class Sandbox {
    let home: URL
    var now = "2026-03-01T09:30:00+01:00"
    var timeZone = "Europe/Berlin"
    var extraEnvironment: [String: String] = [:]

    init() throws {
        _ = Sandbox.processZone
        home = FileManager.default.temporaryDirectory.appendingPathComponent("cf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    deinit {
        waitForAnnouncements()
        try? FileManager.default.removeItem(at: home)
    }

    /// Waits until every detached announcement started in this home has ended (each holds a
    /// shared lock on `announce.lock` while it runs), for at most `seconds`; `false`
    /// when some still ran then.
    @discardableResult
    func waitForAnnouncements(seconds: Int = 60) -> Bool {
        let fd = open(home.appendingPathComponent("announce.lock").path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        for _ in 0..<(seconds * 20) {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                flock(fd, LOCK_UN)
                return true
            }
            usleep(50_000)
        }
        return false
    }

    /// `announce.log`, as it is now.
    var announceLog: String { (try? String(contentsOf: home.appendingPathComponent("announce.log"), encoding: .utf8)) ?? "" }

    var libraryPath: String { home.appendingPathComponent("library.sqlite").path }
    var settingsPath: String { home.appendingPathComponent("settings.json").path }

    /// The built executable: next to the test bundle, or `CITEFEED_BIN`.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["CITEFEED_BIN"] { return URL(fileURLWithPath: path) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("citefeed")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return cwd.appendingPathComponent(".build/debug/citefeed")
    }()

    var environment: [String: String] {
        var env: [String: String] = [
            "CITEFEED_HOME": home.path, "CITEFEED_NOW": now, "TZ": timeZone, "PATH": "/usr/bin:/bin", "HOME": home.path,
            "LANG": "C.UTF-8",
        ]
        // scripts/coverage: each process writes its own profile.
        if let profile = ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"] { env["LLVM_PROFILE_FILE"] = profile }
        for (k, v) in extraEnvironment { env[k] = v }
        return env
    }

    /// The test process's time zone, set once before the first sandbox: the zone every sandbox
    /// has unless a test changes it, so that commands can run in-process (the C library's
    /// local time follows the process's `TZ`).
    static let processZone: String = {
        TestHarness.prepare()
        setenv("TZ", "Europe/Berlin", 1)
        tzset()
        return "Europe/Berlin"
    }()

    /// Whether `run` may run the command in this process (`CLI.run`): always, unless the test
    /// asks for a process (`separateProcess`), gives standard input or environment of its own,
    /// uses another time zone, or measures coverage of the binary.
    var separateProcess = false

    /// Runs `citefeed ARGS` with `stdin` (bytes) and returns what it did: in this process when
    /// nothing needs a process of its own, otherwise the built binary.
    @discardableResult
    func run(_ arguments: [String], stdin: Data = Data(), environment extra: [String: String?] = [:]) throws -> RunResult {
        if !separateProcess && stdin.isEmpty && extra.isEmpty && extraEnvironment.isEmpty && timeZone == Sandbox.processZone {
            return runInProcess(arguments)
        }
        var env = environment
        for (k, v) in extra { env[k] = v }
        return try Sandbox.execute(Sandbox.binary.path, arguments, stdin: stdin, environment: env)
    }

    @discardableResult
    func run(_ arguments: String..., stdin: String = "") throws -> RunResult {
        try run(arguments, stdin: Data(stdin.utf8))
    }

    static func execute(_ path: String, _ arguments: [String], stdin: Data, environment: [String: String]) throws -> RunResult {
        Tier.check(path, arguments)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        let dir = FileManager.default.temporaryDirectory
        let outURL = dir.appendingPathComponent("out-\(UUID().uuidString)")
        let errURL = dir.appendingPathComponent("err-\(UUID().uuidString)")
        let inURL = dir.appendingPathComponent("in-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        try stdin.write(to: inURL)
        defer { [outURL, errURL, inURL].forEach { try? FileManager.default.removeItem(at: $0) } }
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let input = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        try input.close()
        let outData = try Data(contentsOf: outURL)
        var stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        if environment["LLVM_PROFILE_FILE"] != nil {
            // scripts/coverage: a process that may not write (run as nobody, under a file-size
            // limit) cannot write its profile either, and the profiler says so.
            stderr = stderr.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("LLVM Profile Error:") && !$0.hasPrefix("LLVM Profile Warning:") }.joined(separator: "\n")
        }
        return RunResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: stderr, stdoutBytes: outData)
    }

    /// Everything the library holds, as text: citations (all of them, every field), tags and
    /// facts. Two equal snapshots mean nothing changed.
    func librarySnapshot() throws -> String {
        guard FileManager.default.fileExists(atPath: libraryPath) else { return "<no library>" }
        let library = try Library(path: libraryPath)
        var active = CitationQuery()
        active.sort = .created
        var archived = active
        archived.archived = true
        let citations = try library.citations(active) + library.citations(archived)
        let tags = try library.tags().map(CitationJSON.tag)
        let meta = try library.db.query("SELECT key || '=' || value FROM meta ORDER BY key") { $0.text(0) }
        let sequence = try library.db.query("SELECT name || '=' || seq FROM sqlite_sequence ORDER BY name") { $0.text(0) }
        return JSONWriter.pretty(
            .object([
                ("citations", .array(citations.map { CitationJSON.citation($0) })), ("tags", .array(tags)),
                ("meta", .array(meta.map(JSONValue.string))), ("sequence", .array(sequence.map(JSONValue.string))),
            ]))
    }

    /// The library and settings as they are, to compare after a command that must change nothing.
    func state() throws -> String {
        let settings = (try? String(contentsOfFile: settingsPath, encoding: .utf8)) ?? "<no settings>"
        return try librarySnapshot() + "\n---\n" + settings
    }

    func writeSettings(_ text: String) throws {
        try text.write(toFile: settingsPath, atomically: true, encoding: .utf8)
    }

    func readSettings() -> String? { try? String(contentsOfFile: settingsPath, encoding: .utf8) }

    /// Adds citations through the binary; returns their ids.
    @discardableResult
    func add(_ text: String, _ options: String...) throws -> Int64 {
        let result = try run(["add", text] + options)
        #expect(result.status == 0, "\(result)")
        return Int64(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// The library opened in-process, for checking state.
    func library() throws -> Library { try Library(path: libraryPath) }
}

/// Checks that a run failed the way the README's "Errors and exit status" says: the exit status, nothing on stdout, and one
/// line `citefeed: error: …` on stderr containing `containing`.
func expectFailure(
    _ result: RunResult, status: CiteFeedCLI.ExitStatus, containing: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.status == status.rawValue, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, "stdout should be empty: \(result)", sourceLocation: sourceLocation)
    #expect(result.errorLines.count == 1, "one line on stderr: \(result)", sourceLocation: sourceLocation)
    #expect(result.stderr.hasPrefix("citefeed: error: "), "\(result)", sourceLocation: sourceLocation)
    #expect(result.stderr.contains(containing), "stderr should contain \(containing): \(result)", sourceLocation: sourceLocation)
}
