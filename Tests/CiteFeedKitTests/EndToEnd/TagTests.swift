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

@Suite struct TagTests {
    @Test func tagListAddEdit() throws {
        let box = try Sandbox()
        #expect(try box.run("tag", "add", "Life", "--color", "#00ff00").stdout == "Created tag Life (#00FF00).\n")
        #expect(try box.run("tag", "add", "work").stdout == "Created tag work (red).\n")
        try box.add("a", "--tag", "life", "--tag", "work")
        try box.add("b", "--tag", "work")
        try box.run("archive", "2")
        let list = try box.run("tag", "list")
        #expect(
            list.stdout == """
                TAG   COLOUR     CITATIONS
                Life  ● #00FF00          1
                work  ● red              1 (+1 archived)

                """)
        #expect(try box.run("tag").stdout == list.stdout)  // `tag` alone lists
        let json = try JSONParser.parse(try box.run("tag", "list", "--json").stdout)
        #expect(
            json.arrayValue?.first
                == .object([
                    ("name", .string("Life")), ("color", .string("#00FF00")), ("hex", .string("#00FF00")),
                    ("count", .int(1)), ("archivedCount", .int(0)),
                ]))
        #expect(try box.run("tag", "edit", "life", "--name", "LIFE").stdout == "Renamed tag \"life\" to LIFE.\n")
        #expect(try box.run("tag", "edit", "LIFE", "--color", "Blue").stdout == "Tag LIFE is now blue.\n")
        #expect(try box.library().citation(id: 1).tags.map(\.name) == ["LIFE", "work"])
    }

    @Test func badTagInputChangesNothing() throws {
        let box = try Sandbox()
        try box.run("tag", "add", "Work")
        try box.run("tag", "add", "home")
        let before = try box.state()
        expectFailure(
            try box.run("tag", "add", "work"), status: .dataError,
            containing: "A tag named \"Work\" already exists (tag names ignore case).")
        expectFailure(
            try box.run("tag", "add", "a,b"), status: .dataError, containing: "Invalid tag name \"a,b\": a tag name cannot contain a comma."
        )
        expectFailure(try box.run("tag", "add", "x;y"), status: .dataError, containing: "cannot contain a semicolon")
        expectFailure(try box.run("tag", "add", String(repeating: "x", count: 41)), status: .dataError, containing: "at most 40 characters")
        expectFailure(try box.run("tag", "add", "x", "--color", "bleu"), status: .usage, containing: "Invalid colour \"bleu\"")
        expectFailure(try box.run("tag", "add", "x", "--color", "#12345G"), status: .usage, containing: "Invalid colour \"#12345G\"")
        expectFailure(try box.run("add", "text", "--tag", "a,b"), status: .dataError, containing: "cannot contain a comma")
        expectFailure(
            try box.run("tag", "edit", "work", "--name", "HOME"), status: .dataError, containing: "A tag named \"home\" already exists")
        expectFailure(try box.run("tag", "edit", "nope", "--color", "red"), status: .notFound, containing: "No tag named \"nope\"")
        expectFailure(try box.run("tag", "edit", "work"), status: .usage, containing: "Nothing to change for tag \"work\"")
        expectFailure(try box.run("tag", "delete", "nope", "--keep-citations"), status: .notFound, containing: "No tag named \"nope\"")
        expectFailure(try box.run("tag", "frob"), status: .usage, containing: "Unknown command \"tag frob\"")
        #expect(try box.state() == before)
    }

    @Test func deleteKeepingCitations() throws {
        let box = try Sandbox()
        try box.add("a", "--tag", "t", "--tag", "other")
        try box.add("b", "--tag", "t")
        let result = try box.run("tag", "delete", "T", "--keep-citations")
        #expect(result.status == 0 && result.stdout == "Deleted tag \"t\"; its 2 citations were kept.\n", "\(result)")
        let citations = try box.library().citations(CitationQuery())
        #expect(citations.count == 2 && citations.allSatisfy { !$0.isArchived })
        #expect(citations.map { $0.tags.map(\.name) } == [[], ["other"]])
        #expect(try box.library().tags().map(\.tag.name) == ["other"])
    }

    @Test func deleteWithCitationsArchivesThemAndTheyCanBeRestored() throws {
        let box = try Sandbox()
        try box.add("a", "--tag", "t")
        try box.add("b", "--tag", "t")
        try box.add("c")
        let result = try box.run("tag", "delete", "t", "--with-citations")
        #expect(result.stdout == "Deleted tag \"t\"; its 2 citations were archived ('citefeed list --archived' shows them).\n")
        #expect(try box.library().citations(CitationQuery()).map(\.id) == [3])
        var archived = CitationQuery()
        archived.archived = true
        #expect(try box.library().citations(archived).map(\.id).sorted() == [1, 2])
        try box.run("restore", "1", "2")
        #expect(try box.library().citations(CitationQuery()).count == 3)
    }

    @Test func deleteWithoutAChoiceAndWithoutATerminalIsAUsageError() throws {
        let box = try Sandbox()
        try box.add("a", "--tag", "t")
        let before = try box.state()
        expectFailure(
            try box.run("tag", "delete", "t"), status: .usage,
            containing: "Say what happens to the citations tagged \"t\": add --keep-citations or --with-citations.")
        expectFailure(
            try box.run("tag", "delete", "t", "--keep-citations", "--with-citations"), status: .usage, containing: "cannot be used together"
        )
        #expect(try box.state() == before)
    }

    @Test func colors() throws {
        let box = try Sandbox()
        let result = try box.run("colors")
        #expect(result.stdout.split(separator: "\n").count == 10)
        #expect(result.stdout.hasPrefix("● red      #FF3B30\n● orange   #FF9500\n"))
        #expect(!result.stdout.contains("\u{1B}"))  // no colour when not on a terminal
        let json = try JSONParser.parse(try box.run("colors", "--json").stdout)
        #expect(json.arrayValue?.count == 10 && json.arrayValue?.last?["name"] == .string("pink"))
    }
}
