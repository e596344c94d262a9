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
    @Suite struct AddTests {
        @Test func addPrintsTheNewIdAndStoresEveryField() throws {
            let box = try Sandbox()
            let result = try box.run(
                "add", "  Hello <b> & world  ", "--author", "Ada", "--source", "https://example.org/x",
                "--tag", "Life", "--tag=work", "--favourite", "--back", "The answer")
            #expect(result.status == 0 && result.stdout == "1\n" && result.stderr.isEmpty, "\(result)")
            let c = try box.library().citation(id: 1)
            #expect(c.text == "Hello <b> & world" && c.author == "Ada" && c.source == "https://example.org/x" && c.back == "The answer")
            #expect(c.favourite && c.archivedAt == nil)
            #expect(c.tags == [Tag(name: "Life", color: "red"), Tag(name: "work", color: "orange")])
            #expect(c.createdAt.rfc3339UTC == "2026-03-01T08:30:00Z" && c.updatedAt == c.createdAt)
            #expect(UUIDString.bits(of: c.uuid) != nil)
            #expect(try box.run("add", "second").stdout == "2\n")
        }

        @Test func addReadsMultiLineTextFromStandardInput() throws {
            let box = try Sandbox()
            let result = try box.run("add", "-", "--author", "Emily Dickinson", stdin: "Hope is the thing\r\nwith feathers\n\n")
            #expect(result.status == 0 && result.stdout == "1\n", "\(result)")
            #expect(try box.library().citation(id: 1).text == "Hope is the thing\nwith feathers")
            let back = try box.run("add", "Question?", "--back", "-", stdin: "Answer\nin two lines")
            #expect(back.status == 0)
            #expect(try box.library().citation(id: 2).back == "Answer\nin two lines")
        }

        @Test func addDoesNotAddTheStarterSet() throws {
            let box = try Sandbox()
            try box.add("mine")
            #expect(try box.library().counts().active == 1)
            // A library that has held a citation never gets the starter set, even when empty again.
            #expect(try box.run("delete", "1", "--force").status == 0)
            let list = try box.run("list")
            #expect(list.status == 0 && list.stdout.isEmpty && list.stderr == "No citations yet; add one with: citefeed add \"…\"\n")
        }

        @Test func newTagsTakeTheNextUnusedPaletteColour() throws {
            let box = try Sandbox()
            try box.run("tag", "add", "a", "--color", "red")
            try box.add("x", "--tag", "b", "--tag", "c")
            let tags = try box.library().tags().map { "\($0.tag.name)=\($0.tag.color)" }
            #expect(tags == ["a=red", "b=orange", "c=yellow"])
        }

        @Test func idsAreNeverReused() throws {
            let box = try Sandbox()
            try box.add("one")
            try box.add("two")
            try box.run("delete", "--force", "2")
            #expect(try box.add("three") == 3)
        }
    }
}

extension EndToEnd {
    @Suite struct EditTests {
        @Test func changesOnlyWhatIsGivenAndBumpsUpdatedAt() throws {
            let box = try Sandbox()
            try box.add("Old text", "--author", "A", "--source", "S", "--back", "B", "--tag", "keep", "--tag", "drop")
            box.now = "2026-03-02T10:00:00+01:00"
            let result = try box.run("edit", "1", "--text", "New text", "--source", "", "--untag", "DROP", "--tag", "added", "--favourite")
            #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
            let c = try box.library().citation(id: 1)
            #expect(c.text == "New text" && c.author == "A" && c.source == nil && c.back == "B" && c.favourite)
            #expect(c.tags.map(\.name) == ["added", "keep"])
            #expect(c.createdAt.rfc3339UTC == "2026-03-01T08:30:00Z" && c.updatedAt.rfc3339UTC == "2026-03-02T09:00:00Z")
            #expect(try box.run("edit", "1", "--no-favourite", "--back", "", "--author=").status == 0)
            let d = try box.library().citation(id: 1)
            #expect(!d.favourite && d.back == nil && d.author == nil)
        }

