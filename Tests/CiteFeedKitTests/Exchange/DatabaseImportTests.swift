import Foundation
import Testing

@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedStore
@testable import CiteFeedSupport

extension Integration {
    /// Kobo, Apple Books and Zotero databases: read from copies, never
    /// changed; Kobo's and Zotero's fixtures built from Tests/Fixtures/readers/*.sql (SOURCES.md).
    @Suite struct DatabaseImportTests {
        static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures/readers")
        static let appleBooks = readerCorpus.appendingPathComponent("applebooks")

        /// A database made from `script` (a fixture's name, or SQL) at `path`.
        static func make(_ path: String, _ script: String) throws {
            let sql =
                script.hasSuffix(".sql") ? try String(contentsOf: fixtures.appendingPathComponent(script), encoding: .utf8) : script
            let db = try Database(path: path)
            try db.execute(sql)
        }

        static func read(_ path: String, format: ImportFormat = .auto) throws -> (
            format: ImportFormat, records: [ImportRecord], reader: ImportReader
        ) {
            _ = Sandbox.processZone
            let (chosen, reader) = try Importers.database(path: path, name: path, format: format)
            var records: [ImportRecord] = []
            try reader.forEachRecord { record, _ in records.append(record) }
            return (chosen, records, reader)
        }

