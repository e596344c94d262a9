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

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One case of `Tests/Fixtures/hostile/cases.json`: a file to import (or a settings.json), and
/// whether citefeed must refuse it (with the exit status and a part of the message) or store it
/// and render it literally.
struct HostileCase: Sendable, CustomTestStringConvertible {
    var file: String
    var kind: String
    var expect: String
    var status: Int32?
    var message: String?
    var format: String?
    var count: Int?
    /// A large file made by the test instead of kept in the repository.
    var generate: (prefix: String, repeat: String, times: Int, suffix: String)?

    var testDescription: String { file }

    static let directory = packageRoot.appendingPathComponent("Tests/Fixtures/hostile")

    static let all: [HostileCase] = {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("cases.json")),
            let list = try? JSONParser.parse(Array(data)).arrayValue
        else { return [] }
        return list.map { c in
            let g = c["generate"]
            return HostileCase(
                file: c["file"]?.stringValue ?? "", kind: c["kind"]?.stringValue ?? "", expect: c["expect"]?.stringValue ?? "",
                status: c["status"].flatMap { if case .int(let n) = $0 { Int32(n) } else { nil } }, message: c["message"]?.stringValue,
                format: c["format"]?.stringValue, count: c["count"].flatMap { if case .int(let n) = $0 { Int(n) } else { nil } },
                generate: g.map {
                    (
                        $0["prefix"]?.stringValue ?? "", $0["repeat"]?.stringValue ?? "",
                        $0["times"].flatMap { if case .int(let n) = $0 { Int(n) } else { nil } } ?? 0, $0["suffix"]?.stringValue ?? ""
                    )
                })
        }
    }()

    /// The file to give citefeed (made in `box` when generated).
    func path(in box: Sandbox) throws -> String {
        guard let generate else { return HostileCase.directory.appendingPathComponent(file).path }
        let url = box.home.appendingPathComponent(file)
        try (generate.prefix + String(repeating: generate.repeat, count: generate.times) + generate.suffix).write(
            to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}

extension Integration {
    /// The hostile corpus: each case refused with the spec's error and nothing changed,
    /// or stored and rendered literally with every output still valid.
    @Suite struct HostileCorpusTests {
        static let feedURL = "https://example.org/feeds/"

        @Test func theCorpusHasSixtyCasesOrMore() {
            #expect(HostileCase.all.count >= 60)
            #expect(HostileCase.all.filter { $0.expect == "stored" }.count >= 20)
            #expect(HostileCase.all.filter { $0.expect == "refused" }.count >= 20)
        }

        /// A library that already shows something, so that "nothing changed" means something.
        func startedLibrary() throws -> Sandbox {
            let box = try Sandbox()
            try box.add("Already here", "--author", "Someone", "--tag", "kept")
            #expect(try box.run("defaults", "write", "feedURL", Integration.HostileCorpusTests.feedURL).status == 0)
            try box.rotate(at: box.now)
            return box
        }

        /// Runs the case: an import, or a rotation under its settings.
        func run(_ c: HostileCase, in box: Sandbox) throws -> RunResult {
            if c.kind == "settings" {
                // The case's settings, with the public feedURL the validator needs when it has none.
                var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try c.path(in: box))))
                if c.expect == "stored", case .object(var members) = try JSONParser.parse(bytes),
                    !members.contains(where: { $0.0 == "feedURL" })
                {
                    members.append(("feedURL", .string(Integration.HostileCorpusTests.feedURL)))
                    bytes = Array(JSONWriter.pretty(.object(members)).utf8)
                }
                try Data(bytes).write(to: URL(fileURLWithPath: box.settingsPath))
                box.now = "2026-03-01T10:30:00+01:00"
                return try box.run("rotate")
            }
            return try box.run(["import", try c.path(in: box)] + (c.format.map { ["--format", $0] } ?? []))
        }

        @Test(arguments: HostileCase.all.filter { $0.expect == "refused" })
        func refusedWithTheSpecsErrorAndNothingChanged(_ c: HostileCase) throws {
            let box = try startedLibrary()
            let library = try box.librarySnapshot()
            let settings = box.readSettings()
            let before = try box.outputFiles()
            let result = try run(c, in: box)
            expectFailure(result, status: ExitStatus(rawValue: c.status ?? 0) ?? .failure, containing: c.message ?? "")
            #expect(Terminals.isClean(result.stderr), "\(result.stderr.debugDescription)")
            #expect(try box.librarySnapshot() == library)
            if c.kind == "import" { #expect(box.readSettings() == settings) }
            #expect(try box.outputFiles() == before)
        }

        @Test(arguments: HostileCase.all.filter { $0.expect == "stored" })
        func storedAndRenderedLiterally(_ c: HostileCase) throws {
            let box = try startedLibrary()
            let result = try run(c, in: box)
            #expect(result.status == 0, "\(result)")
            #expect(Terminals.isClean(result.stdout + result.stderr), "\((result.stdout + result.stderr).debugDescription)")
            let library = try box.library()
            var all = CitationQuery()
            all.all = true
            let citations = try library.citations(all).filter { $0.text != "Already here" }
            if let count = c.count { #expect(citations.count == count, "\(citations.map(\.text))") }
            // Every citation of the case is shown once: `next` for each.
            for _ in citations where c.kind == "import" { #expect(try box.run("next").status == 0) }
            try Integration.HostileCorpusTests.checkRendering(box)
            try Integration.HostileCorpusTests.checkScrolling(library)
            if c.kind == "settings" { try Integration.HostileCorpusTests.checkWithReaders(box.feeds) }
        }

        /// What a person and a bar see of the library now: listings clean for a terminal, status
        /// lines that cannot inject anything, feeds that parse and carry each citation literally.
        static func checkRendering(_ box: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let library = try box.library()
            var all = CitationQuery()
            all.all = true
            for arguments in [["list"], ["tag", "list"], ["history"], ["upcoming", "3"]]
                + (try library.citations(all)).map({ ["show", String($0.id)] })
            {
                let result = try box.run(arguments)
                #expect(result.status == 0, "\(arguments): \(result)", sourceLocation: sourceLocation)
                #expect(
                    Terminals.isClean(result.stdout + result.stderr), "\(arguments): \(result.stdout.debugDescription)",
                    sourceLocation: sourceLocation)
            }
            let pick = try #require(try library.latestPick())
            let polybar = Array(try box.status("polybar").stdoutBytes)
            #expect(
                !zip(polybar, polybar.dropFirst()).contains { $0 == UInt8(ascii: "%") && $1 == UInt8(ascii: "{") },
                sourceLocation: sourceLocation)
            let plain = try box.status("plain").stdout
            #expect(plain.hasSuffix("\n") && plain.dropLast().allSatisfy { $0 != "\n" }, sourceLocation: sourceLocation)
            #expect(
                try box.status("i3blocks").stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 4,
                sourceLocation: sourceLocation)
            let waybar = try JSONParser.parse(try box.status("waybar").stdout)
            for field in ["text", "tooltip", "alt"] {
                let value = waybar[field]?.stringValue ?? "<missing>"
                #expect(Pango.isEscapedText(value), "\(field): \(value.debugDescription)", sourceLocation: sourceLocation)
            }
            let json = try JSONParser.parse(try box.status("json").stdout)
            #expect(json["citation"]?["text"] == .string(pick.snapshot.text), sourceLocation: sourceLocation)
            // Feeds: each parses, and the JSON Feed carries each item's text exactly.
            for name in ["feed.xml", "feed.atom"] {
                #expect(
                    XMLParser(data: try Data(contentsOf: box.feeds.appendingPathComponent(name))).parse(), "\(name)",
                    sourceLocation: sourceLocation)
            }
            let feed = try JSONParser.parse(Array(try Data(contentsOf: box.feeds.appendingPathComponent("feed.json"))))
            let items = feed["items"]?.arrayValue ?? []
            let picks = try library.recentPicks(limit: max(1, items.count))
            #expect(items.count == picks.count, sourceLocation: sourceLocation)
            for (item, pick) in zip(items, picks) where item["content_text"] != .string(pick.snapshot.card) {
                Issue.record(
                    "feed.json: \(String(describing: item["content_text"]).prefix(200)) is not \(pick.snapshot.card.prefix(200))",
                    sourceLocation: sourceLocation)
            }
        }

        /// The real readers and validators: xmllint, feedparser, the W3C Feed Validator at AA, the
        /// JSON Feed schema with format checks.
        static func checkWithReaders(_ feeds: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let xmllint = try #require(
                findProgram("xmllint"), "scripts/setup-debian --test installs xmllint", sourceLocation: sourceLocation)
            for (name, html) in [("feed.xml", false), ("feed.atom", false), ("index.html", true)] {
                let result = try Sandbox.execute(
                    xmllint, (html ? ["--html"] : []) + ["--noout", feeds.appendingPathComponent(name).path], stdin: Data(),
                    environment: [:])
                #expect(result.status == 0 && result.stderr.isEmpty, "\(name): \(result)", sourceLocation: sourceLocation)
            }
            let feedcheck = Integration.FeedValidatorTests.shared.appendingPathComponent("tools/feedcheck")
            if FileManager.default.fileExists(atPath: feedcheck.path) {
                for name in ["feed.xml", "feed.atom"] {
                    let result = try Sandbox.execute(
                        feedcheck.path, [feeds.appendingPathComponent(name).path, "--level", "AA"], stdin: Data(),
                        environment: ProcessInfo.processInfo.environment)
                    #expect(
                        result.status == 0 && result.stdout.contains("no errors or warnings"),
                        "\(name): \(result.description.prefix(3000))",
                        sourceLocation: sourceLocation)
                }
            } else {
                // ../shared is not part of the project; where it is absent, the validator's part is left out.
                print("not checked with the W3C Feed Validator: \(feedcheck.path) is absent (../shared)")
            }
            let schema = Integration.FeedValidatorTests.shared.appendingPathComponent("vendor-data/jsonfeed-schema-v1.1.json")
            let python = try #require(
                pythonWith(["feedparser", "jsonschema"]), "scripts/setup-debian --test installs feedparser and jsonschema")
            let script = """
                import feedparser, json, os, sys, jsonschema
                for name in ["feed.xml", "feed.atom"]:
                    d = feedparser.parse(os.path.join(sys.argv[1], name))
                    assert not d.bozo, (name, d.bozo_exception)
                    assert d.entries, name
                if os.path.exists(sys.argv[2]):
                    checker = jsonschema.FormatChecker()
                    assert not checker.conforms("https://x.org/a b<", "uri")
                    schema = json.load(open(sys.argv[2]))
                    validator = jsonschema.validators.validator_for(schema)(schema, format_checker=checker)
                    errors = [e.message for e in validator.iter_errors(json.load(open(os.path.join(sys.argv[1], "feed.json"))))]
                    assert not errors, errors
                print("valid")
                """
            let result = try Sandbox.execute(
                python, ["-c", script, feeds.path, schema.path], stdin: Data(), environment: ProcessInfo.processInfo.environment)
            #expect(result.status == 0 && result.stdout == "valid\n", "\(result)", sourceLocation: sourceLocation)
        }

        /// Every stored case in one library, its feeds keeping every item, through the validators.
        @Test func everyStoredCaseTogetherPassesTheReadersAndValidators() throws {
            let box = try startedLibrary()
            #expect(try box.run("defaults", "write", "feedItems", "500").status == 0)
            var imported = 0
            for c in HostileCase.all where c.expect == "stored" && c.kind == "import" {
                let result = try run(c, in: box)
                #expect(result.status == 0, "\(c.file): \(result)")
                imported += Int(result.stdout.split(separator: " ")[1].dropLast()) ?? 0
            }
            #expect(imported >= 40)
            for _ in 0..<imported { #expect(try box.run("next").status == 0) }
            try Integration.HostileCorpusTests.checkRendering(box)
            try Integration.HostileCorpusTests.checkWithReaders(box.feeds)
        }
    }
}

enum Terminals {
    /// No control character but tab and newline, no DEL, C1 or bidi control.
    static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.needsTerminalEscape && $0 != "\u{1B}" }
            && !text.unicodeScalars.contains("\u{1B}")
    }
}

enum Pango {
    /// Text with no markup: no `<` or `>`, and every `&` starting one of the five entities.
    static func isEscapedText(_ text: String) -> Bool {
        if text.contains("<") || text.contains(">") { return false }
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            let after = rest[amp...]
            guard ["&amp;", "&lt;", "&gt;", "&apos;", "&quot;"].contains(where: { after.hasPrefix($0) }) else { return false }
            rest = rest[rest.index(after: amp)...]
        }
        return true
    }
}
