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
    @Suite struct ConcurrencyTests {
        /// 8 processes adding 25 citations each at once: 200 citations, unique ids, a sound database.
        @Test func eightWritersAtOnce() async throws {
            let box = try Sandbox()
            let environment = box.environment
            let results = try await withThrowingTaskGroup(of: [(Int32, String)].self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        var statuses: [(Int32, String)] = []
                        for i in 0..<25 {
                            let result = try Sandbox.execute(
                                Sandbox.binary.path, ["add", "worker \(worker) citation \(i)", "--tag", "w\(worker % 3)"],
                                stdin: Data(), environment: environment)
                            statuses.append((result.status, result.stderr))
                        }
                        return statuses
                    }
                }
                var all: [(Int32, String)] = []
                for try await statuses in group { all += statuses }
                return all
            }
            #expect(results.count == 200 && results.allSatisfy { $0.0 == 0 }, "\(results.filter { $0.0 != 0 })")
            let library = try box.library()
            let citations = try library.citations(CitationQuery())
            #expect(citations.count == 200)
            #expect(Set(citations.map(\.id)).count == 200 && Set(citations.map(\.uuid)).count == 200)
            #expect(try library.tags().count == 3)
            #expect(try library.integrityCheck() == "ok")
            #expect(try library.db.query("INSERT INTO citations_fts(citations_fts) VALUES ('integrity-check')") { _ in 0 }.isEmpty)
        }

        /// Every command closes the library before it exits, and the WAL stays small: a large
        /// change is copied into the database at once, small ones once they add up to 256 KiB.
        /// (Without closing, the WAL grew with every command: each process rebuilt its index from
        /// the whole file, so it could never be started afresh.)
        @Test func theWriteAheadLogStaysSmall() throws {
            let box = try Sandbox()
            let wal = box.libraryPath + "-wal"
            func walSize() -> Int { (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0 }
            let file = box.home.appendingPathComponent("in.csv")
            let rows = (1...3000).map { "Imported citation number \($0) with some words to fill a page,Author \($0 % 97)" }
            try Data(("text,author\n" + rows.joined(separator: "\n") + "\n").utf8).write(to: file)
            #expect(try box.run("import", file.path).status == 0)
            #expect(walSize() == 0, "an import leaves its WAL")
            var largest = 0
            for i in 1...40 {
                let result = try box.run("add", "Small change number \(i)", "--tag", "t\(i % 3)")
                #expect(result.status == 0, "\(result)")
                largest = max(largest, walSize())
            }
            for command in [["rotate"], ["status"], ["list"], ["fav", "1"], ["export", "--all"], ["tag", "add", "new-tag"]] {
                #expect(try box.run(command).status == 0, "\(command)")
                largest = max(largest, walSize())
            }
            #expect(largest > 0 && largest <= Database.walLimitAtClose + 128 * 1024, "the WAL reached \(largest) bytes")
            let library = try box.library()
            #expect(try library.integrityCheck() == "ok")
            #expect(try library.db.scalar("SELECT count(*) FROM citations") == 3040)
            // Each commit is synced to the WAL (FULL), as it is not copied into the database at once.
            // (The test harness's own process syncs nothing, `Durability`; citefeed always does.)
            #expect(try library.db.scalar("PRAGMA synchronous") == (Durability.syncs ? 2 : 0))
            #expect(Library.synchronous(syncing: true) == "FULL")
        }

        /// Commands that write while an import (or a sync bringing new citations) loads in bulk:
        /// the load drops triggers and indexes and makes them again in its transaction, and a
        /// writer whose transaction began right after its commit failed its first statement with
        /// "no such table: citations" (SQLITE_SCHEMA; 29 of 40 adds during syncs, most of these
        /// before the fix). They succeed.
        @Test func writersDuringABulkLoadAllSucceed() throws {
            let records = (0..<3000).map { #"{"text": "Imported quote number \#($0) about things", "author": "X"}"# }
            let json = Data(("[" + records.joined(separator: ",") + "]").utf8)
            var failures: [String] = []
            for _ in 0..<3 {
                // A library of its own each time: importing the same file again adds nothing.
                let box = try Sandbox()
                let file = box.home.appendingPathComponent("many.json")
                try json.write(to: file)
                _ = try box.add("First")
                #expect(try box.run("import", file.path, "--format", "json").status == 0)
                // The import again (a bulk load, of nothing new: it was quick enough for the adds
                // to meet its commit) and six adds started at once, as a bar's clicks and a timer would.
                let commands = [["import", file.path, "--format", "json"]] + (1...6).map { ["add", "add \($0)"] }
                let running = try commands.map { arguments -> (Process, Pipe) in
                    let process = Process()
                    process.executableURL = Sandbox.binary
                    process.arguments = arguments
                    process.environment = box.environment
                    let errors = Pipe()
                    process.standardError = errors
                    process.standardOutput = FileHandle.nullDevice
                    try process.run()
                    return (process, errors)
                }
                for (process, errors) in running {
                    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    process.waitUntilExit()
                    if process.terminationStatus != 0 { failures.append(message) }
                }
                #expect(try box.library().citations(CitationQuery()).count == 3007)
                #expect(try box.library().integrityCheck() == "ok")
            }
            #expect(failures.isEmpty, "\(failures)")
        }

        /// A writer that keeps the library (here the sqlite3 shell's way, SQLite's own lock) for
        /// the whole of the others' patience makes them give up with status 75, everything left as
        /// it was. The patience is shortened (`CITEFEED_LOCK_PATIENCE`) rather than waited out.
        @Test func aLockedLibraryIsReportedAfterThePatience() throws {
            let box = try Sandbox()
            try box.add("x")
            let before = try box.state()
            let holder = try box.library()
            try holder.db.execute("BEGIN EXCLUSIVE")
            let result = try box.run(["add", "y"], environment: ["CITEFEED_LOCK_PATIENCE": "200"])
            try holder.db.execute("ROLLBACK")
            expectFailure(result, status: .busy, containing: "is locked by another citefeed process; try again in a moment.")
            #expect(try box.state() == before)
            // Another citefeed's turn (the writers' lock file) kept as long: the same.
            let turn = FileLock(path: box.libraryPath + ".lock")
            try turn.acquire()
            let second = try box.run(["add", "y"], environment: ["CITEFEED_LOCK_PATIENCE": "200"])
            turn.release()
            expectFailure(second, status: .busy, containing: "try again in a moment.")
            #expect(try box.state() == before)
        }

        /// A writer that meets a held library waits for it (it does not fail at once) and goes on
        /// when the holder lets go, through either lock. Judged by events: the writer is seen
        /// asleep with the library open while the lock is held, and succeeds after it is let go.
        @Test(arguments: ["sqlite", "turn"]) func aWriterWaitsForAHeldLibraryAndGoesOn(_ lock: String) throws {
            let box = try Sandbox()
            try box.add("x")
            let holder = try box.library()
            let turn = FileLock(path: box.libraryPath + ".lock")
            if lock == "sqlite" { try holder.db.execute("BEGIN EXCLUSIVE") } else { try turn.acquire() }
            let process = Process()
            process.executableURL = Sandbox.binary
            process.arguments = ["add", "waited for"]
            process.environment = box.environment.merging(["CITEFEED_LOCK_PATIENCE": "600000"]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let waiting = ProcessWatch.waitUntilAsleep(process.processIdentifier, holding: box.libraryPath) { process.isRunning }
            if lock == "sqlite" { try holder.db.execute("ROLLBACK") } else { turn.release() }
            process.waitUntilExit()
            #expect(waiting, "the writer was never seen waiting with the library open")
            #expect(process.terminationStatus == 0)
            #expect(try box.library().citations(CitationQuery()).map(\.text).sorted() == ["waited for", "x"])
        }
    }
}
