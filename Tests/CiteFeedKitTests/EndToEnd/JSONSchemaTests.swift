import Foundation
import Testing

@testable import CiteFeedModel
@testable import CiteFeedService
@testable import CiteFeedSupport

extension Integration {
    /// Every `--json` output and the export, checked by Python's `jsonschema`
    /// against the schemas of `doc/schema/` (which the README points widget authors to).
    @Suite struct JSONSchemaTests {
        static let schemas = packageRoot.appendingPathComponent("doc/schema")

        /// Validates each (schema name, JSON text) pair in one Python run; returns its report, one
        /// line per document: `ok NAME` or `FAIL NAME: reason`.
        static func validate(_ documents: [(String, String)], in folder: URL) throws -> [String] {
            let python = try #require(pythonWith(["jsonschema"]), "Python's jsonschema is not installed (scripts/setup-debian --test)")
            var arguments = ["-c", script, schemas.path]
            for (i, (name, text)) in documents.enumerated() {
                let file = folder.appendingPathComponent("doc-\(i).json")
                try text.write(to: file, atomically: true, encoding: .utf8)
                arguments += [name, file.path]
            }
            let result = try Sandbox.execute(python, arguments, stdin: Data(), environment: ProcessInfo.processInfo.environment)
            #expect(result.status == 0, "\(result)")
            return result.stdout.split(separator: "\n").map(String.init)
        }

        /// Loads every schema by its `$id` (`urn:citefeed:schema:NAME`), with `referencing` (jsonschema
        /// 4.18 and later) or the older `RefResolver` (Debian 12's 4.10).
        static let script = """
            import glob, json, os, sys, jsonschema
            folder = sys.argv[1]
            schemas = {}
            for path in glob.glob(os.path.join(folder, '*.schema.json')):
                with open(path) as f:
                    s = json.load(f)
                schemas[s['$id']] = s
            def validator(name):
                schema = schemas['urn:citefeed:schema:' + name]
                cls = jsonschema.validators.validator_for(schema)
                cls.check_schema(schema)
                try:
                    from referencing import Registry, Resource
                    registry = Registry().with_resources([(k, Resource.from_contents(v)) for k, v in schemas.items()])
                    return cls(schema, registry=registry)
                except ImportError:
                    return cls(schema, resolver=jsonschema.RefResolver.from_schema(schema, store=schemas))
            args = sys.argv[2:]
            for name, path in zip(args[0::2], args[1::2]):
                with open(path) as f:
                    doc = json.load(f)
                errors = sorted(validator(name).iter_errors(doc), key=lambda e: list(e.absolute_path))
                if errors:
                    e = errors[0]
                    print('FAIL %s: %s at %s' % (name, e.message[:300], '/'.join(map(str, e.absolute_path))))
                else:
                    print('ok ' + name)
            """

        /// A library with every kind of thing: tags with colours, a favourite, an archived citation,
        /// a card answered twice, a rotation in review mode.
        static func fullLibrary() throws -> Sandbox {
            let box = try Sandbox()
            try box.add("Plain", "--author", "Someone", "--source", "https://example.org/a?b=1&c=2", "--tag", "life", "--favourite")
            try box.add("Question", "--back", "Answer", "--tag", "cards")
            try box.add("Gone", "--tag", "life")
            try box.run("tag", "edit", "life", "--color", "#12AB9F")
            try box.run("archive", "3")
            try box.run("rotate")
            try box.run("next")
            for (grade, time) in [(Grade.good, "2026-03-01T09:40:00+01:00"), (.again, "2026-03-01T10:30:00+01:00")] {
                try StudyService(library: try box.library(), settings: Settings(), now: Timestamp(rfc3339: time)!).grade(2, grade)
            }
            box.now = "2026-03-01T10:40:00+01:00"
            try box.run("rotation", "add", "study")
            try box.run("defaults", "write", "mode", "review", "--rotation", "study")
            try box.run("rotate", "--rotation", "study")
            return box
        }

