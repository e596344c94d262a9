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

/// Imports large enough to span many batches of the checking thread (256 records) and of the
/// inserts (64 rows), to drop and remake the indexes, and to fail late in the file.
@Suite struct BulkImportTests {
    /// A citefeed CSV of `count` rows: words that make row `i` findable (`wordi`), tags, every
    /// 7th a favourite; `line(i)` replaces the line of row `i` when given.
    static func csv(_ count: Int, line: (Int) -> String? = { _ in nil }) -> String {
        var out = "id,uuid,text,back,author,source,tags,favourite,created_at,updated_at,archived_at\r\n"
        for i in 1...count {
            if let custom = line(i) {
                out += custom + "\r\n"
                continue
            }
            let text = "Row \(i), with \"quotes\" and word\(i)"
            out += CSV.record([
                "", "", text, i % 5 == 0 ? "back \(i)" : "", "Author \(i % 13)", "", "bulk;t\(i % 4)", i % 7 == 0 ? "true" : "false",
                "2026-01-01T00:00:00Z", "", "",
            ])
        }
        return out
    }

    func write(_ box: Sandbox, _ name: String, _ text: String) throws -> String {
        let url = box.home.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The schema (tables, indexes, triggers with their SQL): a bulk import drops some and must
    /// put every one back as it was.
    func schema(_ box: Sandbox) throws -> [String] {
        try box.library().db.query("SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY name") {
            $0.text(0)
        }
    }

    @Test func largeCSVImportKeepsSchemaIndexAndCounts() throws {
        let box = try Sandbox()
        try box.add("Already here", "--tag", "bulk")
        let schemaBefore = try schema(box)
        let generation = try box.library().db.scalar("SELECT value FROM meta WHERE key = 'generation'")
        let result = try box.run("import", try write(box, "big.csv", BulkImportTests.csv(3000)))
        #expect(result.status == 0 && result.stdout == "imported 3000, skipped 0 duplicates\n" && result.stderr.isEmpty, "\(result)")
        #expect(try schema(box) == schemaBefore)
        let library = try box.library()
        #expect(try library.integrityCheck() == "ok")
        #expect(try library.db.query("PRAGMA foreign_key_check") { $0.text(0) }.isEmpty)
        #expect(try library.db.query("INSERT INTO citations_fts(citations_fts) VALUES ('integrity-check')") { _ in 0 }.isEmpty)
        #expect(try library.db.scalar("SELECT value FROM meta WHERE key = 'generation'") != generation)
        // Every row is findable, the first and the last batch alike.
        for word in ["word1", "word64", "word65", "word2999", "word3000"] {
            let found = try JSONParser.parse(try box.run("list", "--search", word, "--json").stdout).arrayValue ?? []
            #expect(found.count == 1, "\(word)")
        }
        let tags = try library.tags()
        #expect(tags.first { $0.tag.name == "bulk" }?.count == 3001)
        #expect(tags.first { $0.tag.name == "t1" }?.count == 750)
        #expect(try library.db.scalar("SELECT count(*) FROM citations WHERE favourite = 1") == 428)
        #expect(try library.db.scalar("SELECT count(*) FROM citations WHERE back IS NOT NULL") == 600)
        // Ids follow the library's: 2…3001, and the next add gets 3002.
        #expect(try library.db.scalar("SELECT min(id) FROM citations WHERE text LIKE 'Row %'") == 2)
        #expect(try box.add("After") == 3002)
        #expect(try box.run("status").status == 0)
    }

    @Test func smallImportIntoALibraryKeepsTheSchemaToo() throws {
        let box = try Sandbox()
        try box.add("Already here")
        let schemaBefore = try schema(box)
        #expect(try box.run("import", try write(box, "small.csv", BulkImportTests.csv(5))).stdout == "imported 5, skipped 0 duplicates\n")
        #expect(try schema(box) == schemaBefore)
        #expect(try box.library().integrityCheck() == "ok")
        #expect(try JSONParser.parse(try box.run("list", "--search", "word5", "--json").stdout).arrayValue?.count == 1)
    }

    @Test func aMalformedRowLateInTheFileUndoesEverything() throws {
        let box = try Sandbox()
        try box.add("Already here")
        let before = try box.state()
        let schemaBefore = try schema(box)
        let file = try write(box, "late.csv", BulkImportTests.csv(2000) + "1,,\"never closed\r\n")
        expectFailure(
            try box.run("import", file), status: .dataError, containing: "late.csv is not valid: line 2002: a quoted field is not closed.")
        #expect(try box.state() == before)
        #expect(try schema(box) == schemaBefore)
    }

    @Test func invalidRecordsInDifferentBatchesAreAllNamed() throws {
        let box = try Sandbox()
        try box.add("Already here")
        let before = try box.state()
        let text = BulkImportTests.csv(1000) { i in i == 10 || i == 600 ? ",,   ,,,,,,,," : nil }
        let file = try write(box, "gaps.csv", text)
        expectFailure(
            try box.run("import", file), status: .dataError,
            containing: "line 11: The citation text is empty; give the words to keep. line 601: The citation text is empty")
        #expect(try box.state() == before)
        let skipping = try box.run("import", file, "--skip-invalid")
        #expect(skipping.status == 0 && skipping.stdout == "imported 998, skipped 0 duplicates, 2 invalid\n", "\(skipping)")
        #expect(
            skipping.errorLines == [
                "citefeed: skipped line 11: The citation text is empty; give the words to keep.",
                "citefeed: skipped line 601: The citation text is empty; give the words to keep.",
            ])
    }