        @Test func editTextFromStandardInput() throws {
            let box = try Sandbox()
            try box.add("x")
            #expect(try box.run(["edit", "1", "--text", "-"], stdin: Data("two\nlines\n".utf8)).status == 0)
            #expect(try box.library().citation(id: 1).text == "two\nlines")
        }

        @Test func editRefusesBadInputAndChangesNothing() throws {
            let box = try Sandbox()
            try box.add("x", "--tag", "t")
            let before = try box.state()
            expectFailure(try box.run("edit", "1"), status: .usage, containing: "Nothing to change for citation 1")
            expectFailure(try box.run("edit", "1", "--text", " "), status: .dataError, containing: "The citation text is empty")
            expectFailure(try box.run("edit", "1", "--favourite", "--no-favourite"), status: .usage, containing: "cannot be used together")
            expectFailure(try box.run("edit", "7", "--text", "y"), status: .notFound, containing: "No citation with id 7")
            expectFailure(
                try box.run("edit", "1", "--untag", "nope", "--text", "changed"), status: .notFound, containing: "No tag named \"nope\"")
            expectFailure(try box.run("edit", "1", "--author", "a\u{1B}b"), status: .dataError, containing: "U+001B (ESC) at position 2")
            #expect(try box.state() == before)
        }
    }
}

extension EndToEnd {
    @Suite struct ShowTests {
        @Test func showPrintsTheWholeCard() throws {
            let box = try Sandbox()
            try box.add("Two\nlines", "--author", "Ada", "--source", "Notes", "--tag", "b", "--tag", "A", "--back", "Other side")
            box.now = "2026-03-04T09:30:00+01:00"
            let result = try box.run("show", "1")
            let uuid = try box.library().citation(id: 1).uuid
            #expect(result.status == 0 && result.stderr.isEmpty)
            #expect(
                result.stdout == """
                    id        1
                    text      Two
                              lines
                    back      Other side
                    author    Ada
                    source    Notes
                    tags      A, b
                    favourite no
                    created   2026-03-01 09:30 (3 days ago)
                    updated   2026-03-01 09:30 (3 days ago)
                    card      new
                    due       new: when you study
                    uuid      \(uuid)

                    """)
        }

        @Test func showJSONHasTheSpecFieldNames() throws {
            let box = try Sandbox()
            try box.add("Quote", "--tag", "x")
            try box.run("archive", "1")
            let result = try box.run("show", "1", "--json")
            let value = try JSONParser.parse(result.stdout)
            guard case .object(let members) = value else { Issue.record("not an object"); return }
            #expect(
                members.map(\.0) == [
                    "id", "uuid", "text", "back", "author", "source", "tags", "favourite", "createdAt", "updatedAt", "archivedAt",
                ])
            #expect(value["text"] == .string("Quote") && value["back"] == .null && value["tags"]?.arrayValue?.count == 1)
            // A tag is an object everywhere: its name, its colour, and the colour in hex.
            let tag = try #require(value["tags"]?.arrayValue?.first)
            guard case .object(let tagMembers) = tag else { Issue.record("the tag is not an object"); return }
            #expect(tagMembers.map(\.0) == ["name", "color", "hex"] && tag["name"] == .string("x"))
            #expect(value["archivedAt"] == .string("2026-03-01T08:30:00Z"))
        }

        @Test func showUnknownAndInvalidIds() throws {
            let box = try Sandbox()
            expectFailure(try box.run("show", "42"), status: .notFound, containing: "No citation with id 42")
            expectFailure(try box.run("show", "abc"), status: .usage, containing: "a citation id is a positive whole number")
            expectFailure(try box.run("show", "0"), status: .usage, containing: "a citation id is a positive whole number")
            expectFailure(try box.run("show"), status: .usage, containing: "'show' needs the ID of a citation")
        }
    }
}