        @Test(.requires(pythonWith(["jsonschema"]) != nil, "needs Python's jsonschema"))
        func everyJSONOutputMatchesItsSchema() throws {
            let box = try Integration.JSONSchemaTests.fullLibrary()
            func out(_ arguments: String...) throws -> String {
                let result = try box.run(arguments)
                #expect(result.status == 0, "\(arguments): \(result)")
                return result.stdout
            }
            let export = box.home.appendingPathComponent("export.json")
            #expect(try box.run("export", "--all", "--out", export.path).status == 0)
            let documents: [(String, String)] = [
                ("list", try out("list", "--json")), ("list", try out("list", "--json", "--archived")),
                ("show", try out("show", "1", "--json")),
                ("show", try out("show", "2", "--json")), ("history", try out("history", "--json")),
                ("upcoming", try out("upcoming", "--json")),
                ("status", try out("status", "--format", "json")), ("status", try out("status", "--format", "json", "--rotation", "study")),
                ("status", try String(contentsOf: box.home.appendingPathComponent("current.json"), encoding: .utf8)),
                ("tag-list", try out("tag", "list", "--json")), ("colors", try out("colors", "--json")),
                ("stats", try out("stats", "--json")), ("stats-simulate", try out("stats", "--simulate", "0.85", "--json")),
                ("about", try out("about", "--json")), ("defaults", try out("defaults", "read", "--json")),
                ("export", try String(contentsOf: export, encoding: .utf8)),
            ]
            let report = try Integration.JSONSchemaTests.validate(documents, in: box.home)
            #expect(report == documents.map { "ok " + $0.0 }, "\(report.joined(separator: "\n"))")
            // What the test reads is what it means to: a card with its log, a review rotation's state.
            let exported = try JSONParser.parse(try String(contentsOf: export, encoding: .utf8))
            let card = exported["citations"]?.arrayValue?.first { $0["id"] == .int(2) }?["card"]
            #expect(card?["log"]?.arrayValue?.count == 2 && card?["log"]?.arrayValue?.last?["cardBefore"]?["reviews"] == .int(1))
            #expect(
                try JSONParser.parse(try out("status", "--format", "json", "--rotation", "study"))["review"]?["revealed"] == .bool(false))
        }

        /// The schemas refuse what earlier citefeeds wrote and what is wrong, so the test above can fail.
        @Test(.requires(pythonWith(["jsonschema"]) != nil, "needs Python's jsonschema"))
        func theSchemasRefuseTheOldShapes() throws {
            let box = try Sandbox()
            let citation =
                #"{"id": 1, "uuid": "00000000-0000-4000-8000-000000000001", "text": "Q", "back": null, "author": null, "source": null, "#
            let report = try Integration.JSONSchemaTests.validate(
                [
                    // list --json before tags became objects: tags as names.
                    (
                        "list",
                        "[\(citation)\"tags\": [\"x\"], \"favourite\": false, \"createdAt\": \"2026-03-01T08:30:00Z\", \"updatedAt\": \"2026-03-01T08:30:00Z\", \"archivedAt\": null}]"
                    ),
                    // status before: the citation's members beside the slot's.
                    (
                        "status",
                        "{\"slotStart\": \"2026-03-01T08:00:00Z\", \"slotEnd\": \"2026-03-01T09:00:00Z\", \"id\": 1, \"text\": \"Q\", \"citation\": null}"
                    ),
                    // A card time in seconds, as the review log kept it.
                    (
                        "card",
                        "{\"state\": \"review\", \"step\": null, \"stability\": 3, \"difficulty\": 5, \"due\": 1772438400, \"lastReview\": null, \"reviews\": 1, \"lapses\": 0}"
                    ),
                    // The name the export gave once: reps.
                    (
                        "card",
                        "{\"state\": \"new\", \"step\": 0, \"stability\": null, \"difficulty\": null, \"due\": null, \"lastReview\": null, \"reps\": 0, \"lapses\": 0}"
                    ),
                    (
                        "export",
                        "{\"format\": \"citefeed\", \"version\": 2, \"exportedAt\": \"2026-03-01T08:30:00Z\", \"tags\": [], \"citations\": []}"
                    ),
                ], in: box.home)
            #expect(report.count == 5 && report.allSatisfy { $0.hasPrefix("FAIL ") }, "\(report.joined(separator: "\n"))")
        }

        /// The README's `jq` lines, run as written on the library above, print what they say.
        @Test(.requires(findProgram("jq") != nil, "needs jq (scripts/setup-debian --test)"))
        func theReadmesJqExamplesWork() throws {
            let box = try Integration.JSONSchemaTests.fullLibrary()
            let readme = try String(contentsOf: packageRoot.appendingPathComponent("doc/formats.md"), encoding: .utf8)
            let section = try #require(readme.components(separatedBy: "### JSON for scripts and widgets").dropFirst().first)
            let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
            let lines = block.split(separator: "\n").map { String($0) }
            #expect(lines.count == 3)
            var env = box.environment
            env["PATH"] = Sandbox.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
            var outputs: [String] = []
            for line in lines {
                let result = try Sandbox.execute("/bin/bash", ["-o", "pipefail", "-c", line], stdin: Data(), environment: env)
                #expect(result.status == 0 && result.stderr.isEmpty, "\(line): \(result)")
                outputs.append(result.stdout)
            }
            let shown = try JSONParser.parse(try box.run("status", "--format", "json").stdout)["citation"]?["text"]?.stringValue
            #expect(outputs[0] == (shown ?? "null") + "\n")
            #expect(outputs[1] == "life\n")
            #expect(outputs[2].contains("life #12AB9F\n") && outputs[2].contains("cards #"))
        }
    }
}
