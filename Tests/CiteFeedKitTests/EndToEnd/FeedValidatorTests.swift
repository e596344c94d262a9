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
    /// The feeds pass the W3C Feed Validator's own code at level AA (no error, no warning), and the
    /// JSON Feed its schema with format checks, for citations built to trip them.
    @Suite struct FeedValidatorTests {
        static let shared = sharedFolder
        static let tool = shared.appendingPathComponent("tools/feedcheck")
        static let schema = shared.appendingPathComponent("vendor-data/jsonfeed-schema-v1.1.json")
        static var hasValidator: Bool { FileManager.default.fileExists(atPath: tool.path) }

        /// Citations, tags and settings with markup, entities, addresses, URLs that are not URIs.
        func hostileLibrary() throws -> Sandbox {
            let box = try Sandbox()
            try box.add(
                "A & B < C > D \"q\" <b>bold</b> ]]> &copy; &#x41; 100%{A1:touch /tmp/x:}", "--author",
                "Tom & <Jerry> </b> <ann@example.org> &amp;",
                "--source", "https://exämple.org/x?a=1&b=<2>{|}^`[3]#f#g%zz", "--tag", "r&d </b>", "--tag", "<ann@example.org>",
                "--back", "<script>alert(1)</script>")
            try box.add("</p></blockquote><img src=x onerror=alert(1)>", "--author", "&lt;escaped&gt;", "--source", "javascript:alert(1)")
            try box.add("\u{202E}reversed\u{2066} and zero\u{200B}width, e\u{0301}", "--source", "https://example.org/ok?q=a b")
            try box.add("AT&T &#38; &nbsp; &#x26;", "--author", "Ann <ann@example.org>", "--tag", "&copy")
            for (key, value) in [
                ("feedURL", "https://example.org/q<u>otes{1}/é/"), ("feedTitle", "My <b>quotes</b> & &copy;"),
                ("feedAuthor", "Me </b> <me@example.org>"), ("feedDescription", "</p> & &amp; <i>"),
            ] {
                #expect(try box.run("defaults", "write", key, value).status == 0)
            }
            for hour in 10...13 { try box.rotate(at: "2026-03-01T\(hour):30:00+01:00") }
            return box
        }

        func feedcheck(_ file: URL) throws -> RunResult {
            let tool = Integration.FeedValidatorTests.tool
            try #require(Integration.FeedValidatorTests.hasValidator, "the W3C Feed Validator is not at \(tool.path) (../shared is absent)")
            return try Sandbox.execute(
                tool.path, [file.path, "--level", "AA"], stdin: Data(), environment: ProcessInfo.processInfo.environment)
        }

        @Test(.needsShared(tool))
        func hostileFeedsPassTheW3CValidatorAtAA() throws {
            let box = try hostileLibrary()
            for name in ["feed.xml", "feed.atom"] {
                let result = try feedcheck(box.feeds.appendingPathComponent(name))
                #expect(result.status == 0 && result.stdout.contains("no errors or warnings"), "\(name): \(result)")
            }
        }

        @Test(.needsShared(tool))
        func theSampleFeedsPassTheW3CValidatorAtAA() throws {
            for name in ["feed.xml", "feed.atom"] {
                let result = try feedcheck(packageRoot.appendingPathComponent("Feeds/\(name)"))
                #expect(result.status == 0 && result.stdout.contains("no errors or warnings"), "\(name): \(result)")
            }
        }

        /// A named rotation's feeds, with their WebSub hub links (the golden files of
        /// `aNamedRotationsOutputsMatchTheirGoldenFiles`).
        @Test(.needsShared(tool))
        func namedRotationFeedsWithAHubPassTheW3CValidatorAtAA() throws {
            for name in ["feed.xml", "feed.atom"] {
                let file = packageRoot.appendingPathComponent("Tests/CiteFeedKitTests/Golden/outputs-named/\(name)")
                #expect(try String(contentsOf: file, encoding: .utf8).contains("rel=\"hub\""))
                let result = try feedcheck(file)
                #expect(result.status == 0 && result.stdout.contains("no errors or warnings"), "\(name): \(result)")
            }
        }

        @Test(.needsShared(schema), .requires(pythonWith(["jsonschema"]) != nil, "needs Python's jsonschema"))
        func hostileJSONFeedPassesTheSchemaWithFormatChecks() throws {
            let schema = Integration.FeedValidatorTests.schema
            try #require(
                FileManager.default.fileExists(atPath: schema.path), "the JSON Feed schema is not at \(schema.path) (../shared is absent)")
            let python = try #require(pythonWith(["jsonschema"]), "scripts/setup-debian --test installs jsonschema")
            let box = try hostileLibrary()
            // FormatChecker checks "uri" only with rfc3986-validator or rfc3987 installed (setup-debian
            // --test installs one); the assertion fails the test loudly when neither is.
            let script = """
                import json, sys, jsonschema
                checker = jsonschema.FormatChecker()
                assert not checker.conforms("https://x.org/a b<", "uri")
                schema = json.load(open(sys.argv[1]))
                validator = jsonschema.validators.validator_for(schema)(schema, format_checker=checker)
                errors = [e.message for e in validator.iter_errors(json.load(open(sys.argv[2])))]
                print(errors or "valid")
                """
            // The named rotation's golden feed has WebSub hubs.
            let named = packageRoot.appendingPathComponent("Tests/CiteFeedKitTests/Golden/outputs-named/feed.json")
            for feed in [box.feeds.appendingPathComponent("feed.json"), packageRoot.appendingPathComponent("Feeds/feed.json"), named] {
                let result = try Sandbox.execute(
                    python, ["-c", script, schema.path, feed.path], stdin: Data(), environment: ProcessInfo.processInfo.environment)
                #expect(result.status == 0 && result.stdout == "valid\n", "\(feed.path): \(result)")
            }
        }

        /// Real readers read the hostile feeds back: xmllint, and feedparser without complaint and
        /// with the exact text of each quote.
        @Test(.requires(findProgram("xmllint") != nil && pythonWith(["feedparser"]) != nil, "needs xmllint and Python's feedparser"))
        func hostileFeedsAreReadBackExactly() throws {
            let box = try hostileLibrary()
            do {
                let xmllint = try #require(findProgram("xmllint"), "xmllint is not installed (Debian's libxml2-utils)")
                for name in ["feed.xml", "feed.atom"] {
                    let result = try Sandbox.execute(
                        xmllint, ["--noout", box.feeds.appendingPathComponent(name).path], stdin: Data(), environment: [:])
                    #expect(result.status == 0 && result.stderr.isEmpty, "\(name): \(result)")
                }
                let html = try Sandbox.execute(
                    xmllint, ["--html", "--noout", box.feeds.appendingPathComponent("index.html").path], stdin: Data(), environment: [:])
                #expect(html.status == 0 && html.stderr.isEmpty, "\(html)")
            }
            let python = try #require(pythonWith(["feedparser"]), "Python's feedparser is not installed (pip install feedparser)")
            let script = """
                import feedparser, html, json, re, sys
                out = []
                for name in ["feed.xml", "feed.atom"]:
                    d = feedparser.parse(sys.argv[1] + "/" + name)
                    assert not d.bozo, (name, d.bozo_exception)
                    for e in d.entries:
                        body = e.content[0].value if "content" in e else e.summary
                        quote = re.search(r"<blockquote><p>(.*?)</p></blockquote>", body, re.S).group(1)
                        out.append(html.unescape(re.sub(r"<br\\s*/?>\\n?", "\\n", quote)))
                print(json.dumps(out))
                """
            let result = try Sandbox.execute(
                python, ["-c", script, box.feeds.path], stdin: Data(), environment: ProcessInfo.processInfo.environment)
            #expect(result.status == 0, "\(result)")
            let quotes = try JSONParser.parse(result.stdout).arrayValue?.compactMap(\.stringValue) ?? []
            let texts = try box.library().recentPicks(limit: 10).map(\.snapshot.text)
            #expect(quotes == texts + texts)
        }
    }
}
