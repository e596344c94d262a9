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

extension Integration {
    @Suite struct OutputGoldenTests {
        /// Three rotations of the tricky citations, an hour apart.
        func rotated() throws -> Sandbox {
            let box = try Sandbox()
            try TrickyCitations.add(to: box)
            try box.makeDeterministic()
            try box.rotate(at: "2026-03-01T09:30:00+01:00")
            try box.rotate(at: "2026-03-01T10:30:00+01:00")
            try box.rotate(at: "2026-03-01T11:05:00+01:00")
            return box
        }

        @Test func allSixOutputsMatchTheirGoldenFiles() throws {
            let box = try rotated()
            for name in OutputSet.names { try Golden.check(try box.outputBytes(name), "outputs/" + name) }
        }

        /// A named rotation: its own directory, feed address under the default one's,
        /// item ids from its own uuid, a WebSub hub, weights and a schedule.
        @Test func aNamedRotationsOutputsMatchTheirGoldenFiles() throws {
            let box = try Sandbox()
            try TrickyCitations.add(to: box)
            try box.makeDeterministic()
            #expect(try box.run("rotation", "add", "morning").status == 0)
            for setting in [
                ["feedHub", "https://hub.example.org/"], ["weights", "tag:stoic=2"], ["interval", "1d"], ["offset", "7h"],
                ["feedTitle", "Mornings"],
            ] {
                let r = try box.run(["defaults", "write"] + setting + ["--rotation", "morning"])
                #expect(r.status == 0, "\(r)")
            }
            let db = try Database(path: box.libraryPath)
            try db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('uuid:morning', '6f1c2e1a-0000-4000-8000-00000000000b')")
            for day in ["02", "03", "04"] {
                box.now = "2026-03-\(day)T07:30:00+01:00"
                let r = try box.run("rotate", "--rotation", "morning")
                #expect(r.status == 0, "\(r)")
            }
            let directory = box.feeds.appendingPathComponent("morning")
            for name in OutputSet.names {
                try Golden.check(try Data(contentsOf: directory.appendingPathComponent(name)), "outputs-named/" + name)
            }
        }

        @Test func statusFormatsMatchTheirGoldenFiles() throws {
            let box = try rotated()
            for format in StatusFormat.allCases {
                let result = try box.status(format.rawValue)
                #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
                // argos's actions run this citefeed (the test itself when run in-process) on this
                // home: both stand for themselves.
                var output = result.stdout
                for program in [Sandbox.binary.path, "/proc/self/exe"] {
                    output = output.replacingAll(URL(fileURLWithPath: program).resolvingSymlinksInPath().path + " ", with: "CITEFEED ")
                }
                output = output.replacingAll(box.home.path, with: "HOME")
                try Golden.check(output, "status/\(format.rawValue).txt")
            }
        }

        @Test func aSecondRotateInTheSameSlotChangesNothing() throws {
            let box = try rotated()
            func files() throws -> [String: (Data, Date)] {
                var result: [String: (Data, Date)] = [:]
                for name in OutputSet.names + ["../current.json"] {
                    let url = box.feeds.appendingPathComponent(name)
                    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
                    result[name] = (try Data(contentsOf: url), attributes[.modificationDate] as! Date)
                }
                return result
            }
            let before = try files()
            let history = try box.historyIDs()
            let again = try box.rotate(at: "2026-03-01T11:55:00+01:00")
            #expect(again.stdout.hasPrefix("Outputs in \(box.feeds.path) are up to date"))
            let after = try files()
            for (name, (data, mtime)) in before {
                #expect(after[name]?.0 == data, "\(name) changed")
                #expect(after[name]?.1 == mtime, "\(name) was rewritten")
            }
            #expect(try box.historyIDs() == history)
        }

