import Foundation
import Testing

@testable import CiteFeedModel
@testable import CiteFeedSupport

/// What another machine's files may put into this one: an attacker who can write the
/// sync folder writes a machine of their own. Nothing of it reaches a feed, the page or a bar
/// unless `add` would have taken it. Every test here failed before its fix.
@Suite struct SyncPeerInputTests {
    typealias T = SyncFolderTests

    /// A machine directory of the attacker's in `folder`, holding `lines` as its first log.
    static func forge(_ folder: URL, lines: [String], machine: String = "0badc0de-0000-4000-8000-000000000001", name: String = "evil")
        throws
    {
        let dir = folder.appendingPathComponent(machine)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let info = JSONWriter.pretty(
            .object([
                ("format", .int(1)), ("machine", .string(machine)), ("name", .string(name)), ("written", .string("2026-03-01T08:30:00Z")),
            ]))
        try info.write(to: dir.appendingPathComponent("machine.json"), atomically: true, encoding: .utf8)
        try (lines.joined(separator: "\n") + "\n").write(
            to: dir.appendingPathComponent("log-000001.jsonl"), atomically: true, encoding: .utf8)
    }

    /// Two machines; the first added "Alpha" (tag red), rotated and synced: the second, the
    /// folder, and Alpha's uuid for the lines to forge.
    static func pickedAndSynced() throws -> (b: Sandbox, folder: URL, uuid: String) {
        let (a, b, folder) = try T.pair()
        _ = try a.add("Alpha", "--tag", "red")
        #expect(try a.run("rotate").status == 0)
        _ = try T.sync(a, folder)
        return (b, folder, try uuid(a))
    }

    /// The uuid of the one citation `box` has.
    static func uuid(_ box: Sandbox) throws -> String {
        let list = try JSONParser.parse(try box.run("list", "--json").stdout)
        return try #require(list.arrayValue?.first?["uuid"]?.stringValue)
    }

    /// A pick line for `uuid` in the slot of 09:00–10:00 (Berlin) of 2026-03-01, clocked after
    /// everything the honest machine wrote, showing `shown`.
    /// `hoursBefore`: the slot that many hours earlier, which the history, the feeds and the
    /// page keep as it was shown.
    static func pickLine(seq: Int, uuid: String, shown: String, hoursBefore: Int64 = 0) -> String {
        let from = 1_772_352_000 - 3600 * hoursBefore
        return
            #"{"v":1,"s":\#(seq),"c":"1772357400000-0","k":"p","r":"","from":\#(from),"to":\#(from + 3600),"u":"\#(uuid)","why":"next","at":\#(from + 60),"cycle":0,"shown":\#(shown)}"#
    }

    static let hostileColor = #"red\"><script>alert(1)</script><img src=\"http://127.0.0.1:9/b"#

    /// Every status format and the published files of `box`, as bytes read back.
    static func outputs(_ box: Sandbox) throws -> [String: Data] {
        var all: [String: Data] = [:]
        for format in ["plain", "waybar", "i3blocks", "polybar", "json", "tmux", "argos"] {
            let result = try box.run("status", "--format", format)
            #expect(result.status == 0, "\(result)")
            all["status --format \(format)"] = result.stdoutBytes
        }
        let feeds = box.home.appendingPathComponent("Feeds")
        for file in try FileManager.default.contentsOfDirectory(atPath: feeds.path) {
            all[file] = try Data(contentsOf: feeds.appendingPathComponent(file))
        }
        return all
    }

    @Test func aPeersPickLineNeverWritesMarkupOrControlsIntoTheOutputs() throws {
        let (b, folder, uuid) = try Self.pickedAndSynced()
        let shown = { (text: String, tag: String, color: String) in
            #"{"id":1,"uuid":"\#(uuid)","text":"\#(text)","back":null,"author":"Mallory","source":null,"tags":[{"name":"\#(tag)","color":"\#(color)"}],"favourite":false}"#
        }
        try Self.forge(
            folder,
            lines: [
                Self.pickLine(seq: 1, uuid: uuid, shown: shown("Pwned", "red", Self.hostileColor), hoursBefore: 3),
                Self.pickLine(seq: 2, uuid: uuid, shown: shown(#"Bell\u0007 esc\u001b[31m nul\u0000"#, "red", "red"), hoursBefore: 2),
                Self.pickLine(seq: 3, uuid: uuid, shown: shown("Styled", "#[fg=red]x", "#[fg=red]"), hoursBefore: 1),
            ])
        let synced = try b.run("sync", folder.path)
        #expect(synced.status == 0, "\(synced)")
        // Each line named, with why it was passed over.
        for line in 1...3 {
            #expect(
                synced.stderr.contains("machine evil (0badc0de-0000-4000-8000-000000000001), log-000001.jsonl line \(line)"), "\(synced)")
        }
        #expect(synced.stderr.contains("Invalid colour"), "\(synced.stderr)")
        #expect(synced.stderr.contains("control character U+0007 (BEL)"), "\(synced.stderr)")
        _ = try b.run("rotate")
        for (name, bytes) in try Self.outputs(b) {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.contains("<script") && !text.contains("127.0.0.1"), "\(name): \(text)")
            #expect(!text.contains("Pwned") && !text.contains("Bell") && !text.contains("Styled"), "\(name): \(text)")
            #expect(!text.contains("#[fg=red]"), "\(name): \(text)")
            #expect(!bytes.contains(0x1B) && !bytes.contains(0x07) && !bytes.contains(0), "\(name)")
            #expect(!text.contains("\\u001b") && !text.contains("\\u0007"), "\(name): \(text)")
        }
        // The honest pick is what every output shows.
        #expect(try b.run("status").stdout == "“Alpha”\n")
    }

