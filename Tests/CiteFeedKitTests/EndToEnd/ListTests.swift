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
    @Suite struct ListTests {
        /// Three citations added a day apart: 1 (oldest) … 3 (newest).
        func sampleBox() throws -> Sandbox {
            let box = try Sandbox()
            box.now = "2026-03-01T09:00:00Z"
            try box.add("Zebra crossings are calm", "--author", "Bea", "--tag", "life")
            box.now = "2026-03-02T09:00:00Z"
            try box.add("apples fall far", "--author", "Cid", "--tag", "work", "--favourite")
            box.now = "2026-03-03T09:00:00Z"
            try box.add("Mangoes and apples", "--tag", "life", "--tag", "work", "--back", "zebra")
            return box
        }

        func ids(_ box: Sandbox, _ arguments: String...) throws -> [Int64] {
            let result = try box.run(["list", "--json"] + arguments)
            #expect(result.status == 0, "\(result)")
            return try JSONParser.parse(result.stdout).arrayValue!.map { if case .int(let n) = $0["id"]! { return n } else { return -1 } }
        }

        @Test func starterSetFillsANewLibraryOnceAndSaysSo() throws {
            let box = try Sandbox()
            let first = try box.run("list")
            #expect(first.status == 0)
            #expect(
                first.stderr
                    == "citefeed: note: the library was new, so 20 starter citations were added to it; 'citefeed add' adds your own.\n"
            )
            #expect(first.stdout.split(separator: "\n").count == 21)
            #expect(first.stdout.hasPrefix("ID     TEXT"))
            let second = try box.run("list")
            #expect(second.stderr.isEmpty && second.stdout == first.stdout)
            #expect(try box.library().counts().active == StarterSet.citations.count)
            #expect(try box.library().tags().count == StarterSet.tags.count)
        }

        @Test func defaultOrderIsMostRecentlyModifiedFirst() throws {
            let box = try sampleBox()
            #expect(try ids(box) == [3, 2, 1])
            box.now = "2026-03-04T09:00:00Z"
            try box.run("edit", "1", "--author", "Bo")
            #expect(try ids(box) == [1, 3, 2])
            #expect(try ids(box, "--reverse") == [2, 3, 1])
        }

        @Test func sorts() throws {
            let box = try sampleBox()
            #expect(try ids(box, "--sort", "created") == [3, 2, 1])
            #expect(try ids(box, "--sort", "created", "--reverse") == [1, 2, 3])
            #expect(try ids(box, "--sort", "text") == [2, 3, 1])
            #expect(try ids(box, "--sort=author") == [1, 2, 3])
            #expect(try ids(box, "--sort=author", "--reverse") == [3, 2, 1])
        }

        @Test func filters() throws {
            let box = try sampleBox()
            #expect(try ids(box, "--tag", "LIFE") == [3, 1])
            #expect(try ids(box, "--tag", "life", "--tag", "work") == [3, 2, 1])
            #expect(try ids(box, "--favourites") == [2])
            #expect(try ids(box, "--limit", "2") == [3, 2])
            try box.run("archive", "3")
            #expect(try ids(box) == [2, 1])
            #expect(try ids(box, "--archived") == [3])
        }

        @Test func searchIsFullTextOverTextBackAuthorAndSource() throws {
            let box = try sampleBox()
            #expect(try ids(box, "--search", "apples") == [3, 2])  // most recently modified first
            #expect(try ids(box, "--search", "ZEBRA") == [3, 1])  // back of 3, text of 1
            #expect(try ids(box, "--search", "cid") == [2])  // author
            #expect(try ids(box, "--search", "appl") == [])  // whole words…
            #expect(try ids(box, "--search", "appl* fall") == [2])  // …or prefixes with *; every word must occur
            #expect(try ids(box, "--search", "crossing*", "--tag", "life") == [1])
            #expect(try ids(box, "--search", "apples", "--sort", "created", "--reverse") == [2, 3])
            #expect(try ids(box, "--search", "\"AND* OR(") == [])  // FTS syntax is just text
            try box.run("edit", "2", "--text", "pears only")
            #expect(try ids(box, "--search", "apples") == [3])  // the index follows edits
        }

        @Test func tableShowsStarsAuthorsAndTagsCutToTheWidth() throws {
            let box = try sampleBox()
            let result = try box.run(["list"], environment: ["COLUMNS": "60"])
            #expect(
                result.stdout == """
                    ID     TEXT                      AUTHOR  TAGS
                     3     Mangoes and apples                life work
                     2  ★  apples fall far           Cid     work
                     1     Zebra crossings are calm  Bea     life

                    """)
        }

        @Test func narrowTerminalsCutTheTextWithAnEllipsis() throws {
            let box = try sampleBox()
            let result = try box.run(["list"], environment: ["COLUMNS": "40"])
            #expect(
                result.stdout == """
                    ID     TEXT                  AUTHOR  TAGS
                     3     Mangoes and apples            life work
                     2  ★  apples fall far       Cid     work
                     1     Zebra crossings are…  Bea     life

                    """)
        }

        @Test func emptyResultsSaySoOnStandardError() throws {
            let box = try sampleBox()
            let none = try box.run("list", "--search", "nothingmatches")
            #expect(none.status == 0 && none.stdout.isEmpty && none.stderr == "No citations match.\n")
            let archived = try box.run("list", "--archived")
            #expect(archived.stdout.isEmpty && archived.stderr == "No archived citations.\n")
            #expect(try box.run("list", "--archived", "--json").stdout == "[]\n")
        }

        @Test func badListArguments() throws {
            let box = try sampleBox()
            let before = try box.state()
            expectFailure(
                try box.run("list", "--sort", "random"), status: .usage, containing: "--sort takes one of updated, created, author, text")
            expectFailure(try box.run("list", "--limit", "0"), status: .usage, containing: "--limit takes a whole number")
            expectFailure(try box.run("list", "--limit"), status: .usage, containing: "needs a value")
            expectFailure(try box.run("list", "--tag", "nope"), status: .notFound, containing: "No tag named \"nope\"")
            expectFailure(try box.run("list", "extra"), status: .usage, containing: "Unexpected argument \"extra\"")
            #expect(try box.state() == before)
        }
    }
}