    @Test func duplicatesFarApartInTheFileAreFound() throws {
        let box = try Sandbox()
        let text = BulkImportTests.csv(900) { i in i == 899 ? ",,\"  ROW 3, with \"\"QUOTES\"\" and  word3 \",,author 3,,,,,," : nil }
        let result = try box.run("import", try write(box, "dups.csv", text))
        #expect(result.stdout == "imported 899, skipped 1 duplicate\n", "\(result)")
    }

    @Test func idsFromTheFileAreKeptWhenFree() throws {
        let box = try Sandbox()
        let json = """
            {"format": "citefeed", "version": 1, "citations": [
              {"text": "no id"}, {"text": "wants one", "id": 1}, {"text": "wants fifty", "id": 50}, {"text": "wants fifty too", "id": 50}
            ]}
            """
        #expect(try box.run("import", try write(box, "ids.json", json)).stdout == "imported 4, skipped 0 duplicates\n")
        let rows = try box.library().db.query("SELECT id, text FROM citations ORDER BY id") { "\($0.int(0)) \($0.text(1))" }
        // Read in order: the first record takes 1 before the second asks for it; new ids are
        // the lowest never used, and later ones go on above the highest.
        #expect(rows == ["1 no id", "2 wants one", "3 wants fifty too", "50 wants fifty"])
        #expect(try box.add("next") == 51)
    }

    @Test func exportStreamsEveryCitationAndRefusesAMissingDirectory() throws {
        let box = try Sandbox()
        #expect(try box.run("import", try write(box, "big.csv", BulkImportTests.csv(3000))).status == 0)
        let json = try box.run("export")
        #expect(json.status == 0)
        let citations = try JSONParser.parse(json.stdout)["citations"]?.arrayValue ?? []
        #expect(citations.count == 3000)
        #expect(citations.last?["text"] == .string("Row 3000, with \"quotes\" and word3000"))
        let csv = try box.run("export", "--format", "csv")
        #expect(try CSV.parse(csv.stdout).count == 3001)
        let file = box.home.appendingPathComponent("out.json").path
        #expect(try box.run("export", "--out", file).stderr == "Exported 3000 citations to \(file).\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == json.stdout)
        let missing = box.home.appendingPathComponent("no/such/dir/out.json").path
        expectFailure(try box.run("export", "--out", missing), status: .cannotCreate, containing: "no/such/dir")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: box.home.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }
}

@Suite struct PipelineTests {
    @Test func channelKeepsOrderWhileTheSenderWaitsForRoom() {
        let channel = Channel<Int>(capacity: 3)
        let sender = WorkerThread {
            for i in 0..<10_000 { _ = channel.send(i) }
            channel.close()
        }
        #expect(sender != nil)
        var received: [Int] = []
        while let i = channel.receive() { received.append(i) }
        sender?.join()
        #expect(received == Array(0..<10_000))
    }

