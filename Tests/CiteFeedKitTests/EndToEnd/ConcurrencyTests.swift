import Foundation
import Testing

@testable import CiteFeedKit

@Suite struct ConcurrencyTests {
    /// 8 processes adding 25 citations each at once: 200 citations, unique ids, a sound database.
    @Test func eightWritersAtOnce() async throws {
        let box = try Sandbox()
        let environment = box.environment
        let results = try await withThrowingTaskGroup(of: [Int32].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var statuses: [Int32] = []
                    for i in 0..<25 {
                        let result = try Sandbox.execute(
                            Sandbox.binary.path, ["add", "worker \(worker) citation \(i)", "--tag", "w\(worker % 3)"],
                            stdin: Data(), environment: environment)
                        statuses.append(result.status)
                    }
                    return statuses
                }
            }
            var all: [Int32] = []
            for try await statuses in group { all += statuses }
            return all
        }
        #expect(results.count == 200 && results.allSatisfy { $0 == 0 })
        let library = try box.library()
        let citations = try library.citations(CitationQuery())
        #expect(citations.count == 200)
        #expect(Set(citations.map(\.id)).count == 200 && Set(citations.map(\.uuid)).count == 200)
        #expect(try library.tags().count == 3)
        #expect(try library.integrityCheck() == "ok")
        #expect(try library.db.query("INSERT INTO citations_fts(citations_fts) VALUES ('integrity-check')") { _ in 0 }.isEmpty)
    }

    /// Every command closes the library before it exits, so SQLite copies the WAL into the
    /// database and empties it: the next process starts with no WAL to read. (Without closing,
    /// the WAL grew with every command: each process rebuilt its index from the whole file,
    /// so it could never be started afresh.)
    @Test func noWriteAheadLogIsLeftBehind() throws {
        let box = try Sandbox()
        let wal = box.libraryPath + "-wal"
        let file = box.home.appendingPathComponent("in.csv")
        try Data("text,author\nImported one,A\nImported two,B\n".utf8).write(to: file)
        let commands: [[String]] = [
            ["add", "First of many"], ["add", "Second of many", "--tag", "t"], ["rotate"], ["status"], ["list"],
            ["import", file.path], ["fav", "1"], ["export", "--all"], ["tag", "add", "new-tag"],
        ]
        for command in commands {
            let result = try box.run(command)
            #expect(result.status == 0, "\(command): \(result)")
            let size = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
            #expect(size == 0, "\(command) left \(size) bytes in \(wal)")
        }
        #expect(try box.library().integrityCheck() == "ok")
    }

    /// A writer that holds the lock longer than 5 s makes the others give up with status 75.
    @Test func aLockedLibraryIsReportedAfterWaiting() throws {
        let box = try Sandbox()
        try box.add("x")
        let before = try box.state()
        let holder = try box.library()
        try holder.db.execute("BEGIN EXCLUSIVE")
        let start = Date()
        let result = try box.run("add", "y")
        let waited = Date().timeIntervalSince(start)
        try holder.db.execute("ROLLBACK")
        expectFailure(result, status: .busy, containing: "is locked by another citefeed process; try again in a moment.")
        #expect(waited >= 4.5)
        #expect(try box.state() == before)
    }
}
