import Foundation
import Testing

@testable import CiteFeedModel
@testable import CiteFeedSupport

/// `citefeed sync` off the happy path: what an attacker's afternoon found, each case
/// as it was met. Every test here failed before its fix.
@Suite struct SyncHazardTests {
    typealias T = SyncFolderTests

    /// The texts of a home's citations, sorted (ids differ between machines).
    static func texts(_ box: Sandbox) throws -> [String] {
        let list = try box.run("list", "--json")
        #expect(list.status == 0, "\(list)")
        return (try JSONParser.parse(list.stdout).arrayValue ?? []).compactMap { $0["text"]?.stringValue }.sorted()
    }

    /// A library restored from a backup numbered its next change as the one its original had
    /// written since: the folder dropped it as read already (and "1 change written" said
    /// otherwise). It takes a new machine id, and the changes made since the backup come back.
    @Test func aLibraryRestoredFromABackupLosesNothing() throws {
        let (a, b, folder) = try T.pair()
        _ = try a.add("one")
        _ = try T.sync(a, folder)
        let backup = a.home.deletingLastPathComponent().appendingPathComponent("backup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: backup) }
        try FileManager.default.copyItem(at: a.home, to: backup)
        a.now = "2026-03-01T10:30:00+01:00"
        _ = try a.add("two")
        _ = try T.sync(a)
        try FileManager.default.removeItem(at: a.home)
        try FileManager.default.copyItem(at: backup, to: a.home)
        a.now = "2026-03-01T11:30:00+01:00"
        _ = try a.add("after the restore")
        let restored = try T.sync(a)
        #expect(restored.stderr.contains("copied or restored from a backup"), "\(restored)")
        _ = try T.sync(b, folder)
        #expect(try Self.texts(a) == ["after the restore", "one", "two"])
        #expect(try Self.texts(b) == ["after the restore", "one", "two"])
    }

    /// A library copied to a second home (`cp -a`, as README's "Files" allows) wrote into the
    /// same directory of the folder as its original: one side's changes were lost for good.
    @Test func aCopiedLibraryBecomesAMachineOfItsOwn() throws {
        let (a, b, folder) = try T.pair()
        _ = try a.add("shared")
        _ = try T.sync(a, folder)
        let c = try Sandbox()
        try FileManager.default.removeItem(at: c.home)
        try FileManager.default.copyItem(at: a.home, to: c.home)
        _ = try a.add("made on a")
        _ = try c.add("made on the copy")
        _ = try T.sync(a)
        _ = try T.sync(c)
        _ = try T.sync(a)
        _ = try T.sync(b, folder)
        let all = ["made on a", "made on the copy", "shared"]
        #expect(try Self.texts(a) == all && Self.texts(b) == all && Self.texts(c) == all)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 3)
    }

    /// An edit made at 09:00 and synced at 11:00 together with a setting was clocked 11:00 (the
    /// setting took a clock of now first), and won over another machine's edit of 09:30.
    @Test func theLaterEditWinsWhenASettingSyncsWithIt() throws {
        let (a, b, folder) = try T.pair()
        for box in [a, b] { box.now = "2026-03-02T08:00:00Z" }
        _ = try a.add("c1")
        _ = try T.sync(a, folder)
        _ = try T.sync(b, folder)
        a.now = "2026-03-02T09:00:00Z"
        #expect(try a.run("defaults", "write", "interval", "15m").status == 0)
        #expect(try a.run("edit", "1", "--text", "by a at 09:00").status == 0)
        b.now = "2026-03-02T09:30:00Z"
        #expect(try b.run("edit", "1", "--text", "by b at 09:30").status == 0)
        b.now = "2026-03-02T10:00:00Z"
        _ = try T.sync(b)
        a.now = "2026-03-02T11:00:00Z"
        _ = try T.sync(a)
        _ = try T.sync(b)
        #expect(try Self.texts(a) == ["by b at 09:30"])
        #expect(try Self.texts(b) == ["by b at 09:30"])
    }

    /// Editing a field last written by a machine whose clock was a year ahead dragged this
    /// machine's clock there: every later change of its own carried that year and beat the
    /// other machines' later edits.
    @Test func aClockFarAheadDoesNotDragTheOthers() throws {
        let (a, b, folder) = try T.pair()
        let c = try Sandbox()
        for box in [a, b, c] { box.now = "2026-03-02T08:00:00Z" }
        _ = try a.add("c1")
        _ = try a.add("c2")
        _ = try T.sync(a, folder)
        _ = try T.sync(b, folder)
        _ = try T.sync(c, folder)
        b.now = "2027-03-02T08:00:00Z"
        #expect(try b.run("edit", "1", "--text", "b, a year ahead").status == 0)
        _ = try T.sync(b)
        a.now = "2026-03-02T09:00:00Z"
        _ = try T.sync(a)
        #expect(try a.run("edit", "1", "--text", "fixed on a").status == 0)
        _ = try T.sync(a)
        a.now = "2026-03-02T10:00:00Z"
        #expect(try a.run("edit", "2", "--text", "a at 10:00").status == 0)
        _ = try T.sync(a)
        // c edits c2 before it has seen a's edit: the later edit (c's, at 11:00) wins.
        c.now = "2026-03-02T11:00:00Z"
        let id = try #require(
            try c.run("list", "--search", "c2").stdout.split(separator: "\n").dropFirst().first?.split(separator: " ").first)
        #expect(try c.run("edit", String(id), "--text", "c at 11:00").status == 0)
        _ = try T.sync(c)
        a.now = "2026-03-02T11:05:00Z"
        _ = try T.sync(a)
        #expect(try Self.texts(a) == ["c at 11:00", "fixed on a"])
    }