    /// A well-formed snapshot is kept in the history, written again from its checked values (a
    /// colour in any case, a tag named twice, members add never writes).
    @Test func aPeersHonestSnapshotIsNormalised() throws {
        let (b, folder, uuid) = try Self.pickedAndSynced()
        let shown =
            ##"{"id":7,"uuid":"\##(uuid)","text":"  Alpha as shown  ","back":null,"author":"Ann","source":null,"tags":[{"name":"Red","color":" RED "},{"name":"red","color":"#00ff00"}],"favourite":true,"evil":"<b>"}"##
        // The slot before the one shown now: history, the feeds and the page keep what it showed.
        try Self.forge(folder, lines: [Self.pickLine(seq: 1, uuid: uuid, shown: shown, hoursBefore: 1)])
        let synced = try b.run("sync", folder.path)
        #expect(synced.status == 0 && synced.stderr.isEmpty, "\(synced)")
        let history = try JSONParser.parse(try b.run("history", "--json").stdout)
        let citation = try #require(history.arrayValue?.first { $0["slotStart"]?.stringValue == "2026-03-01T07:00:00Z" }?["citation"])
        #expect(citation["text"]?.stringValue == "Alpha as shown")
        #expect(citation["evil"] == nil)
        #expect(citation["id"] == .int(1))
        #expect(citation["tags"]?.arrayValue?.count == 1)
        #expect(citation["tags"]?.arrayValue?.first?["color"]?.stringValue == "red")
        #expect(try b.run("rotate").status == 0)
        let page = try String(contentsOf: b.home.appendingPathComponent("Feeds/index.html"), encoding: .utf8)
        #expect(page.contains("Alpha as shown") && page.contains(#"style="background: #FF3B30">Red</span>"#), "\(page)")
    }