    @Test func cancellingStopsTheSender() {
        let channel = Channel<Int>(capacity: 2)
        let sent = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { sent.deallocate() }
        sent.pointee = 0
        let sender = WorkerThread {
            var i = 0
            while channel.send(i) { i += 1 }
            sent.pointee = i
            channel.close()
        }
        #expect(channel.receive() == 0)
        channel.cancel()
        sender?.join()
        #expect(sent.pointee >= 1 && sent.pointee <= 4)
        #expect(channel.receive() == nil)
    }

    @Test func withoutLimitASenderCanRunFirst() {
        let channel = Channel<Int>(capacity: 1)
        channel.removeLimit()
        for i in 0..<100 { #expect(channel.send(i)) }
        channel.close()
        var count = 0
        while channel.receive() != nil { count += 1 }
        #expect(count == 100)
    }
}

@Suite struct ProgressBarTests {
    @Test(arguments: [
        (ImportProgress.reading(records: 0, fraction: 0), "importing [........................]   0%  0 records"),
        (.reading(records: 48_128, fraction: 0.5), "importing [############............]  50%  48,128 records"),
        (.reading(records: 1_234_567, fraction: 1.2), "importing [########################] 100%  1,234,567 records"),
        (.indexing, "importing [########################] 100%  building the search index…"),
    ])
    func lines(progress: ImportProgress, line: String) {
        #expect(ProgressBar.line(progress) == line)
    }
}

@Suite struct MigrationTests {
    /// A library as version 2 of the schema left it, with citations, is brought to the latest
    /// version on first use: the full-text index is made again (without column sizes) and finds
    /// what it found before; nothing else changes.
    @Test func aVersion2LibraryIsMigratedAndStillSearchable() throws {
        let box = try Sandbox()
        do {
            let db = try Database(path: box.libraryPath)
            try db.execute("PRAGMA journal_mode = WAL")
            try db.execute(Schema.migrations[0])
            try db.execute(Schema.migrations[1])
            try db.execute("PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 2")
            try db.execute("INSERT INTO meta (key, value) VALUES ('uuid', '2b0f7a7e-1c1e-4c1a-9d3e-8b7f6a5e4d3c'), ('seed', '7')")
            for (i, text) in ["Don't panic", "The quick brown fox", "Ça ira"].enumerated() {
                try db.run(
                    "INSERT INTO citations (uuid, text, author, created_at, updated_at, text_length) VALUES (?, ?, 'A', 1, 1, 5)",
                    .text(UUIDString.random()), .text(text))
                #expect(db.lastInsertRowID == Int64(i + 1))
            }
        }
        let result = try box.run("list", "--search", "don't", "--json")
        #expect(result.status == 0, "\(result)")
        #expect((try JSONParser.parse(result.stdout).arrayValue ?? []).map { $0["text"] } == [.string("Don't panic")])
        #expect(try JSONParser.parse(try box.run("list", "--search", "ca", "--json").stdout).arrayValue?.count == 1)
        let library = try box.library()
        #expect(try library.db.scalar("PRAGMA user_version") == Int64(Schema.latestVersion))
        let fts = try library.db.query("SELECT sql FROM sqlite_master WHERE name = 'citations_fts'") { $0.text(0) }
        #expect(fts.first?.contains("columnsize = 0") == true)
        #expect(try library.db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'citations_fts_docsize'") == 0)
        #expect(try library.db.query("INSERT INTO citations_fts(citations_fts) VALUES ('integrity-check')") { _ in 0 }.isEmpty)
        #expect(try library.db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'") == 17)
        // The index follows edits after the migration, through the same triggers.
        #expect(try box.run("edit", "2", "--text", "The slow green turtle").status == 0)
        #expect(try JSONParser.parse(try box.run("list", "--search", "fox", "--json").stdout).arrayValue?.isEmpty == true)
        #expect(try JSONParser.parse(try box.run("list", "--search", "turtle", "--json").stdout).arrayValue?.count == 1)
    }
}

extension MigrationTests {
    /// Version 4 rebuilds `citations` to move the uuid's uniqueness into an index of its own:
    /// rows, ids, the highest id ever given, taggings, picks, the full-text index and the
    /// triggers all come through, and uuids stay unique.
    @Test func aVersion3LibraryGetsItsUUIDIndexAndKeepsEverything() throws {
        let box = try Sandbox()
        do {
            let db = try Database(path: box.libraryPath)
            try db.execute("PRAGMA journal_mode = WAL")
            for migration in Schema.migrations.prefix(3) { try db.execute(migration) }
            try db.execute("PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 3")
            try db.execute("INSERT INTO meta (key, value) VALUES ('uuid', '2b0f7a7e-1c1e-4c1a-9d3e-8b7f6a5e4d3c'), ('seed', '7')")
            for text in ["Don't panic", "The quick brown fox", "Ça ira", "Deleted later"] {
                try db.run(
                    "INSERT INTO citations (uuid, text, author, created_at, updated_at, text_length) VALUES (?, ?, 'A', 1, 1, 5)",
                    .text(UUIDString.random()), .text(text))
            }
            try db.execute("DELETE FROM citations WHERE id = 4")
            try db.execute("INSERT INTO tags (id, name, key, color) VALUES (1, 'calm', 'calm', 'blue')")
            try db.execute("INSERT INTO citation_tags (citation_id, tag_id) VALUES (1, 1), (3, 1)")
            try db.execute(
                "INSERT INTO picks (slot_start, slot_end, picked_at, citation_id, cycle, reason, snapshot) VALUES (0, 3600, 0, 2, 1, 'order', '{}')"
            )
        }
        let before = try box.librarySnapshot()
        #expect(try box.run("list").status == 0)
        let library = try box.library()
        #expect(try library.db.scalar("PRAGMA user_version") == Int64(Schema.latestVersion))
        #expect(try box.librarySnapshot() == before)
        let table = try library.db.query("SELECT sql FROM sqlite_master WHERE name = 'citations'") { $0.text(0) }
        #expect(table.count == 1 && table.first?.contains("UNIQUE") == false)
        #expect(try library.db.scalar("SELECT \"unique\" FROM pragma_index_list('citations') WHERE name = 'citations_uuid'") == 1)
        #expect(try library.db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'") == 17)
        #expect(try library.db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'citations'") == 5)
        #expect(try library.db.scalar("SELECT count(*) FROM citation_tags") == 2)
        #expect(try library.db.scalar("SELECT citation_id FROM picks") == 2)
        #expect(try library.db.query("PRAGMA foreign_key_check") { $0.text(0) }.isEmpty)
        #expect(try library.integrityCheck() == "ok")
        #expect(try library.db.query("INSERT INTO citations_fts(citations_fts) VALUES ('integrity-check')") { _ in 0 }.isEmpty)
        // Ids are never reused: the one deleted before the migration stays given.
        let added = try box.run("add", "After the migration")
        #expect(added.status == 0, "\(added)")
        #expect(try library.db.scalar("SELECT max(id) FROM citations") == 5)
        #expect(try JSONParser.parse(try box.run("list", "--search", "fox", "--json").stdout).arrayValue?.count == 1)
        // Still unique.
        let uuid = try library.db.query("SELECT uuid FROM citations WHERE id = 1") { $0.text(0) }[0]
        let duplicate = try #require(throws: SQLiteError.self) {
            try library.db.run(
                "INSERT INTO citations (uuid, text, created_at, updated_at) VALUES (?, 'Another', 1, 1)", .text(uuid))
        }
        // SQLITE_CONSTRAINT_UNIQUE
        #expect(duplicate.extendedCode == 2067 && duplicate.message == "UNIQUE constraint failed: citations.uuid")
    }
}

