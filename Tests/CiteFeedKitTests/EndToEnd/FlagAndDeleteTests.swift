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

@Suite struct FlagAndDeleteTests {
    @Test func favAndUnfav() throws {
        let box = try Sandbox()
        try box.add("a")
        try box.add("b")
        let fav = try box.run("fav", "1", "2")
        #expect(fav.status == 0 && fav.stdout == "Marked as favourites: citations 1 2.\n")
        #expect(try box.library().citations(CitationQuery()).allSatisfy(\.favourite))
        #expect(try box.run("fav", "1").stdout == "Citation 1 was already a favourite.\n")
        #expect(try box.run("unfav", "2").stdout == "No longer a favourite: citation 2.\n")
        #expect(try box.library().citation(id: 1).favourite && !box.library().citation(id: 2).favourite)
    }

    @Test func archiveAndRestore() throws {
        let box = try Sandbox()
        try box.add("a")
        try box.add("b")
        box.now = "2026-03-05T09:30:00+01:00"
        let archive = try box.run("archive", "2")
        #expect(archive.stdout == "Archived citation 2. 'citefeed restore 2' brings it back.\n")
        let c = try box.library().citation(id: 2)
        #expect(c.archivedAt?.rfc3339UTC == "2026-03-05T08:30:00Z" && c.updatedAt == c.archivedAt)
        #expect(try box.run("restore", "2", "1").stdout == "Restored citation 2. Citation 1 was already not archived.\n")
        #expect(try box.library().citation(id: 2).archivedAt == nil)
    }

    @Test func unknownIdChangesNothing() throws {
        let box = try Sandbox()
        try box.add("a")
        let before = try box.state()
        for command in ["fav", "unfav", "archive", "restore", "delete"] {
            expectFailure(try box.run(command, "1", "9"), status: .notFound, containing: "No citation with id 9")
        }
        expectFailure(try box.run("fav"), status: .usage, containing: "'fav' needs the ID of at least one citation")
        expectFailure(try box.run("archive", "1", "x"), status: .usage, containing: "Invalid value \"x\"")
        #expect(try box.state() == before)
    }

    @Test func deleteOnlyArchivedUnlessForced() throws {
        let box = try Sandbox()
        try box.add("a")
        try box.add("b")
        try box.add("c")
        try box.run("archive", "1")
        let before = try box.state()
        expectFailure(
            try box.run("delete", "1", "2"), status: .usage,
            containing: "Citation 2 is not archived; archive first with 'citefeed archive 2', or delete at once with --force.")
        #expect(try box.state() == before)
        #expect(try box.run("delete", "1").stdout == "Deleted citation 1.\n")
        #expect(try box.run("delete", "--force", "2", "3").stdout == "Deleted citations 2 3.\n")
        #expect(try box.library().counts() == (0, 0, 0, 0))
        #expect(try box.library().citations(CitationQuery()).isEmpty)
        #expect(try box.library().db.scalar("SELECT count(*) FROM citations_fts WHERE citations_fts MATCH 'a OR b OR c'") == 0)
    }
}