    /// A FIFO, a directory or a link where another machine's log should be stopped the whole
    /// sync (exit 74, every time); now that machine waits, named in a warning and in `status`,
    /// and the others are applied. A link is never followed (it could name any file here).
    @Test func anUnreadableFileHoldsBackOnlyItsMachine() throws {
        let (a, b, folder) = try T.pair()
        _ = try a.add("from a")
        _ = try T.sync(a, folder)
        for (n, make) in [(1, "fifo"), (2, "link"), (3, "directory")] {
            let other = "9999999\(n)-9999-4999-8999-999999999999"
            let dir = folder.appendingPathComponent(other)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try #"{"format":1,"machine":"\#(other)","name":"odd \#(n)","written":"2026-03-02T08:00:00Z"}"#.write(
                to: dir.appendingPathComponent("machine.json"), atomically: true, encoding: .utf8)
            let log = dir.appendingPathComponent("log-000001.jsonl").path
            switch make {
            case "fifo": #expect(mkfifo(log, 0o644) == 0)
            case "link": try FileManager.default.createSymbolicLink(atPath: log, withDestinationPath: "/etc/passwd")
            default: try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: false)
            }
        }
        let result = try b.run("sync", folder.path)
        #expect(result.status == 0, "\(result)")
        #expect(try Self.texts(b) == ["from a"])
        for n in 1...3 { #expect(result.stderr.contains("machine odd \(n) (9999999\(n)-"), "\(result.stderr)") }
        #expect(result.stderr.contains("not a regular file (a link)"), "\(result.stderr)")
        #expect(!result.stderr.contains("root:"))
        #expect(
            try b.run("sync", "status").stdout.contains(
                "odd 1 (99999991-9999-4999-8999-999999999999): its changes up to 0 applied; problem:"))
    }

    /// `sync ''` (an unset variable in a script) synced into the current directory and
    /// remembered it; the library's own directory and the output directory (which
    /// `publishCommand` copies to a server) were taken too. Each is refused, and nothing changes.
    @Test func foldersThatMustNotBeUsedAreRefusedAndNothingChanges() throws {
        let (a, _, folder) = try T.pair()
        _ = try a.add("one")
        let feeds = a.home.appendingPathComponent("Feeds")
        try FileManager.default.createDirectory(at: feeds.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for (dir, status, words) in [
            ("", Int32(64), "not empty"), (a.home.path, 64, "it is the library's directory"),
            (feeds.appendingPathComponent("sub").path, 64, "in the output directory"), ("/", 64, "holds the library's directory"),
            (a.home.appendingPathComponent("library.sqlite").path, 66, "is not a folder"),
        ] {
            let result = try a.run("sync", dir)
            #expect(result.status == status && result.stderr.contains(words), "\(dir): \(result)")
        }
        // An output directory of its own, elsewhere.
        let output = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        #expect(try a.run("defaults", "write", "outputDirectory", output.path).status == 0)
        let published = try a.run("sync", output.path)
        #expect(published.status == 64 && published.stderr.contains("in the output directory"), "\(published)")
        // A named rotation's output directory of its own, the same.
        let named = folder.appendingPathComponent("work-feeds")
        try FileManager.default.createDirectory(at: named, withIntermediateDirectories: true)
        #expect(try a.run("rotation", "add", "work").status == 0)
        #expect(try a.run("defaults", "write", "outputDirectory", named.path, "--rotation", "work").status == 0)
        let namedResult = try a.run("sync", named.path)
        #expect(namedResult.status == 64 && namedResult.stderr.contains("in the output directory"), "\(namedResult)")
        #expect(try a.run("defaults", "read", "syncFolder").stdout == "null\n")
        #expect(!FileManager.default.fileExists(atPath: a.home.appendingPathComponent("library.sqlite.sync-outbox").path))
    }

    /// `sync status` on a home with no library made one (and the starter set came with the
    /// next command); it says sync is off and makes nothing.
    @Test func syncStatusMakesNoLibrary() throws {
        let box = try Sandbox()
        let result = try box.run("sync", "status")
        #expect(result.status == 0 && result.stdout.contains("Sync is off"), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.home.path).isEmpty)
    }

    /// A sync that fails (a folder it cannot write) left `syncFolder` set to that folder; it
    /// is written only once a sync with the folder succeeded. (A file where this machine's
    /// directory goes fails for root too, which a folder's mode does not.)
    @Test func aFailedSyncRemembersNoFolder() throws {
        let (a, _, folder) = try T.pair()
        _ = try a.add("one")
        _ = try T.sync(a, folder)
        let machine = try #require(try JSONParser.parse(a.run("sync", "status", "--json").stdout)["machine"]?.stringValue)
        let other = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("not a directory".utf8).write(to: other.appendingPathComponent(machine))
        _ = try a.add("two")
        let settings = a.home.appendingPathComponent("settings.json")
        let before = try Data(contentsOf: settings)
        let result = try a.run("sync", other.path)
        #expect(result.status == 74, "\(result)")
        #expect(try Data(contentsOf: settings) == before)
        #expect(try a.run("defaults", "read", "syncFolder").stdout == folder.path + "\n")
    }

    /// Two machines that each showed the starter set before they first synced had it twice (40
    /// citations); its citations have the same uuid everywhere, and an edit made of one on a
    /// machine is not undone by another machine's starter set made later.
    @Test func theStarterSetIsOneSetOnEveryMachine() throws {
        let (a, b, folder) = try T.pair()
        #expect(try a.run("list").status == 0)
        #expect(try a.run("edit", "3", "--text", "An edited starter citation").status == 0)
        _ = try T.sync(a, folder)
        b.now = "2026-06-01T09:30:00+01:00"
        #expect(try b.run("list").status == 0)
        _ = try T.sync(b, folder)
        _ = try T.sync(a)
        let texts = try Self.texts(a)
        #expect(texts.count == 20 && texts.contains("An edited starter citation"))
        #expect(try Self.texts(b) == texts)
    }

    /// A line whose field `add` refuses is skipped with `add`'s own words (it printed Swift's
    /// `controlCharacter(field: "author", scalar: 0, position: 2)`).
    @Test func aRefusedFieldIsNamedInAddsWords() throws {
        let (a, b, folder) = try T.pair()
        _ = try a.add("one")
        _ = try T.sync(a, folder)
        let log = try T.firstLog(folder)
        let bad =
            #"{"v":1,"s":900,"c":"1772441000000-0","k":"c","u":"0c5d0f8e-1111-4aaa-8bbb-123456789abc","f":{"text":"x","author":"a\u0000b"}}"#
        let handle = try FileHandle(forWritingTo: log)
        handle.seekToEndOfFile()
        handle.write(Data((bad + "\n").utf8))
        try handle.close()
        let result = try T.sync(b, folder)
        #expect(result.stderr.contains("add would refuse it: The author contains the control character"), "\(result.stderr)")
        #expect(!result.stderr.contains("controlCharacter("))
    }

    /// Syncing with a new folder (or one emptied) left this machine's earlier changes out of it
    /// without a word: a machine joining from it silently lacked them. The sync says which, and
    /// a new machine started from a copy of the library has everything (the copy takes an id
    /// of its own).
    @Test func aNewFolderSaysWhatItLacksAndACopyStartsANewMachine() throws {
        let (a, _, first) = try T.pair()
        _ = try a.add("one")
        _ = try T.sync(a, first)
        _ = try a.add("two")
        let second = first.appendingPathComponent("moved")
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        let moved = try T.sync(a, second)
        #expect(moved.stderr.contains("this machine's changes 1-"), "\(moved)")
        #expect(moved.stderr.contains("are not in \(second.path)"), "\(moved)")
        let c = try Sandbox()
        try FileManager.default.removeItem(at: c.home)
        try FileManager.default.copyItem(at: a.home, to: c.home)
        let copied = try T.sync(c)
        #expect(copied.stderr.contains("copied or restored"), "\(copied)")
        _ = try c.add("three")
        _ = try T.sync(c)
        _ = try T.sync(a)
        #expect(try Self.texts(a) == ["one", "three", "two"])
        #expect(try Self.texts(c) == ["one", "three", "two"])
    }
}
