import Foundation
import Testing

@testable import CiteFeedStore
@testable import CiteFeedSupport

extension EndToEnd {
    /// What another machine's file or a handed-over e-reader can make citefeed hold: before the bounds, a
    /// log of 64 MiB of empty lines grew `sync` to 19.4 GB and never finished; a crafted Kobo
    /// database (rows of `hex(zeroblob(150000000))`) made `import` use 3.1 GB before refusing
    /// them. Each is read a bounded piece at a time; peak memory is measured from the process.
    @Suite struct MemoryBoundTests {
        static let limit = 100 << 20

        @Test func aLogOfBlankLinesCostsNothing() throws {
            let (a, _, folder) = try SyncFolderTests.pair()
            _ = try a.add("one")
            _ = try SyncFolderTests.sync(a, folder)
            let uuid = try SyncPeerInputTests.uuid(a)
            let machine = "0badc0de-0000-4000-8000-000000000001"
            try SyncPeerInputTests.forge(folder, lines: [], machine: machine)
            // 64 MiB of line feeds (and white space), then one change: it is applied.
            let log = folder.appendingPathComponent(machine).appendingPathComponent("log-000001.jsonl")
            let handle = try FileHandle(forWritingTo: log)
            let blank = Data(repeating: 0x0A, count: 1 << 20)
            for i in 0..<64 { try handle.write(contentsOf: i == 7 ? Data(repeating: 0x20, count: 1 << 20) + Data([0x0A]) : blank) }
            try handle.write(
                contentsOf: Data(
                    #"{"v":1,"s":1,"c":"1772353900000-0","k":"c","u":"\#(uuid)","f":{"author":"After the blanks"}}"#.utf8 + [0x0A]))
            // And a line of 5 MiB without a line feed's end until then: passed over, named.
            try handle.write(contentsOf: Data(repeating: 0x41, count: 5 << 20) + Data([0x0A]))
            try handle.close()
            let run = try PeakMemory.run(a, ["sync"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.peak < Self.limit, "peak \(run.peak) bytes")
            #expect(
                run.stderr.contains("log-000001.jsonl line 66060291: the line is longer than 4 MiB, which no change is; skipped"),
                "\(run.stderr)")
            #expect(try a.run("show", "1").stdout.contains("After the blanks"))
            // The position was kept: the next sync reads nothing again.
            let again = try SyncFolderTests.sync(a)
            #expect(again.stdout.contains("0 applied") && again.stderr.isEmpty, "\(again)")
        }

        @Test func aKoboDatabaseOfHugeGeneratedRowsIsRefusedRowByRow() throws {
            let box = try Sandbox()
            try box.add("Already here")
            let path = box.home.appendingPathComponent("KoboReader.sqlite").path
            try Integration.DatabaseImportTests.make(
                path,
                """
                CREATE TABLE content (ContentID TEXT PRIMARY KEY, Title TEXT, Attribution TEXT);
                CREATE TABLE Bookmark (
                  BookmarkID TEXT PRIMARY KEY, VolumeID TEXT, ContentID TEXT, Passage TEXT, Annotation TEXT, DateCreated TEXT,
                  DateModified TEXT, ChapterProgress REAL DEFAULT 0, Hidden BOOL DEFAULT 0,
                  Text TEXT GENERATED ALWAYS AS (CASE WHEN BookmarkID LIKE 'bomb%' THEN hex(zeroblob(150000000)) ELSE Passage END) VIRTUAL);
                INSERT INTO content VALUES ('book', 'A Book', 'An Author');
                INSERT INTO Bookmark (BookmarkID, VolumeID, ContentID, Passage, DateCreated) VALUES
                  ('bomb1', 'book', 'book', NULL, '2026-01-01T10:00:00Z'), ('bomb2', 'book', 'book', NULL, '2026-01-01T10:00:01Z'),
                  ('bomb3', 'book', 'book', NULL, '2026-01-01T10:00:02Z'), ('bomb4', 'book', 'book', NULL, '2026-01-01T10:00:03Z'),
                  ('fine', 'book', 'book', 'A highlight of honest length.', '2026-01-01T10:00:04Z');
                """)
            let before = try box.state()
            let refused = try PeakMemory.run(box, ["import", path])
            #expect(refused.status == 65, "\(refused.stderr)")
            #expect(refused.peak < Self.limit, "peak \(refused.peak) bytes")
            #expect(
                refused.stderr.contains(
                    "record 1: a value of this highlight is larger than 4 MiB, which no reader writes"), "\(refused.stderr)")
            #expect(try box.state() == before)
            let skipped = try PeakMemory.run(box, ["import", path, "--skip-invalid"])
            #expect(skipped.status == 0 && skipped.peak < Self.limit, "\(skipped.stderr) peak \(skipped.peak)")
            #expect(try box.run("list").stdout.contains("A highlight of honest length."))
        }

        /// Apple Books' and Zotero's databases are read as Kobo's is: each row by itself, a value
        /// over 4 MiB refused alone (they read every row first).
        @Test(arguments: [
            (
                "AEAnnotation_v10312011_1727_local.sqlite",
                """
                CREATE TABLE ZAEANNOTATION (
                  Z_PK INTEGER PRIMARY KEY, raw TEXT, ZANNOTATIONNOTE TEXT, ZANNOTATIONCREATIONDATE REAL, ZANNOTATIONSTYLE INTEGER,
                  ZFUTUREPROOFING5 TEXT, ZANNOTATIONASSETID TEXT, ZANNOTATIONDELETED INTEGER DEFAULT 0, ZPLLOCATIONRANGESTART INTEGER,
                  ZANNOTATIONSELECTEDTEXT TEXT GENERATED ALWAYS AS (CASE WHEN Z_PK < 5 THEN hex(zeroblob(150000000)) ELSE raw END) VIRTUAL);
                INSERT INTO ZAEANNOTATION (Z_PK, raw, ZANNOTATIONASSETID, ZPLLOCATIONRANGESTART) VALUES
                  (1, NULL, 'a', 1), (2, NULL, 'a', 2), (3, NULL, 'a', 3), (4, NULL, 'a', 4), (5, 'A highlight of honest length.', 'b', 1);
                """
            ),
            (
                "zotero.sqlite",
                """
                ALTER TABLE itemAnnotations RENAME TO honest;
                CREATE TABLE itemAnnotations (itemID INTEGER PRIMARY KEY, parentItemID INT NOT NULL, type INTEGER NOT NULL, authorName TEXT,
                  raw TEXT, comment TEXT, color TEXT, pageLabel TEXT, sortIndex TEXT NOT NULL, position TEXT NOT NULL, isExternal INT NOT NULL,
                  text TEXT GENERATED ALWAYS AS (CASE WHEN itemID >= 100 THEN hex(zeroblob(150000000)) ELSE raw END) VIRTUAL);
                INSERT INTO itemAnnotations (itemID, parentItemID, type, authorName, raw, comment, color, pageLabel, sortIndex, position, isExternal)
                  SELECT * FROM honest;
                INSERT INTO items (itemID, itemTypeID, dateAdded, libraryID, key) VALUES
                  (100, 1, '2024-02-03 09:15:00', 1, 'BOMB0100'), (101, 1, '2024-02-03 09:15:00', 1, 'BOMB0101'),
                  (102, 1, '2024-02-03 09:15:00', 1, 'BOMB0102'), (103, 1, '2024-02-03 09:15:00', 1, 'BOMB0103');
                INSERT INTO itemAnnotations (itemID, parentItemID, type, sortIndex, position, isExternal) VALUES
                  (100, 2, 1, '00000|000000|00000', '{}', 0), (101, 2, 1, '00000|000000|00001', '{}', 0),
                  (102, 2, 1, '00000|000000|00002', '{}', 0), (103, 2, 1, '00000|000000|00003', '{}', 0);
                """
            ),
        ])
        func appleBooksAndZoteroDatabasesOfHugeGeneratedRowsAreRefusedRowByRow(file: String, script: String) throws {
            let box = try Sandbox()
            try box.add("Already here")
            let path = box.home.appendingPathComponent(file).path
            if file == "zotero.sqlite" { try Integration.DatabaseImportTests.make(path, "zotero.sql") }
            try Integration.DatabaseImportTests.make(path, script)
            let before = try box.state()
            let refused = try PeakMemory.run(box, ["import", path])
            #expect(refused.status == 65, "\(refused.stderr)")
            #expect(refused.peak < Self.limit, "peak \(refused.peak) bytes")
            #expect(refused.stderr.contains("a value of this highlight is larger than 4 MiB, which no reader writes"), "\(refused.stderr)")
            #expect(try box.state() == before)
            let skipped = try PeakMemory.run(box, ["import", path, "--skip-invalid"])
            #expect(skipped.status == 0 && skipped.peak < Self.limit, "\(skipped.stderr) peak \(skipped.peak)")
            #expect(
                try box.run("list").stdout.contains(file == "zotero.sqlite" ? "The Transformer follows" : "A highlight of honest length."))
        }
    }
}