        @Test func rotatePrintsWhereTheOutputsWentAndTheStatusLine() throws {
            let box = try Sandbox()
            try box.add("Hello", "--author", "Me")
            let result = try box.rotate(at: "2026-03-01T09:30:00+01:00")
            #expect(
                result.stdout
                    == "Wrote feed.xml feed.atom feed.json index.html status.txt status.json to \(box.feeds.path).\n“Hello” — Me\n")
            #expect(result.stderr.isEmpty)
            let out = box.home.appendingPathComponent("elsewhere").path
            let other = try box.rotate(at: "2026-03-01T09:40:00+01:00", "--out", out)
            #expect(other.stdout.hasPrefix("Wrote feed.xml feed.atom feed.json index.html status.txt status.json to \(out)."))
            for name in OutputSet.names {
                let mode = try FileManager.default.attributesOfItem(atPath: out + "/" + name)[.posixPermissions] as? Int
                #expect(mode == 0o644)
            }
        }

        @Test func anOutputDirectoryThatCannotBeCreatedIsExit73AndChangesNothing() throws {
            let box = try Sandbox()
            try box.add("Hello")
            let blocker = box.home.appendingPathComponent("file")
            try Data("x".utf8).write(to: blocker)
            let before = try box.state()
            expectFailure(
                try box.run("rotate", "--out", blocker.path + "/feeds"), status: .cannotCreate, containing: "Cannot write the outputs in")
            #expect(try box.state() == before)
            #expect(try box.historyIDs().isEmpty)
        }
    }
}

extension Integration {
    @Suite struct FeedParserTests {
        func rotated(count: Int = 3) throws -> Sandbox {
            let box = try Sandbox()
            try TrickyCitations.add(to: box)
            try box.makeDeterministic(feedURL: "")
            try box.run("defaults", "write", "feedItems", "500")
            for hour in 0..<count {
                try box.rotate(
                    at: Timestamp(seconds: Timestamp(rfc3339: "2026-03-01T09:30:00+01:00")!.seconds + Int64(hour) * 3600).rfc3339UTC)
            }
            return box
        }

        @Test(.requires(findProgram("xmllint") != nil, "needs xmllint (Debian's libxml2-utils)"))
        func xmllintAcceptsTheFeedsAndTheHTML() throws {
            let xmllint = try #require(findProgram("xmllint"), "xmllint is not installed (Debian's libxml2-utils)")
            let box = try rotated()
            for name in ["feed.xml", "feed.atom"] {
                let result = try Sandbox.execute(
                    xmllint, ["--noout", box.feeds.appendingPathComponent(name).path], stdin: Data(), environment: [:])
                #expect(result.status == 0 && result.stderr.isEmpty, "\(name): \(result)")
            }
            let html = try Sandbox.execute(
                xmllint, ["--html", "--noout", box.feeds.appendingPathComponent("index.html").path], stdin: Data(), environment: [:])
            #expect(html.status == 0 && html.stderr.isEmpty, "index.html: \(html)")
        }

        @Test(.requires(pythonWith(["feedparser"]) != nil, "needs Python's feedparser"))
        func feedparserReadsBackTheExactText() throws {
            let python = try #require(pythonWith(["feedparser"]), "Python's feedparser is not installed (pip install feedparser)")
            let box = try rotated(count: 4)
            let script = """
                import feedparser, html, json, re, sys
                out = {}
                for name in ["feed.xml", "feed.atom"]:
                    d = feedparser.parse(sys.argv[1] + "/" + name)
                    assert not d.bozo, (name, d.bozo_exception)
                    entries = []
                    for e in d.entries:
                        body = e.content[0].value if "content" in e else e.summary
                        quote = re.search(r"<blockquote><p>(.*?)</p></blockquote>", body, re.S).group(1)
                        quote = html.unescape(re.sub(r"<br\\s*/?>\\n?", "\\n", quote))
                        # Titles are HTML for feedparser (and for most readers): escaped markup.
                        entries.append({"id": e.id, "title": html.unescape(e.title), "quote": quote, "author": e.get("author"),
                                        "tags": [t.term for t in e.get("tags", [])], "link": e.link})
                    out[name] = {"title": d.feed.title, "entries": entries}
                print(json.dumps(out))
                """
            let result = try Sandbox.execute(
                python, ["-c", script, box.feeds.path], stdin: Data(), environment: ProcessInfo.processInfo.environment)
            #expect(result.status == 0, "\(result)")
            let parsed = try JSONParser.parse(result.stdout)
            let library = try box.library()
            for name in ["feed.xml", "feed.atom"] {
                let entries = parsed[name]?["entries"]?.arrayValue ?? []
                #expect(entries.count == 4, "\(name)")
                #expect(parsed[name]?["title"] == .string("Citations"))
                let picks = try library.recentPicks(limit: 10)
                for (entry, pick) in zip(entries, picks) {
                    #expect(entry["quote"] == .string(pick.snapshot.text), "\(name)")
                    #expect(entry["author"] == .optional(pick.snapshot.author), "\(name)")
                    #expect(entry["tags"] == .array(pick.snapshot.tags.map { .string($0.name) }), "\(name)")
                }
                let markup = entries.first { $0["quote"] == .string(TrickyCitations.markup) }
                #expect(markup?["title"] == .string(TrickyCitations.markup))
                #expect(markup?["link"] == .string("https://example.org/q?a=1&b=2"))
                #expect(entries.contains { $0["quote"] == .string(TrickyCitations.rtl) })
            }
            #expect(
                parsed["feed.xml"]?["entries"]?.arrayValue?.map { $0["id"] }
                    == parsed["feed.atom"]?["entries"]?.arrayValue?.map { $0["id"] })
        }

