import Foundation
import Testing

@testable import CiteFeedModel
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// Deletions through sync, and what went wrong with them: a peer's deletion lines took every citation and the
/// summary said "3 applied"; a re-imported highlight was deleted again at the next sync without
/// a word; an edit of a citation another machine deleted was dropped silently.
@Suite struct SyncDeletionTests {
    typealias T = SyncFolderTests

    /// The uuids of `box`'s citations.
    static func uuids(_ box: Sandbox) throws -> [String] {
        (try JSONParser.parse(try box.run("list", "--json", "--limit", "1000").stdout).arrayValue ?? []).compactMap {
            $0["uuid"]?.stringValue
        }
    }

    static func deletions(_ uuids: [String]) -> [String] {
        uuids.enumerated().map { #"{"v":1,"s":\#($0.offset + 1),"c":"1772353900000-\#($0.offset)","k":"d","u":"\#($0.element)"}"# }
    }

    @Test func deletionsAreCountedAndStayRecoverableFor30Days() throws {
        let (a, b, folder) = try T.pair()
        for text in ["one", "two", "three"] { _ = try a.add(text, "--author", "Ann", "--tag", "kept") }
        _ = try T.sync(a, folder)
        try SyncPeerInputTests.forge(folder, lines: Self.deletions(try Self.uuids(a)))
        let synced = try T.sync(a)
        #expect(
            synced.stdout.hasSuffix(
                ": 0 changes written, 3 applied (3 citations deleted by other machines: 'citefeed restore --deleted' lists them for 30 days).\n"
            ),
            "\(synced)")
        #expect(try SyncHazardTests.texts(a).isEmpty)
        let listed = try a.run("restore", "--deleted")
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("   3  ") && listed.stdout.contains("three — Ann"), "\(listed)")
        let json = try JSONParser.parse(try a.run("restore", "--deleted", "--json").stdout)
        let trashed = try #require(json.arrayValue)
        #expect(Set(trashed.map { $0["citation"]?["text"]?.stringValue ?? "" }) == ["one", "two", "three"])
        #expect(trashed.map { $0["number"] } == [.int(3), .int(2), .int(1)])
        #expect(trashed.first?["machine"]?.stringValue == "0badc0de-0000-4000-8000-000000000001")
        let one = try #require(trashed.first { $0["citation"]?["text"]?.stringValue == "one" }?["number"])
        guard case .int(let number) = one else { return }
        // Brought back as a new citation, which every machine receives.
        let back = try a.run("restore", "--deleted", String(number))
        #expect(back.status == 0 && back.stdout == "Brought back deleted citation \(number) as citation 4: \"one\".\n", "\(back)")
        #expect(try a.run("show", "4", "--json").stdout.contains(#""name": "kept""#))
        let missing = try a.run("restore", "--deleted", String(number))
        #expect(missing.status == 66 && missing.stderr.contains("No deleted citation numbered \(number)"), "\(missing)")
        _ = try T.sync(a)
        _ = try T.sync(b, folder)
        #expect(try SyncHazardTests.texts(b) == ["one"])
        #expect(try T.canonical(a) == T.canonical(b))
        // After 30 days, the trash is emptied by the next sync (and shows nothing before).
        a.now = "2026-04-01T10:30:00+02:00"
        #expect(try a.library().db.scalar("SELECT count(*) FROM sync_trash") == 2)
        _ = try T.sync(a)
        #expect(try a.library().db.scalar("SELECT count(*) FROM sync_trash") == 0)
        #expect(try a.run("restore", "--deleted").stdout == "No citation was deleted by another machine in the last 30 days.\n")
    }

    @Test func aSyncThatWouldDeleteMostOfTheLibraryAppliesNothing() throws {
        let (a, _, folder) = try T.pair()
        for n in 1...20 { _ = try a.add("citation \(n)") }
        _ = try T.sync(a, folder)
        try SyncPeerInputTests.forge(folder, lines: Self.deletions(Array(try Self.uuids(a).prefix(11))))
        let library = try a.librarySnapshot()
        let refused = try a.run("sync")
        #expect(refused.status == 65, "\(refused)")
        #expect(
            refused.stderr
                == "citefeed: error: Other machines' changes would delete 11 of this library's 20 citations (11 by evil (0badc0de-0000-4000-8000-000000000001)); nothing was applied. If that is what you did there, run 'citefeed sync --accept-deletions'; if not, look at that machine and the folder before syncing again.\n"
        )
        #expect(try a.librarySnapshot() == library)
        // Again: still refused (nothing was taken as read).
        #expect(try a.run("sync").status == 65)
        let accepted = try a.run("sync", "--accept-deletions")
        #expect(accepted.status == 0 && accepted.stdout.contains("11 citations deleted by other machines"), "\(accepted)")
        #expect(try SyncHazardTests.texts(a).count == 9)
        // Half or less goes through as any sync.
        for n in 21...30 { _ = try a.add("citation \(n)") }
        _ = try T.sync(a)
        try SyncPeerInputTests.forge(
            folder, lines: Self.deletions(Array(try Self.uuids(a).prefix(9))), machine: "0badc0de-0000-4000-8000-000000000002")
        #expect(try T.sync(a).stdout.contains("9 citations deleted by other machines"))
    }

    /// Half now and half at the next sync (or clocked a day ahead, to come by itself) went
    /// through: the deletions of the trash's 30 days count together.
    @Test func halfNowAndHalfLaterIsMostOfTheLibraryToo() throws {
        let (a, _, folder) = try T.pair()
        for n in 1...24 { _ = try a.add("citation \(n)") }
        _ = try T.sync(a, folder)
        let uuids = try Self.uuids(a)
        try SyncPeerInputTests.forge(folder, lines: Self.deletions(Array(uuids.prefix(12))))
        #expect(try T.sync(a).stdout.contains("12 citations deleted by other machines"))
        try SyncPeerInputTests.forge(
            folder, lines: Self.deletions(Array(uuids.suffix(12))), machine: "0badc0de-0000-4000-8000-000000000002", name: "evil2")
        let library = try a.librarySnapshot()
        let refused = try a.run("sync")
        #expect(refused.status == 65, "\(refused)")
        #expect(
            refused.stderr.hasPrefix(
                "citefeed: error: Other machines' changes would delete 12 more citations (12 by evil2 (0badc0de-0000-4000-8000-000000000002)): 24 of the 24 this library had would be gone in 30 days"
            ), "\(refused.stderr)")
        #expect(try a.librarySnapshot() == library)
        // Accepted once, they no longer count against the next.
        #expect(try a.run("sync", "--accept-deletions").status == 0)
        #expect(try SyncHazardTests.texts(a).isEmpty)
        for n in 1...4 { _ = try a.add("new \(n)") }
        _ = try T.sync(a)
        try SyncPeerInputTests.forge(
            folder, lines: Self.deletions(Array(try Self.uuids(a).prefix(1))), machine: "0badc0de-0000-4000-8000-000000000003")
        #expect(try T.sync(a).stdout.contains("1 citation deleted by other machines"))
    }

    @Test func anEditOfACitationAnotherMachineDeletedIsNamedWhenDropped() throws {
        let (a, b, folder) = try T.pair()
        #expect(try b.run("defaults", "write", "syncName", "desk").status == 0)
        _ = try a.add("Shared")
        _ = try T.sync(a, folder)
        _ = try T.sync(b, folder)
        b.now = "2026-03-01T09:40:00+01:00"
        #expect(try b.run("delete", "1", "--force").status == 0)
        _ = try T.sync(b)
        a.now = "2026-03-01T09:50:00+01:00"
        #expect(try a.run("edit", "1", "--text", "Edited on a").status == 0)
        let synced = try T.sync(a)
        #expect(
            synced.stderr.contains("citefeed: warning: your edit of citation 1 was dropped: machine desk ("), "\(synced)")
        #expect(synced.stderr.contains(") deleted it on 2026-03-01 09:40; 'citefeed restore --deleted' brings it back"), "\(synced)")
        #expect(try a.run("restore", "--deleted", "--json").stdout.contains("Edited on a"))
    }

    /// A Kindle highlight imported again after it was deleted printed "imported 1", and the
    /// next sync removed it again.
    @Test func aReimportedHighlightSaysItStaysDeleted() throws {
        let (a, _, folder) = try T.pair()
        let clippings = a.home.appendingPathComponent("My Clippings.txt")
        try """
        Meditations (Marcus Aurelius)
        - Your Highlight on page 12 | Location 180-181 | Added on Monday, March 2, 2026 9:00:00 AM

        The impediment to action advances action.
        ==========

        """.replacingOccurrences(of: "\n", with: "\r\n").write(to: clippings, atomically: true, encoding: .utf8)
        #expect(try a.run("import", clippings.path).status == 0)
        _ = try T.sync(a, folder)
        #expect(try a.run("delete", "1", "--force").status == 0)
        _ = try T.sync(a)
        let again = try a.run("import", clippings.path)
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout == "imported 0, skipped 0 duplicates, 1 deleted before\n", "\(again)")
        #expect(
            again.stderr
                == "citefeed: note: \"The impediment to action advances action.\" stays deleted: it was deleted since an earlier import (here or on a machine you sync with), and sync keeps a deletion; 'citefeed add' makes it again as a new citation\n"
        )
        // Without sync, a deletion is not remembered: the same import brings it back.
        let (c, _, _) = try T.pair()
        #expect(try c.run("import", clippings.path).stdout.hasPrefix("imported 1"))
        #expect(try c.run("delete", "1", "--force").status == 0)
        #expect(try c.run("import", clippings.path).stdout.hasPrefix("imported 1"))
    }
}
