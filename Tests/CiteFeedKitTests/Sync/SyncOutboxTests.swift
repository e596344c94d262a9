import Foundation
import Testing

@testable import CiteFeedModel
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// What a sync captured reaches the folder once, whatever stops it on the way (the outbox
/// beside the library), and the first sync's capture in bulk keeps each citation's
/// time and writes the clocks an edit reads.
@Suite struct SyncOutboxTests {
    /// This machine's lines in the folder, in the order written: (seq, kind, uuid).
    static func ownLines(_ m: SyncMachine) throws -> [(seq: Int64, kind: String, uuid: String?)] {
        let machine = try m.library.syncMachine()
        let folder = SyncFolder(path: m.folder.path)
        return try folder.files(of: machine).flatMap { file in
            try folder.completeLines(of: machine, file, from: 0, lineNumber: 0).lines.map { (_, bytes) in
                let line = try SyncLine(json: try JSONParser.parse(bytes), machine: machine)
                guard case .object(let members) = line.json else { return (line.seq, "?", nil) }
                let kind = members.first { $0.0 == "k" }?.1.stringValue ?? "?"
                return (line.seq, kind, members.first { $0.0 == "u" }?.1.stringValue)
            }
        }
    }

    @Test func whatAFolderFailureKeptIsWrittenOnceByTheNextSync() throws {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder), b = try SyncMachine("b", folder: folder)
        let first = try a.add("Written at once").uuid
        try a.sync()
        let own = folder.appendingPathComponent(try a.library.syncMachine())
        let log = own.appendingPathComponent("log-000001.jsonl")
        // The log cannot be written (a directory in its place): the sync fails after its commit.
        let kept = own.appendingPathComponent("kept")
        try FileManager.default.moveItem(at: log, to: kept)
        try FileManager.default.createDirectory(at: log, withIntermediateDirectories: false)
        a.wait(60)
        let second = try a.add("Kept in the outbox").uuid
        #expect(throws: SyncError.self) { try a.sync() }
        #expect(FileManager.default.fileExists(atPath: a.paths.syncOutbox))
        #expect(try a.home.syncStatus().pending > 0)
        // Once the folder can be written, the next sync writes what was kept, and its own.
        try FileManager.default.removeItem(at: log)
        try FileManager.default.moveItem(at: kept, to: log)
        a.wait(60)
        let third = try a.add("Made after the failure").uuid
        // Its report counts what it wrote of the last sync's too.
        #expect(try a.sync().written == 2)
        #expect(!FileManager.default.fileExists(atPath: a.paths.syncOutbox))
        #expect(try a.home.syncStatus().pending == 0)
        let lines = try Self.ownLines(a)
        #expect(lines.map(\.seq) == Array(1...Int64(lines.count)), "each line once, in order: \(lines.map(\.seq))")
        for uuid in [first, second, third] { #expect(lines.filter { $0.uuid == uuid && $0.kind == "c" }.count == 1) }
        b.now = a.now
        try b.sync()
        #expect(try a.canonical() == b.canonical())
    }