        @Test func jsonFeedHasTheSpecFields() throws {
            let box = try rotated()
            let feed = try JSONParser.parse(try box.output("feed.json"))
            #expect(feed["version"] == .string("https://jsonfeed.org/version/1.1"))
            #expect(feed["home_page_url"]?.stringValue?.hasPrefix("file://") == true)
            let items = feed["items"]?.arrayValue ?? []
            #expect(items.count == 3)
            for item in items {
                #expect(item["id"]?.stringValue?.hasPrefix("urn:uuid:") == true)
                let date = item["date_published"]?.stringValue ?? ""
                #expect(Timestamp(rfc3339: date) != nil && date.hasSuffix("Z"), "\(date)")
                #expect(item["content_html"]?.stringValue?.hasPrefix("<blockquote><p>") == true)
                #expect(item["title"] != nil && item["url"] != nil)
            }
        }

        @Test(
            .needsShared(Integration.FeedValidatorTests.schema), .requires(pythonWith(["jsonschema"]) != nil, "needs Python's jsonschema"))
        func jsonFeedPassesTheSchema() throws {
            let box = try rotated()
            let schema = Integration.FeedValidatorTests.schema
            try #require(FileManager.default.fileExists(atPath: schema.path), "the JSON Feed schema is not at \(schema.path)")
            let python = try #require(pythonWith(["jsonschema"]), "Python's jsonschema is not installed (pip install jsonschema)")
            let script =
                "import json, sys, jsonschema; jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1]))); print('valid')"
            let result = try Sandbox.execute(
                python, ["-c", script, schema.path, box.feeds.appendingPathComponent("feed.json").path], stdin: Data(),
                environment: ProcessInfo.processInfo.environment)
            #expect(result.status == 0 && result.stdout == "valid\n", "\(result)")
        }

        @Test func aHundredRotationsGiveAHundredDistinctItemsNoneInTheFuture() throws {
            let box = try Sandbox()
            try box.add("one")
            try box.add("two")
            try box.add("three")
            try box.run("defaults", "write", "feedItems", "500")
            let start = Timestamp(rfc3339: "2026-03-01T00:10:00Z")!.seconds
            var last = ""
            for i in 0..<100 {
                last = Timestamp(seconds: start + Int64(i) * 3600).rfc3339UTC
                try box.rotate(at: last)
            }
            let feed = try JSONParser.parse(try box.output("feed.json"))
            let items = feed["items"]?.arrayValue ?? []
            #expect(items.count == 100)
            #expect(Set(items.compactMap { $0["id"]?.stringValue }).count == 100)
            let end = Timestamp(rfc3339: last)!
            for item in items { #expect(Timestamp(rfc3339: item["date_published"]?.stringValue ?? "")! <= end) }
            let rss = try box.output("feed.xml")
            #expect(rss.components(separatedBy: "<guid isPermaLink=\"false\">urn:uuid:").count == 101)
        }
    }
}
