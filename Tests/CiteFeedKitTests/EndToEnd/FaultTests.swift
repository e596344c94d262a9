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

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension Integration {
    /// Faults from outside: outputs that cannot be written, a file-size limit, processes
    /// killed at random moments, readers racing writers. Random moments come from a seeded generator,
    /// so a failure repeats.
    @Suite(.serialized) struct FaultTests {
        /// Whether `bytes` are a whole XML document (libxml2, through Foundation's XMLParser).
        static func isWholeXML(_ bytes: Data) -> Bool {
            XMLParser(data: bytes).parse()
        }

        /// Every output in `directory` parses as what it is.
        static func outputsParse(_ directory: URL) -> [String] {
            var broken: [String] = []
            for name in ["feed.xml", "feed.atom"] {
                guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)) else { continue }
                if !isWholeXML(data) { broken.append(name) }
            }
            for name in ["feed.json", "status.json"] {
                guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)) else { continue }
                if (try? JSONParser.parse(Array(data))) == nil { broken.append(name) }
            }
            return broken
        }

        /// The output directory cannot be made (a file is in its way) or written (read-only, to a
        /// user who is not root: as root, the test runs citefeed as nobody).
        @Test func outputsThatCannotBeWrittenAre73AndLeaveThePreviousOnes() throws {
            let box = try Sandbox()
            try box.add("one")
            try box.add("two")
            try box.rotate(at: box.now)
            let before = try box.outputFiles()
            let blocker = box.home.appendingPathComponent("blocker")
            try "a file".write(to: blocker, atomically: true, encoding: .utf8)
            box.now = "2026-03-01T10:30:00+01:00"
            expectFailure(
                try box.run("rotate", "--out", blocker.appendingPathComponent("feeds").path), status: .cannotCreate,
                containing: "Cannot write the outputs in \(blocker.path)/feeds")
            #expect(try box.outputFiles() == before)

            // Read-only.
            chmod(box.feeds.path, 0o555)
            defer { chmod(box.feeds.path, 0o755) }
            var runAs: [String] = []
            if getuid() == 0 {
                let setpriv = try #require(findProgram("setpriv"), "the read-only case needs setpriv (util-linux) when run as root")
                for path in try FileManager.default.subpathsOfDirectory(atPath: box.home.path).map({ box.home.path + "/" + $0 }) + [
                    box.home.path
                ] {
                    lchown(path, 65534, 65534)
                }
                runAs = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
            }
            let libraryBefore = try box.librarySnapshot()
            let command = runAs + [Sandbox.binary.path, "rotate"]
            let result = try Sandbox.execute(command[0], Array(command.dropFirst()), stdin: Data(), environment: box.environment)
            expectFailure(result, status: .cannotCreate, containing: "Cannot write the outputs in \(box.feeds.path)")
            #expect(try box.outputFiles() == before)
            #expect(try box.librarySnapshot() == libraryBefore)
        }

        /// `ulimit -f` reached while the feeds are written: an error naming the file, the previous
        /// outputs and the library as they were, and no temporary file left.
        @Test func aFileSizeLimitMidWriteLeavesEverythingAsItWas() throws {
            let box = try Sandbox()
            let long = String(repeating: "A long citation to make the feeds large. ", count: 400)
            for i in 0..<12 { try box.add("\(i) \(long)") }
            try box.run("defaults", "write", "feedItems", "100")
            for hour in 10...20 { try box.rotate(at: "2026-03-01T\(hour):10:00+01:00") }
            // An empty WAL, so that only the outputs can reach the limit.
            try box.library().db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            let before = try box.outputFiles()
            let largest = before.values.map(\.count).max() ?? 0
            #expect(largest > 256 * 1024, "the feeds must be larger than the limit: \(largest)")
            let libraryBefore = try box.librarySnapshot()
            box.now = "2026-03-01T21:10:00+01:00"
            let result = try Sandbox.execute(
                "/bin/sh", ["-c", "ulimit -f 256 && exec \"$0\" rotate", Sandbox.binary.path], stdin: Data(), environment: box.environment)
            expectFailure(result, status: .cannotCreate, containing: "File too large")
            #expect(try box.outputFiles() == before)
            #expect(try box.librarySnapshot() == libraryBefore)
            #expect(try FileManager.default.contentsOfDirectory(atPath: box.feeds.path).filter { $0.contains(".tmp-") }.isEmpty)
        }

        /// An import killed (SIGKILL) at 20 moments leaves a sound library with all of the import
        /// or none of it. The moments are points in its writing (bytes it has written), spread over
        /// what a whole import writes, not times.
        @Test func anImportKilledAtRandomIsAllOrNothing() throws {
            let box = try Sandbox()
            try box.add("already here")
            let file = box.home.appendingPathComponent("big.csv")
            try Data(BulkImportTests.csv(4000).utf8).write(to: file)
            func start(_ environment: [String: String]) throws -> Process {
                let process = Process()
                process.executableURL = Sandbox.binary
                process.arguments = ["import", file.path]
                process.environment = environment
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                return process
            }
            // What a whole import writes, as seen while it ran (the last reading before its end).
            let probe = try Sandbox()
            let whole = try start(probe.environment)
            var total = 0
            while whole.isRunning {
                total = max(total, ProcessWatch.bytesWritten(whole.processIdentifier) ?? 0)
                usleep(200)
            }
            whole.waitUntilExit()
            #expect(whole.terminationStatus == 0 && total > 0)
            var rng = SeededGenerator(seed: 5)
            var completed = 0
            for _ in 0..<20 {
                let process = try start(box.environment)
                _ = ProcessWatch.waitUntilWritten(process, Int.random(in: 0...(total + total / 10), using: &rng))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                let library = try box.library()
                #expect(try library.integrityCheck() == "ok")
                let count = try library.db.scalar("SELECT count(*) FROM citations") ?? -1
                #expect(count == 1 || count == 4001, "\(count) citations: the import was half done")
                if count == 4001 {
                    completed += 1
                    // Back to one citation for the next round.
                    try library.db.execute("DELETE FROM citations WHERE text <> 'already here'")
                }
            }
            print("import killed 20 times: \(completed) had committed, \(20 - completed) left nothing (an import writes \(total) bytes)")
        }

        /// `rotate` and `next` killed at random moments never leave an output that does not parse.
        @Test func rotationsKilledAtRandomLeaveOutputsThatParse() throws {
            let box = try Sandbox()
            for i in 0..<30 { try box.add("Citation \(i) with <markup> & \"quotes\"", "--author", "Author \(i)") }
            try box.rotate(at: box.now)
            var rng = SeededGenerator(seed: 11)
            for round in 0..<30 {
                let process = Process()
                process.executableURL = Sandbox.binary
                process.arguments = [round % 2 == 0 ? "next" : "rotate"]
                var environment = box.environment
                environment["CITEFEED_NOW"] = "2026-03-0\(1 + round / 10)T1\(round % 10):30:00+01:00"
                process.environment = environment
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                Thread.sleep(forTimeInterval: Double.random(in: 0...0.08, using: &rng))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                #expect(
                    Integration.FaultTests.outputsParse(box.feeds).isEmpty,
                    "round \(round): \(Integration.FaultTests.outputsParse(box.feeds))")
            }
            #expect(try box.library().integrityCheck() == "ok")
        }

        /// A reader parsing the feeds and the bar's file in a loop during 1,000 rotations never
        /// sees a partial file.
        @Test func readersNeverSeeAPartialFile() throws {
            let box = try Sandbox()
            for i in 0..<20 { try box.add("Citation \(i): " + String(repeating: "words ", count: 200)) }
            try box.run("defaults", "write", "feedItems", "50")
            try box.rotate(at: box.now)
            let stop = Atomic(false), reads = Atomic(0), partial = Atomic(0)
            let feeds = box.feeds
            let reader = Thread {
                while !stop.value {
                    let broken = Integration.FaultTests.outputsParse(feeds)
                    if !broken.isEmpty { partial.add(1) }
                    reads.add(1)
                }
            }
            reader.start()
            for _ in 0..<1000 {
                let result = try box.run("next")
                if result.status != 0 {
                    #expect(result.status == 0, "\(result)")
                    break
                }
            }
            stop.set(true)
            while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
            #expect(partial.value == 0, "\(partial.value) of \(reads.value) reads saw a partial file")
            #expect(reads.value > 100)
        }
    }
}

/// A value shared with a reader thread.
final class Atomic<T>: @unchecked Sendable {
    private var stored: T
    private let lock = NSLock()
    init(_ value: T) { stored = value }
    var value: T { lock.withLock { stored } }
    func set(_ value: T) { lock.withLock { stored = value } }
}

extension Atomic where T == Int {
    func add(_ n: Int) { lock.withLock { stored += n } }
}
