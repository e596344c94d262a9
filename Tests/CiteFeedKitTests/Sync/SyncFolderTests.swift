import Foundation
import Testing

@testable import CiteFeedModel
@testable import CiteFeedSupport

/// `citefeed sync` through a plain shared folder: two homes converge.
@Suite struct SyncFolderTests {
    /// Two libraries and the folder between them.
    static func pair() throws -> (Sandbox, Sandbox, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cf-sync-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (try Sandbox(), try Sandbox(), folder)
    }

    /// The library by uuid, without what is per machine (ids, the export's time): what must be
    /// equal everywhere once synced.
    static func canonical(_ box: Sandbox) throws -> String {
        let export = try box.run("export", "--format", "json")
        #expect(export.status == 0, "\(export)")
        let json = try JSONParser.parse(export.stdout)
        let citations = (json["citations"]?.arrayValue ?? []).map { c -> (String, JSONValue) in
            guard case .object(let members) = c else { return ("", c) }
            return (c["uuid"]?.stringValue ?? "", .object(members.filter { $0.0 != "id" }))
        }.sorted { $0.0 < $1.0 }.map(\.1)
        return JSONWriter.pretty(.object([("tags", json["tags"] ?? .null), ("citations", .array(citations))]))
    }

    /// The first log of the one machine that wrote to `folder`.
    static func firstLog(_ folder: URL) throws -> URL {
        let machine = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        return folder.appendingPathComponent(machine).appendingPathComponent("log-000001.jsonl")
    }

    static func sync(_ box: Sandbox, _ folder: URL? = nil) throws -> RunResult {
        let result = try folder.map { try box.run("sync", $0.path) } ?? box.run("sync")
        #expect(result.status == 0, "\(result)")
        return result
    }

