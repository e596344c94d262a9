import Foundation
import Testing

@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

extension EndToEnd {
    /// Other machines' lines are read a piece at a time, with no lock of the library or of
    /// settings.json held while the folder is read, and each piece is applied and committed with
    /// its place in the file (when it was not, a 64 MiB log was read whole under the write lock, and its
    /// place saved only at the end, so every timer run started over and held every rotation back).
    @Suite struct SyncPieceTests {
        /// Two machines; `b` made `count` citations and synced them.
        static func machines(_ count: Int) throws -> (a: SyncMachine, b: SyncMachine) {
            let folder = try SyncMachine.sharedFolder()
            let a = try SyncMachine("a", folder: folder), b = try SyncMachine("b", folder: folder)
            for n in 1...count { try b.add("Citation \(n) made on b, with words enough that a piece of a kilobyte holds only a few.") }
            try b.sync()
            return (a, b)
        }

        /// How many of b's citations `a`'s library holds, as another connection sees it: what was
        /// committed.
        static func committed(_ a: SyncMachine) throws -> Int64 {
            let other = try Database(path: a.paths.library)
            return try other.scalar("SELECT count(*) FROM citations WHERE text LIKE '% made on b, %'") ?? -1
        }

        struct Stopped: Error {}

        @Test func aSyncStoppedBetweenPiecesKeepsWhatItCommittedAndGoesOnFromThere() throws {
            let (a, b) = try Self.machines(40)
            // The sync stops (as if killed) before a read, once some pieces are committed.
            var reads = 0
            #expect(throws: Stopped.self) {
                try a.home.sync(folder: a.folder.path, name: "a", pieceBytes: 1024) {
                    reads += 1
                    if try Self.committed(a) >= 4 { throw Stopped() }
                }
            }
            let kept = try Self.committed(a)
            #expect(kept >= 4 && kept < 40, "\(kept) committed after \(reads) reads")
            // Its place in b's log was saved with them: the next sync applies only the rest.
            let machineB = try b.library.syncMachine()
            #expect(try a.library.syncOffset(machine: machineB, file: "log-000001.jsonl").offset > 0)
            let report = try a.sync()
            #expect(try Self.committed(a) == 40)
            #expect(report.applied < 40 + 5 - Int(kept), "applied \(report.applied) lines after \(kept) citations were committed")
            #expect(try a.library.db.scalar("SELECT count(DISTINCT text) FROM citations WHERE text LIKE '% made on b, %'") == 40)
            try b.sync()
            try a.sync()
            #expect(try a.canonical() == b.canonical())
        }

        /// While the folder is read, another command can write the library and settings.json (a
        /// real process each, with its usual patience): a slow or hung folder holds back no
        /// rotation, grade or edit, and what they wrote meanwhile is kept and synced.
        @Test func nothingIsLockedWhileTheFolderIsRead() throws {
            let (a, b) = try Self.machines(30)
            var environment = [
                "CITEFEED_HOME": a.directory.path, "HOME": a.directory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC",
                "CITEFEED_NOW": "2026-03-02T10:00:00Z",
            ]
            if let profile = ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"] { environment["LLVM_PROFILE_FILE"] = profile }
            var runs: [RunResult] = []
            var reads = 0
            _ = try a.home.sync(folder: a.folder.path, name: "a", pieceBytes: 1024) {
                reads += 1
                // Between two pieces: some of b's citations are committed, the rest are to come.
                guard reads == 3 else { return }
                runs.append(
                    try Sandbox.execute(
                        Sandbox.binary.path, ["add", "Added while a sync read the folder"], stdin: Data(), environment: environment))
                runs.append(
                    try Sandbox.execute(
                        Sandbox.binary.path, ["defaults", "write", "statusWidth", "33"], stdin: Data(), environment: environment))
            }
            #expect(reads > 4)
            #expect(runs.count == 2 && runs.allSatisfy { $0.status == 0 }, "\(runs)")
            #expect(try Self.committed(a) == 30)
            #expect(try a.settings().statusWidth == 33)
            #expect(try a.library.db.scalar("SELECT count(*) FROM citations WHERE text = 'Added while a sync read the folder'") == 1)
            // What was added meanwhile is this machine's change, for the next sync.
            try a.sync()
            try b.sync()
            #expect(try b.library.db.scalar("SELECT count(*) FROM citations WHERE text = 'Added while a sync read the folder'") == 1)
        }
    }
}