    @Test func linesOfASyncThatDidNotCommitAreNeverWritten() throws {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder)
        try a.add("One")
        try a.sync()
        let machine = try a.library.syncMachine()
        let last = try a.library.nextSyncSeq() - 1
        // An outbox left by a sync whose transaction never committed: numbered past the last.
        var fields = CitationFields()
        fields.text = "Never committed"
        let ghost = "0b9f5c1e-0000-4000-8000-0000000000ff"
        let line = SyncLine(
            seq: last + 1, clock: SyncClock(milliseconds: 1, machine: machine), change: .citation(uuid: ghost, fields: fields))
        try SyncOutbox(path: a.paths.syncOutbox).write([line.text])
        a.wait(60)
        let two = try a.add("Two").uuid
        try a.sync()
        let lines = try Self.ownLines(a)
        #expect(!lines.contains { $0.uuid == ghost })
        #expect(lines.contains { $0.uuid == two })
        #expect(lines.map(\.seq) == Array(1...Int64(lines.count)))
    }

    @Test func aLineCutShortAtTheEndOfTheOwnLogIsDroppedBeforeTheNextAppend() throws {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder), b = try SyncMachine("b", folder: folder)
        try a.add("Before the crash")
        try a.sync()
        let log = folder.appendingPathComponent(try a.library.syncMachine()).appendingPathComponent("log-000001.jsonl")
        // A crash in the middle of an append: half a line, no line feed.
        let handle = try FileHandle(forWritingTo: log)
        handle.seekToEndOfFile()
        handle.write(Data("{\"v\":1,\"s\":99,\"c\":\"17".utf8))
        try handle.close()
        a.wait(60)
        try a.add("After the crash")
        try a.sync()
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        #expect(!text.contains("\"s\":99"))
        for line in text.split(separator: "\n") { #expect(throws: Never.self) { _ = try JSONParser.parse(String(line)) } }
        b.now = a.now
        let report = try b.sync()
        #expect(report.skipped.isEmpty, "\(report.skipped)")
        #expect(try a.canonical() == b.canonical())
    }

    @Test func theFirstSyncKeepsEachCitationsTimeAndWritesTheClocksAnEditReads() throws {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder), b = try SyncMachine("b", folder: folder)
        var made: [(uuid: String, at: Timestamp)] = []
        for n in 0..<6 {
            // Added out of order of time, two in one second.
            a.now = Timestamp(seconds: 1_772_400_000 + Int64([50, 10, 30, 10, 90, 70][n]))
            made.append((try a.add("Citation \(n)", back: n == 2 ? "Back" : nil, tags: n % 2 == 0 ? ["even", "x\"y"] : []).uuid, a.now))
        }
        a.now = Timestamp(seconds: 1_772_500_000)
        try a.sync()
        let machine = try a.library.syncMachine()
        let logText = try String(
            contentsOf: folder.appendingPathComponent(machine).appendingPathComponent("log-000001.jsonl"), encoding: .utf8)
        var lineClocks: [String: SyncClock] = [:]
        for text in logText.split(separator: "\n") {
            let line = try SyncLine(json: try JSONParser.parse(String(text)), machine: machine)
            if case .citation(let uuid, _) = line.change { lineClocks[uuid] = line.clock }
        }
        for (uuid, at) in made {
            // Its time stays, and its clock is its time.
            let updated = try a.library.db.scalar("SELECT updated_at FROM citations WHERE uuid = ?", .text(uuid))
            #expect(updated == at.seconds)
            let clock = try #require(lineClocks[uuid])
            #expect(clock.milliseconds == at.seconds * 1000)
            // Every field's register holds the clock of its line, written as `SyncRegisters` writes it.
            let text = try #require(
                try a.library.db.query("SELECT clocks FROM sync_registers WHERE entity = ?", [.text("c:" + uuid)]) { $0.text(0) }.first)
            let registers = SyncRegisters(text: text)
            #expect(registers.text == text)
            let (fields, _) = try #require(try a.library.syncFields(uuid: uuid))
            #expect(Set(registers.fields.keys) == Set(fields.names))
            #expect(Set(registers.fields.values) == [clock])
        }
        // No card row for a citation that is no card: a row of nothing.
        #expect(try a.library.db.scalar("SELECT count(*) FROM cards") == 1)
        try b.sync()
        #expect(try a.canonical() == b.canonical())
        // An edit on b made before a's capture clock loses to nothing it should not.
        b.now = Timestamp(seconds: 1_772_500_100)
        _ = try b.library.update(
            id: try b.id(made[0].uuid),
            {
                var c = CitationChanges(); c.author = "Later"; return c
            }(), now: b.now)
        try b.sync()
        a.now = b.now
        try a.sync()
        #expect(try a.canonical() == b.canonical())
        #expect(
            try a.library.db.query("SELECT author FROM citations WHERE uuid = ?", [.text(made[0].uuid)]) { $0.optionalText(0) } == ["Later"]
        )
    }

    @Test func aLongLogIsReadOnTwoThreadsAsOneThreadReadsIt() throws {
        let machine = "0b9f5c1e-0000-4000-8000-00000000000a"
        var lines: [[UInt8]] = []
        for n in 1...2500 {
            var fields = CitationFields()
            fields.text = "Citation \(n)"
            let line = SyncLine(
                seq: Int64(n), clock: SyncClock(milliseconds: Int64(n), machine: machine),
                change: .citation(
                    uuid: "0b9f5c1e-0000-4000-8000-\(String(repeating: "0", count: 12 - String(n).count))\(n)", fields: fields))
            // A bad line in each half, and one of a newer format.
            switch n {
            case 700: lines.append(Array("{not json".utf8))
            case 1900: lines.append(Array(#"{"v":1,"s":1900,"c":"5-0","k":"c","u":"not-a-uuid","f":{}}"#.utf8))
            case 2400: lines.append(Array(#"{"v":99,"s":2400}"#.utf8))
            default: lines.append(Array(line.text.utf8.dropLast()))
            }
        }
        let both = SyncReader.parse(lines, machine: machine)
        let one = lines.map { bytes -> Result<SyncLine, SyncLineError> in
            guard let json = try? JSONParser.parse(bytes) else { return .failure(.invalid("not JSON")) }
            do throws(SyncLineError) { return .success(try SyncLine(json: json, machine: machine)) } catch { return .failure(error) }
        }
        #expect(both.count == 2500)
        #expect(both == one)
        #expect(both[699] == .failure(.invalid("not JSON")))
        #expect(both[2399] == .failure(.newerFormat(99)))
        if case .success = both[1899] { Issue.record("a line with a bad uuid was read") }
        if case .success(let line) = both[2499] { #expect(line.seq == 2500) } else { Issue.record("the last line was not read") }
    }
}