    @Test func twoMachinesConvergeAndEditsOfDifferentFieldsBothSurvive() throws {
        let (a, b, folder) = try Self.pair()
        _ = try a.add("Alpha quote", "--author", "Ann", "--tag", "red")
        _ = try Self.sync(a, folder)
        _ = try b.add("Beta quote", "--tag", "Blue")
        _ = try Self.sync(b, folder)
        _ = try Self.sync(a)
        #expect(try Self.canonical(a) == Self.canonical(b))
        #expect(try a.run("list").stdout.contains("Beta quote"))
        // Concurrent edits of two fields of one citation: both stay.
        let alphaOnB = try #require(
            try b.run("list", "--search", "Alpha").stdout.split(separator: "\n").dropFirst().first?.split(separator: " ").first)
        #expect(try a.run("edit", "1", "--author", "Annie").status == 0)
        #expect(try b.run("edit", String(alphaOnB), "--source", "The Book").status == 0)
        _ = try Self.sync(a)
        _ = try Self.sync(b)
        _ = try Self.sync(a)
        #expect(try Self.canonical(a) == Self.canonical(b))
        let shown = try a.run("show", "1").stdout
        #expect(shown.contains("Annie") && shown.contains("The Book"), "\(shown)")
        // Syncing again changes nothing.
        let again = try Self.sync(a)
        #expect(again.stdout.contains("0 changes written, 0 applied"), "\(again.stdout)")
        // One change is one change.
        #expect(try a.run("fav", "1").status == 0)
        #expect(try Self.sync(a).stdout.contains(": 1 change written, 0 applied."))
    }

    @Test func theLaterEditOfOneFieldWinsAndADeleteWinsOverAnEdit() throws {
        let (a, b, folder) = try Self.pair()
        _ = try a.add("Shared quote", "--author", "First")
        _ = try a.add("Doomed quote")
        _ = try Self.sync(a, folder)
        _ = try Self.sync(b, folder)
        // b edits later than a (its clock is an hour ahead of a's edit).
        #expect(try a.run("edit", "1", "--author", "Earlier").status == 0)
        b.now = "2026-03-01T10:30:00+01:00"
        let shared = try b.run("list", "--search", "Shared").stdout.split(separator: "\n").dropFirst().first!.split(separator: " ").first!
        #expect(try b.run("edit", String(shared), "--author", "Later").status == 0)
        // a deletes what b edits.
        #expect(try a.run("delete", "2", "--force").status == 0)
        let doomed = try b.run("list", "--search", "Doomed").stdout.split(separator: "\n").dropFirst().first!.split(separator: " ").first!
        #expect(try b.run("edit", String(doomed), "--author", "Saved?").status == 0)
        _ = try Self.sync(b)
        _ = try Self.sync(a)
        _ = try Self.sync(b)
        #expect(try Self.canonical(a) == Self.canonical(b))
        #expect(try a.run("show", "1").stdout.contains("Later"))
        #expect(!(try b.run("list").stdout.contains("Doomed")))
    }

    @Test func withNoFolderSyncDoesNothingQuietly() throws {
        let box = try Sandbox()
        let result = try box.run("sync")
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
        #expect(try box.run("sync", "status").stdout.contains("Sync is off"))
    }

    /// A folder that is not there (a mistyped `sync stauts`) or a file: refused, nothing made,
    /// the setting as it was.
    @Test func aFolderThatIsNotThereIsRefusedAndNothingChanges() throws {
        let (a, _, folder) = try Self.pair()
        let missing = folder.appendingPathComponent("stauts")
        let file = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        for target in [missing, file] {
            let result = try a.run("sync", target.path)
            #expect(result.status == 66, "\(result)")
            let words =
                target == file
                ? "\(target.path) is not a folder: give the folder your sync engine shares (Syncthing, Nextcloud, a git repository)."
                : "No folder \(target.path): give the folder your sync engine shares (Syncthing, Nextcloud, a git repository), made first."
            #expect(result.stderr == "citefeed: error: \(words)\n")
        }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
        #expect(try a.run("defaults", "read", "syncFolder").stdout == "null\n")
        // A folder set, then gone: the same.
        _ = try Self.sync(a, folder)
        try FileManager.default.removeItem(at: folder)
        let gone = try a.run("sync")
        #expect(gone.status == 66 && gone.stderr.contains("No folder \(folder.path)"), "\(gone)")
    }

    /// A machine is named by syncName, or else by its host name, here and on the others.
    @Test func aMachineIsNamedBySyncNameOrItsHostName() throws {
        let (a, b, folder) = try Self.pair()
        #expect(try a.run("defaults", "write", "syncName", "  laptop ").status == 0)
        _ = try a.add("Named")
        _ = try Self.sync(a, folder)
        _ = try Self.sync(b, folder)
        let id = try #require(try JSONParser.parse(try a.run("sync", "status", "--json").stdout)["machine"]?.stringValue)
        #expect(try JSONParser.parse(try a.run("sync", "status", "--json").stdout)["name"]?.stringValue == "laptop")
        #expect(try a.run("sync", "status").stdout.contains("This machine: laptop (\(id)), 0 changes not yet written"))
        let other = try b.run("sync", "status").stdout
        #expect(other.contains("laptop (\(id)): its changes up to "), "\(other)")
        #expect(other.contains(", the last made 20"), "\(other)")
        let host = try #require(try JSONParser.parse(try b.run("sync", "status", "--json").stdout)["name"]?.stringValue)
        #expect(host == Posix.hostName() && !host.isEmpty)
        // A name of two lines, or of 101 characters, is refused; the setting stays.
        for bad in ["two\nlines", String(repeating: "n", count: 101)] {
            let result = try a.run("defaults", "write", "syncName", bad)
            #expect(result.status != 0 && result.stderr.contains("syncName"), "\(result)")
        }
        #expect(try a.run("defaults", "read", "syncName").stdout == "laptop\n")
    }

    @Test func theJSONReportIsOneDocument() throws {
        let (a, _, folder) = try Self.pair()
        let result = try a.run("sync", folder.path, "--json")
        #expect(result.stdout.hasSuffix("}\n") && !result.stdout.hasSuffix("\n\n"), "\(result.stdout)")
        let status = try a.run("sync", "status", "--json").stdout
        #expect(status.hasSuffix("}\n") && !status.hasSuffix("\n\n"))
        #expect(try JSONParser.parse(result.stdout)["written"] != nil)
    }

    @Test func aCutLastLineWaitsAndABadLineIsSkippedWithAWarning() throws {
        let (a, b, folder) = try Self.pair()
        _ = try a.add("One")
        _ = try Self.sync(a, folder)
        let log = try Self.firstLog(folder)
        let bad = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").count + 1
        let handle = try FileHandle(forWritingTo: log)
        handle.seekToEndOfFile()
        handle.write(Data("{\"v\":1,\"s\":90,\"c\":\"1-0\",\"k\":\"c\",\"u\":\"bad\",\"f\":{\"text\":\"\"}}\n".utf8))
        handle.write(
            Data(
                "{\"v\":1,\"s\":91,\"c\":\"1772354000000-0\",\"k\":\"c\",\"u\":\"0b9f5c1e-0000-4000-8000-000000000001\",\"f\":{\"text\":\"Cut"
                    .utf8))
        try handle.close()
        let first = try Self.sync(b, folder)
        #expect(first.stderr.contains("log-000001.jsonl line \(bad)") && first.stderr.contains("skipped"), "\(first.stderr)")
        #expect(!(try b.run("list").stdout.contains("Cut")))
        // The rest of the line arrives.
        let rest = try FileHandle(forWritingTo: log)
        rest.seekToEndOfFile()
        rest.write(Data(" line\",\"created\":1772354000}}\n".utf8))
        try rest.close()
        let second = try Self.sync(b)
        #expect(second.stderr.isEmpty, "\(second.stderr)")
        #expect(try b.run("list").stdout.contains("Cut line"))
    }

    @Test func aLogOfANewerFormatIsRefusedForItsMachine() throws {
        let (a, b, folder) = try Self.pair()
        _ = try a.add("One")
        _ = try Self.sync(a, folder)
        let log = try Self.firstLog(folder)
        let text = try String(contentsOf: log, encoding: .utf8)
        try (("{\"v\":2,\"s\":1,\"c\":\"1-0\",\"k\":\"z\"}\n") + text).write(to: log, atomically: true, encoding: .utf8)
        let result = try Self.sync(b, folder)
        #expect(result.stderr.contains("newer than this citefeed reads"), "\(result.stderr)")
        #expect(try b.run("sync", "status").stdout.contains("problem: its log is of format 2"))
    }

    static let kindleFile = realImports.appendingPathComponent("kindle-en-us-eugeneware.txt")

    @Test(.needsShared(kindleFile)) func theSameKindleFileImportedOnTwoMachinesMergesInsteadOfDoubling() throws {
        let (a, b, folder) = try Self.pair()
        #expect(try a.run("import", Self.kindleFile.path).status == 0)
        #expect(try b.run("import", Self.kindleFile.path).status == 0)
        let once = try a.run("list", "--json").stdout
        let count = try JSONParser.parse(once).arrayValue?.count ?? 0
        #expect(count > 10)
        _ = try Self.sync(a, folder)
        _ = try Self.sync(b, folder)
        _ = try Self.sync(a)
        #expect(try JSONParser.parse(try b.run("list", "--json").stdout).arrayValue?.count == count)
        #expect(try Self.canonical(a) == Self.canonical(b))
        // A highlight deleted on one machine stays deleted when the file is imported again elsewhere.
        #expect(try a.run("delete", "1", "--force").status == 0)
        _ = try Self.sync(a)
        _ = try Self.sync(b)
        #expect(try b.run("import", Self.kindleFile.path).status == 0)
        _ = try Self.sync(b)
        _ = try Self.sync(a)
        #expect(try JSONParser.parse(try b.run("list", "--json").stdout).arrayValue?.count == count - 1)
        #expect(try Self.canonical(a) == Self.canonical(b))
    }
}
