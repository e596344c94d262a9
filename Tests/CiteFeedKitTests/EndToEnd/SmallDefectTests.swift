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
    /// Small defects, each with its test.
    @Suite struct SmallDefectTests {
        /// A relative PATH entry ("." or "bin") would find the publish command's program in the
        /// output directory, where it runs: only absolute entries are searched.
        @Test func aRelativePathEntryDoesNotRunAProgramFromTheOutputDirectory() throws {
            let box = try Sandbox()
            try box.add("A citation.")
            #expect(try box.run("rotate").status == 0)
            let planted = box.feeds.appendingPathComponent("upload").path
            try "#!/bin/sh\ntouch '\(box.home.path)/planted-ran'\n".write(toFile: planted, atomically: true, encoding: .utf8)
            chmod(planted, 0o755)
            try box.writeSettings(#"{"publishCommand": ["upload"]}"#)
            let result = try box.run(["publish"], environment: ["PATH": ".:bin:/usr/bin:/bin"])
            #expect(result.status == 1 && result.stderr.contains("\"upload\" is not an executable program on PATH"), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: box.home.appendingPathComponent("planted-ran").path))
        }

        @Test func defaultsReadShowsWhereANamedRotationWrites() throws {
            let box = try Sandbox()
            #expect(try box.run("rotation", "add", "w").status == 0)
            #expect(try box.run("defaults", "read", "outputDirectory", "--rotation", "w").stdout == box.feeds.path + "/w\n")
            #expect(try box.run("defaults", "read", "outputDirectory").stdout == box.feeds.path + "\n")
        }
    }
}

extension EndToEnd.SmallDefectTests {
    /// A template that repeats {text} a thousand times over a long citation: the line stops
    /// at what the width needs (it was 20 MB of text, cut to 60 columns, at every status).
    @Test func aTemplateRepeatingTheTextStopsAtWhatTheLineNeeds() throws {
        let template = try StatusTemplate(parsing: String(repeating: "{text}", count: 1000))
        let text = String(repeating: "word ", count: 4000)
        let rendered = template.render(["text": text], limit: 1 << 16)
        #expect(rendered.utf8.count >= 1 << 16 && rendered.utf8.count < (1 << 16) + text.utf8.count)
        #expect(template.render(["text": "short"]).count == 5000)
        // Groups stop too, and what is rendered is the start of the whole.
        let grouped = try StatusTemplate(parsing: "[" + String(repeating: "{text} ", count: 1000) + "]")
        #expect(grouped.render(["text": text], limit: 100).hasPrefix(String(text.prefix(100))))
        var settings = Settings()
        settings.statusTemplate = String(repeating: "{text}", count: 1000)
        let line = StatusRenderer(settings: settings).plain(
            PickSnapshot(id: 1, uuid: "u", text: text, back: nil, author: nil, source: nil, tags: [], favourite: false), width: 60)
        #expect(line.count <= 60 && line.hasPrefix("word word"))
    }
}

extension EndToEnd.SmallDefectTests {
    /// A source with a space after the host is an address, percent-encoded in the links.
    @Test func aSourceWithASpaceIsAnAddress() throws {
        #expect("https://example.org/a b".isHTTPURL)
        #expect("https://example.org/a b".linkURI == "https://example.org/a%20b")
        #expect(!"https://exa mple.org/a".isHTTPURL && !"https://example.org/a\nb".isHTTPURL && !"https:// example.org".isHTTPURL)
        let box = try Sandbox()
        try box.add("Spaced.", "--source", "https://example.org/a b")
        #expect(try box.run("rotate").status == 0)
        #expect(try box.output("feed.atom").contains("href=\"https://example.org/a%20b\""))
    }

    /// Readwise's directives followed by blank lines (5 of 3,840 notes in a real export) are
    /// not back sides.
    @Test func aReadwiseDirectiveBeforeBlankLinesIsNoBack() {
        var record = ImportRecord(location: .line(2), text: "A highlight.")
        record.back = ".h1\n\n"
        Readwise.apply(to: &record)
        #expect(record.back == nil)
        record.back = ".favorite\n.c2\n\nA real note."
        Readwise.apply(to: &record)
        #expect(record.back == "A real note." && record.favourite)
    }

    /// The hub's address: refused with credentials, white space or control characters, and
    /// percent-encoded in the feeds like every other link.
    @Test func theHubAddressIsCheckedAndEncoded() throws {
        let box = try Sandbox()
        try box.add("A citation.")
        for bad in ["https://user:secret@hub.example/", "https://hub.example/a b", "https://hub.example/\u{7}"] {
            let before = try box.state()
            expectFailure(try box.run("defaults", "write", "feedHub", bad), status: .usage, containing: "without spaces or user:password@")
            #expect(try box.state() == before)
        }
        try box.writeSettings(#"{"feedURL": "https://example.org/q/", "feedHub": "https://hub.example/p?x=<ü>"}"#)
        #expect(try box.run(["rotate"], environment: ["PATH": "/nowhere"]).status == 0)  // no curl: a warning
        #expect(try box.output("feed.atom").contains("<link rel=\"hub\" href=\"https://hub.example/p?x=%3C%C3%BC%3E\"/>"))
    }
}