        /// The files of a folder with their sizes and modification times.
        static func listing(_ folder: String) throws -> [String: String] {
            var result: [String: String] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
                let a = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)
                result[name] = "\(a[.size] ?? 0) \((a[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
            }
            return result
        }

        @Test func koboHighlightsNotesAndWhatIsLeftOut() throws {
            let box = try Sandbox()
            let kobo = box.home.appendingPathComponent(".kobo")
            try FileManager.default.createDirectory(at: kobo, withIntermediateDirectories: true)
            let path = kobo.appendingPathComponent("KoboReader.sqlite").path
            try Integration.DatabaseImportTests.make(path, "kobo.sql")
            let before = try Integration.DatabaseImportTests.listing(kobo.path)
            let (format, records, reader) = try Integration.DatabaseImportTests.read(path)
            #expect(format == .kobo)
            #expect(
                records.map(\.text) == [
                    "A store book's pink passage.", "People are more cooperative than the standard model predicts.",
                    "The winner's curse:\nthe highest bidder overpays.",
                ])
            #expect(records.map(\.back) == [nil, nil, "Compare with chapter 1."])
            #expect(
                records.map(\.source) == [
                    "A Store Book", "The Winner's Curse — Chapter 1: Cooperation", "The Winner's Curse — Chapter 2: Auctions",
                ])
            #expect(records.map(\.author) == ["Jane Doe", "Richard H. Thaler, Alex Imas", "Richard H. Thaler, Alex Imas"])
            #expect(records.map(\.tags) == [["pink"], ["yellow"], ["blue"]])
            #expect(
                records.map(\.createdAt) == [
                    Timestamp(rfc3339: "2023-05-01T12:00:00Z"), Timestamp(rfc3339: "2024-01-15T14:30:00Z"),
                    Timestamp(rfc3339: "2024-01-16T08:00:05Z"),
                ])
            #expect(
                reader.skipped.map(\.0) == ["bookmark", "hand-drawn markup", "removed highlight"] && reader.skipped.map(\.1) == [1, 1, 1])
            // Nothing was made or changed beside the database.
            #expect(try Integration.DatabaseImportTests.listing(kobo.path) == before)
        }

        /// An older firmware's Bookmark has no Color and no Type column.
        @Test func anOlderKoboWithoutColours() throws {
            let box = try Sandbox()
            let path = box.home.appendingPathComponent("KoboReader.sqlite").path
            try Integration.DatabaseImportTests.make(path, "kobo.sql")
            let db = try Database(path: path)
            try db.execute("ALTER TABLE Bookmark DROP COLUMN Color; ALTER TABLE Bookmark DROP COLUMN Type")
            let (_, records, reader) = try Integration.DatabaseImportTests.read(path)
            // The markup, without a Type to say so, has no passage: a bookmark.
            #expect(records.count == 3 && records.allSatisfy { $0.tags.isEmpty })
            #expect(reader.skipped.map(\.0) == ["bookmark", "removed highlight"] && reader.skipped.map(\.1) == [2, 1])
        }

        @Test func zoteroAnnotationsWithTheirPapersAndAuthors() throws {
            let box = try Sandbox()
            let path = box.home.appendingPathComponent("zotero.sqlite").path
            try Integration.DatabaseImportTests.make(path, "zotero.sql")
            let (format, records, reader) = try Integration.DatabaseImportTests.read(path)
            #expect(format == .zotero)
            #expect(
                records.map(\.text) == [
                    "Self-attention, sometimes called intra-attention", "The Transformer follows this overall architecture.",
                    "We suffer more in imagination than in reality.",
                ])
            #expect(records.map(\.back) == [nil, "Key claim", nil])
            #expect(
                records.map(\.source) == ["Attention Is All You Need — p. 2", "Attention Is All You Need — p. 3", "notes-on-stoicism.epub"])
            #expect(records.map(\.author) == ["Ashish Vaswani, Noam Shazeer", "Ashish Vaswani, Noam Shazeer", nil])
            #expect(records.map(\.tags) == [["blue"], ["yellow"], ["purple"]])
            #expect(records[1].createdAt == Timestamp(rfc3339: "2024-02-03T09:15:00Z"))
            #expect(
                reader.skipped.map(\.0) == ["note", "image", "annotation in the trash"] && reader.skipped.map(\.1) == [1, 1, 1],
                "\(reader.skipped)")
        }

        /// The independent counter: Python's sqlite3 on a copy of the set, the rows not deleted with
        /// selected text, and those with a note too.
        static let appleCounter = """
            import os, shutil, sqlite3, sys, tempfile
            d = tempfile.mkdtemp(); src = sys.argv[1]
            for s in ("", "-wal", "-shm"):
                if os.path.exists(src + s): shutil.copy(src + s, os.path.join(d, "a.sqlite" + s))
            c = sqlite3.connect(os.path.join(d, "a.sqlite"))
            rows = c.execute("SELECT ZANNOTATIONSELECTEDTEXT, ZANNOTATIONNOTE FROM ZAEANNOTATION WHERE ZANNOTATIONDELETED = 0").fetchall()
            rows = [(t, n) for t, n in rows if t and t.strip()]
            print(len(rows), sum(1 for t, n in rows if n and n.strip()))
            shutil.rmtree(d)
            """

        @Test(.needsShared(appleBooks), .requires(findProgram("python3") != nil, "needs python3 as the independent counter"))
        func appleBooksFromItsWALSetWithTheLibraryBeside() throws {
            let folder = Integration.DatabaseImportTests.appleBooks.appendingPathComponent("readstor-books-annotated/AEAnnotation")
            let path = folder.appendingPathComponent("AEAnnotation_v10312011_1727_local.sqlite").path
            let before = try Integration.DatabaseImportTests.listing(folder.path)
            let numbers = try pythonCount(Integration.DatabaseImportTests.appleCounter, URL(fileURLWithPath: path))
            let (format, records, reader) = try Integration.DatabaseImportTests.read(path)
            #expect(format == .applebooks && numbers == [10, 6])
            #expect(records.count == numbers.first && records.filter { $0.back != nil }.count == numbers.last)
            #expect(reader.skipped.map(\.0) == ["bookmark"] && reader.skipped.map(\.1) == [3])
            let henri = try #require(records.first { $0.text == "We are not here to do what has already been done." })
            #expect(henri.author == "Robert Henri" && henri.source?.hasPrefix("The Art Spirit") == true && henri.createdAt != nil)
            #expect(Set(records.compactMap(\.author)) == ["Robert Henri", "Krishnamurti", "Richard P. Feynman"])
            #expect(try Integration.DatabaseImportTests.listing(folder.path) == before)
            // The merged single-file copy, with its library in the same folder, gives the same.
            let merged = try Integration.DatabaseImportTests.read(
                Integration.DatabaseImportTests.appleBooks.appendingPathComponent("readstor-annotated-merged-AEAnnotation.sqlite").path)
            #expect(merged.records == records)
        }
    }
}