@Suite struct JSONStreamingTests {
    @Test func elementsOfTheNamedListAreHandedOverInOrder() throws {
        let text = #"{"format": "citefeed", "citations": [{"text": "a"}, {"text": "b"}], "tags": [{"name": "x"}], "other": [1, 2]}"#
        var seen: [String] = []
        let document = try JSONParser.parse(Array(text.utf8), streaming: ["citations"]) { member, item, fraction in
            seen.append("\(member ?? "-") \(item["text"]?.stringValue ?? "?") \(fraction > 0 && fraction < 1)")
            return true
        }
        #expect(seen == ["citations a true", "citations b true"])
        #expect(document["citations"] == .array([]))
        #expect(document["other"] == .array([.int(1), .int(2)]))
        #expect(document["tags"]?.arrayValue?.count == 1)
        var top: [JSONValue] = []
        #expect(
            try JSONParser.parse(Array("[1, [2], {\"k\": [3]}]".utf8), streaming: ["k"]) { _, item, _ in
                top.append(item)
                return true
            } == .array([]))
        #expect(top == [.int(1), .array([.int(2)]), .object([("k", .array([.int(3)]))])])
    }

    @Test func anErrorInsideTheListNamesItsPlace() {
        var count = 0
        #expect(throws: JSONParser.Failure(line: 3, column: 10, reason: "expected ':' after a member name")) {
            try JSONParser.parse(Array("{\"quotes\": [\n{\"quote\": \"a\"},\n{\"quote\" \"b\"}]}".utf8), streaming: ["quotes"]) { _, _, _ in
                count += 1
                return true
            }
        }
        #expect(count == 1)
    }

    @Test func theReaderCanStopTheParse() {
        var count = 0
        #expect(throws: JSONParser.stopped) {
            try JSONParser.parse(Array("[1, 2, 3, 4, oops".utf8), streaming: []) { _, _, _ in
                count += 1
                return count < 2
            }
        }
        #expect(count == 2)
    }
}