    /// A citation line of "Zalgo" and 1,000,000 combining marks (2 MB) went in under the
    /// 20,000-character limit, counted in characters; it is refused by its bytes, named.
    @Test func aPeersCitationOfCombiningMarksIsRefusedByItsBytes() throws {
        let (a, b, folder) = try T.pair()
        _ = try a.add("Alpha")
        _ = try T.sync(a, folder)
        // 2 MB in one line (a line of more than 4 MiB is passed over before it is read).
        let zalgo = "Zalgo" + String(repeating: "\u{0301}", count: 1_000_000)
        let marks = "Zalgo" + String(repeating: "\u{0301}", count: 31)
        let line = { (seq: Int, uuid: String, text: String) in
            JSONWriter.compact(
                .object([
                    ("v", .int(1)), ("s", .int(Int64(seq))), ("c", .string("1772357400000-\(seq)")), ("k", .string("c")),
                    ("u", .string(uuid)),
                    ("f", .object([("text", .string(text)), ("created", .int(1_772_353_800))])),
                ]))
        }
        try Self.forge(
            folder,
            lines: [
                line(1, "00000000-0000-4000-8000-00000000000a", zalgo), line(2, "00000000-0000-4000-8000-00000000000b", marks),
                line(3, "00000000-0000-4000-8000-00000000000c", "Fine"),
            ])
        let synced = try b.run("sync", folder.path)
        #expect(synced.status == 0, "\(synced)")
        #expect(
            synced.stderr.contains("line 1: add would refuse it: The text is 2000005 bytes long in UTF-8; at most 80000 are allowed"),
            "\(synced.stderr)")
        #expect(
            synced.stderr.contains(
                "line 2: add would refuse it: The text has a character with 31 combining marks at position 5; at most 30 are allowed"),
            "\(synced.stderr)")
        #expect(try SyncHazardTests.texts(b) == ["Alpha", "Fine"])
    }

    /// With this machine's directory in the folder replaced by a link, sync wrote its log and
    /// machine.json through it, outside the folder. It refuses, says why, and writes nothing.
    @Test func thisMachinesDirectoryAsALinkIsRefused() throws {
        let (a, _, folder) = try T.pair()
        _ = try a.add("one")
        _ = try T.sync(a, folder)
        let machine = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        let own = folder.appendingPathComponent(machine)
        let elsewhere = a.home.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: own)
        try FileManager.default.createSymbolicLink(at: own, withDestinationURL: elsewhere)
        _ = try a.add("two")
        let refused = try a.run("sync")
        #expect(refused.status == 74, "\(refused)")
        #expect(
            refused.stderr
                == "citefeed: error: Cannot sync with \(folder.path): this machine's directory \(own.path) is a link, and citefeed writes only into a directory of its own; remove the link (sync makes the directory again). This machine's changes wait for the next sync.\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        // A file in its place, likewise; removed, the next sync writes what waited.
        try FileManager.default.removeItem(at: own)
        try "not a directory".write(to: own, atomically: true, encoding: .utf8)
        let file = try a.run("sync")
        #expect(file.status == 74 && file.stderr.contains("is not a directory; remove it"), "\(file)")
        try FileManager.default.removeItem(at: own)
        let again = try T.sync(a)
        #expect(again.stdout.contains("1 change written"), "\(again)")
        let log = try String(contentsOf: own.appendingPathComponent("log-000001.jsonl"), encoding: .utf8)
        #expect(log.contains("\"text\":\"two\""), "\(log)")
    }

    /// A peer's name with a line feed forged a line of `sync status`; such a name is not shown.
    @Test func aPeersNameIsOneLineOfPrintableText() throws {
        let (a, b, folder) = try T.pair()
        _ = try a.add("one")
        _ = try T.sync(a, folder)
        let uuid = try Self.uuid(a)
        let pick = Self.pickLine(seq: 1, uuid: uuid, shown: #"{"id":1,"uuid":"\#(uuid)","text":"one","tags":[],"favourite":false}"#)
        try Self.forge(folder, lines: [pick], name: "evil\nlaptop: its changes up to 99 applied")
        try Self.forge(folder, lines: [pick], machine: "0badc0de-0000-4000-8000-000000000002", name: "bidi \u{202E}lanimret")
        try Self.forge(folder, lines: [pick], machine: "0badc0de-0000-4000-8000-000000000003", name: "desk")
        _ = try T.sync(b, folder)
        let status = try b.run("sync", "status")
        #expect(status.status == 0, "\(status)")
        let lines = status.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.contains("applied") }.count == 4, "\(status.stdout)")
        #expect(status.stdout.contains("\n0badc0de-0000-4000-8000-000000000001: its changes up to 1 applied"), "\(status.stdout)")
        #expect(status.stdout.contains("\n0badc0de-0000-4000-8000-000000000002: its changes up to 1 applied"), "\(status.stdout)")
        #expect(status.stdout.contains("\ndesk (0badc0de-0000-4000-8000-000000000003): its changes up to 1 applied"), "\(status.stdout)")
        #expect(!status.stdout.contains("evil") && !status.stdout.contains("\u{202E}"))
    }

    /// A peer's 1.1 MB `search` made every later sync fail with "settings.json is larger than
    /// 1 MiB… remove it". Each synced setting has its limit: the line is skipped, named, and the
    /// settings stay as they were; sync goes on working.
    @Test func aPeersOversizedSettingIsSkippedAndSyncGoesOn() throws {
        let (a, b, folder) = try T.pair()
        _ = try a.add("one")
        _ = try T.sync(a, folder)
        #expect(try b.run("defaults", "write", "interval", "15m").status == 0)
        let settings = b.readSettings()
        let huge = String(repeating: "word ", count: 220_000)
        let line = JSONWriter.compact(
            .object([
                ("v", .int(1)), ("s", .int(1)), ("c", .string("1772357400000-0")), ("k", .string("s")), ("key", .string("search")),
                ("r", .string("")), ("value", .string(huge)),
            ]))
        let fine = #"{"v":1,"s":2,"c":"1772357400000-1","k":"s","key":"favouriteWeight","r":"","value":3}"#
        try Self.forge(folder, lines: [line, fine])
        let synced = try b.run("sync", folder.path)
        #expect(synced.status == 0, "\(synced)")
        #expect(
            synced.stderr.contains(
                "citefeed: warning: machine evil (0badc0de-0000-4000-8000-000000000001), log-000001.jsonl line 1: the value of search is not one it takes: use at most 4096 bytes (this value has 1100002); skipped"
            ), "\(synced.stderr)")
        #expect(try b.run("defaults", "read", "favouriteWeight").stdout == "3\n")
        #expect(b.readSettings()?.contains("word") == false && b.readSettings() != settings)
        let again = try b.run("sync")
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again)")
        // The same limit for defaults write, so that no machine writes what the others skip.
        let long = try b.run("defaults", "write", "search", String(repeating: "word ", count: 1_000))
        #expect(long.status == 64 && long.stderr.contains("use at most 4096 bytes (this value has 5002)"), "\(long)")
    }

    /// A log of bad lines is named line by line only for its first 20: the rest are counted
    /// (a million bad lines were a million warnings, all held).
    @Test func manyBadLinesAreCountedNotListed() throws {
        let (a, _, folder) = try T.pair()
        _ = try a.add("one")
        _ = try T.sync(a, folder)
        try Self.forge(folder, lines: Array(repeating: "x", count: 50))
        let synced = try a.run("sync")
        #expect(synced.status == 0, "\(synced)")
        let warnings = synced.stderr.split(separator: "\n")
        #expect(warnings.count == 21, "\(synced.stderr)")
        #expect(warnings.last == "citefeed: warning: machine evil (0badc0de-0000-4000-8000-000000000001): 30 more lines skipped")
    }
}