extension Integration {
    /// Databases that are not what they seem: each a clear error and nothing
    /// written, or, for a locked one, a clean import of what it holds.
    @Suite struct DatabaseBadInputTests {
        @Test func foreignDamagedAndNewerDatabasesAreRefused() throws {
            let box = try Sandbox()
            try box.add("Already here")
            let before = try box.state()
            func path(_ name: String) -> String { box.home.appendingPathComponent(name).path }
            try Integration.DatabaseImportTests.make(path("other.sqlite"), "CREATE TABLE foo (x); INSERT INTO foo VALUES (1);")
            try Data("SQLite format 3\u{0}".utf8 + Array(repeating: 0x41, count: 5000)).write(
                to: URL(fileURLWithPath: path("garbage.sqlite")))
            try Integration.DatabaseImportTests.make(path("zotero.sqlite"), "zotero.sql")
            try Integration.DatabaseImportTests.make(
                path("zotero.sqlite"), "UPDATE version SET version = 10 WHERE schema = 'compatibility'")
            try Integration.DatabaseImportTests.make(path("KoboReader.sqlite"), "kobo.sql")
            try Integration.DatabaseImportTests.make(path("KoboReader.sqlite"), "ALTER TABLE Bookmark RENAME COLUMN Text TO Passage")
            for (file, reason) in [
                (
                    "other.sqlite",
                    "it is an SQLite database, but not one citefeed reads (Kobo's KoboReader.sqlite, Apple Books' AEAnnotation or Zotero's zotero.sqlite)"
                ),
                ("garbage.sqlite", "it is not an SQLite database, or it is encrypted"),
                ("zotero.sqlite", "it is from a newer Zotero (schema compatibility 10; citefeed reads up to 9), so update citefeed"),
                (
                    "KoboReader.sqlite",
                    "its schema is not one citefeed knows (no such column: b.Text); it may be from a newer version of the program that wrote it"
                ),
            ] {
                let original = try Data(contentsOf: URL(fileURLWithPath: path(file)))
                let run = try box.run(["import", path(file)])
                #expect(run.status == 65 && run.stderr == "citefeed: error: \(path(file)) is not valid: \(reason).\n", "\(run)")
                #expect(try box.state() == before)
                #expect(try Data(contentsOf: URL(fileURLWithPath: path(file))) == original)
            }
            let piped = try box.run(["import", "--format", "kobo", "-"], stdin: Data("x".utf8))
            #expect(
                piped.status == 65
                    && piped.stderr
                        == "citefeed: error: standard input is not valid: a kobo database is read from its file; give its path.\n"
            )
            try "not a database".write(toFile: path("notes.txt"), atomically: true, encoding: .utf8)
            let text = try box.run(["import", "--format", "zotero", path("notes.txt")])
            #expect(
                text.status == 65 && text.stderr.hasSuffix("is not valid: it is not an SQLite database, as a zotero file is.\n"), "\(text)")
            #expect(try box.state() == before)
        }

        /// A database another program holds locked (Zotero keeps an exclusive lock while it runs)
        /// is read from a copy: its committed highlights are imported, and it is left as it was.
        @Test(.requires(findProgram("python3") != nil, "python3 holds the lock"))
        func aLockedDatabaseIsReadFromACopy() throws {
            let box = try Sandbox()
            let path = box.home.appendingPathComponent("zotero.sqlite").path
            try Integration.DatabaseImportTests.make(path, "zotero.sql")
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            let python = try #require(findProgram("python3"))
            let holder = Process()
            holder.executableURL = URL(fileURLWithPath: python)
            let ready = box.home.appendingPathComponent("locked").path
            holder.arguments = [
                "-c",
                """
                import sqlite3, sys, time
                c = sqlite3.connect(sys.argv[1], isolation_level=None)
                c.execute("PRAGMA locking_mode = EXCLUSIVE"); c.execute("BEGIN EXCLUSIVE")
                c.execute("UPDATE itemAnnotations SET comment = 'uncommitted' WHERE itemID = 10")
                open(sys.argv[2], "w").close(); time.sleep(30)
                """, path, ready,
            ]
            try holder.run()
            // SIGKILL: the test process may ignore SIGTERM, and its children with it.
            defer { kill(holder.processIdentifier, SIGKILL) }
            for _ in 0..<200 where !FileManager.default.fileExists(atPath: ready) { usleep(20_000) }
            #expect(FileManager.default.fileExists(atPath: ready))
            let run = try box.run(["import", path])
            #expect(run.status == 0 && run.stdout == "imported 3, skipped 0 duplicates\n", "\(run)")
            #expect(try box.run("list", "--search", "uncommitted").stdout.isEmpty)
            kill(holder.processIdentifier, SIGKILL)
            holder.waitUntilExit()
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        }
    }
}