@Suite struct BulkJSONImportTests {
    func write(_ box: Sandbox, _ name: String, _ text: String) throws -> String {
        let url = box.home.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func tagsListedAfterTheCitationsStillGiveTheirColours() throws {
        let box = try Sandbox()
        let json = """
            {"citations": [{"text": "one", "tags": ["Red one"]}, {"text": "two", "tags": ["plain"]}],
             "tags": [{"name": "Red one", "color": "#ff0000"}, {"name": "unused", "color": "blue"}],
             "format": "citefeed", "version": 1}
            """
        #expect(try box.run("import", try write(box, "late-tags.json", json)).stdout == "imported 2, skipped 0 duplicates\n")
        let tags = try box.library().tags().map { "\($0.tag.name) \($0.tag.color) \($0.count)" }
        #expect(tags.count == 3)
        // "Red one" was made first (red, the palette's first colour, until the file's colour
        // replaced it), so "plain" got the next one.
        #expect(tags[0] == "plain orange 1")
        #expect(tags[1] == "Red one #FF0000 1")
        #expect(tags[2].hasPrefix("unused ") && tags[2].hasSuffix(" 0"))
    }

    @Test func fieldsOfTheWrongTypeAreNamed() throws {
        let box = try Sandbox()
        try box.add("Already here")
        let before = try box.state()
        let json = #"[{"text": "fine"}, {"text": 5}, "just a string", {"quote": "q", "author": ["A"]}]"#
        expectFailure(
            try box.run("import", try write(box, "types.json", json)), status: .dataError,
            containing:
                #"record 2: "text" is not a string. record 3: Not an object with a "text". record 4: "author" is not a string. Nothing was imported"#
        )
        #expect(try box.state() == before)
    }

    @Test func anExportToAMissingDirectorySaysSo() throws {
        let box = try Sandbox()
        try box.add("x")
        let path = box.home.appendingPathComponent("nodir/x.json").path
        expectFailure(
            try box.run("export", "--out", path), status: .cannotCreate,
            containing:
                "Cannot write \(path): its directory \(box.home.appendingPathComponent("nodir").path) does not exist."
        )
    }

    @Test func aSyntaxErrorLateInALargeListUndoesEverything() throws {
        let box = try Sandbox()
        try box.add("Already here")
        let before = try box.state()
        var json = "[\n"
        for i in 1...2000 { json += "{\"text\": \"quote \(i)\", \"author\": \"A\"},\n" }
        json += "{\"text\": \"last\" \"author\": \"A\"}]\n"
        expectFailure(
            try box.run("import", try write(box, "late.json", json)), status: .dataError,
            containing: "late.json is not valid: line 2002, column 17: expected ',' or '}' in an object.")
        #expect(try box.state() == before)
        // The same list, well formed, imports every element.
        json = json.replacing("{\"text\": \"last\" \"author\"", with: "{\"text\": \"last\", \"author\"")
        #expect(try box.run("import", try write(box, "fine.json", json)).stdout == "imported 2001, skipped 0 duplicates\n")
    }
}
