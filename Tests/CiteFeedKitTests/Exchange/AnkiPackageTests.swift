import Foundation
import Testing

@testable import CiteFeedSupport

extension Integration {
    /// Anki's packages made by Anki itself (PyPI `anki`): notes in decks, answered on given days
    /// under faketime with Anki's FSRS on (`Tests/Fixtures/anki/make-anki-packages.py`), exported
    /// as a deck and a collection, each in the form for older Anki versions and the current one
    /// (zstd). Imported by the built binary, each card's due day and stability are what Anki
    /// shows for it (within 1 day and 5%), and its fields, tags, flags and suspension are there.
    @Suite struct AnkiPackageTests {
        static let python = pythonWith(["anki"])
        static let faketime = ["/usr/bin/faketime", "/usr/local/bin/faketime"].first { FileManager.default.isExecutableFile(atPath: $0) }
        static let available = python != nil && faketime != nil

        /// The packages and `cards.json`, made once.
        static let made: Result<URL, any Error> = Result {
            let python = try #require(AnkiPackageTests.python)
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("cf-anki-\(UUID().uuidString)")
            let script = packageRoot.appendingPathComponent("Tests/Fixtures/anki/make-anki-packages.py").path
            var environment = ProcessInfo.processInfo.environment
            environment["TZ"] = "UTC"
            let result = try Sandbox.execute(python, [script, out.path], stdin: Data(), environment: environment)
            guard result.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["stderr": result.stderr]) }
            return out
        }

        /// The folder `name` beside Anki's packages in `folder`, made by the Python `script`
        /// (given the packages' folder and the new one): packages rewritten from Anki's.
        static func rewritten(by script: String, from folder: URL, into name: String) throws -> URL {
            let out = folder.appendingPathComponent(name)
            let result = try Sandbox.execute(
                try #require(findProgram("python3")), ["-c", script, folder.path, out.path], stdin: Data(),
                environment: ProcessInfo.processInfo.environment)
            guard result.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["stderr": result.stderr]) }
            return out
        }

        /// What Anki shows for each card.
        struct AnkiCard {
            var guid: String, ord: Int, queue: Int, due: String?, stability: Double?, reviews: Int, front: String
        }

        static func ankiCards(_ folder: URL) throws -> [AnkiCard] {
            guard case .array(let cards) = try JSONParser.parse(Array(try Data(contentsOf: folder.appendingPathComponent("cards.json"))))
            else { throw CocoaError(.coderReadCorrupt) }
            return cards.map {
                AnkiCard(
                    guid: $0["guid"]?.stringValue ?? "", ord: Int($0["ord"]?.numberValue ?? -1), queue: Int($0["queue"]?.numberValue ?? 9),
                    due: $0["due"]?.stringValue, stability: $0["stability"]?.numberValue, reviews: Int($0["reviews"]?.numberValue ?? 0),
                    front: $0["front"]?.stringValue ?? "")
            }
        }

        static func importing(_ package: String) throws -> (Sandbox, [String: JSONValue], URL) {
            let folder = try made.get()
            let box = try Sandbox()
            box.timeZone = "UTC"
            // Hours after the last study day's 12:00 (Anki's clock runs on under faketime).
            box.now = "2026-03-16T18:00:00Z"
            let imported = try box.run(["import", folder.appendingPathComponent(package).path])
            try #require(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.contains("imported 19"), "\(imported.stdout)")
            let exported = try box.run("export", "--all")
            try #require(exported.status == 0)
            var byUUID: [String: JSONValue] = [:]
            for c in try JSONParser.parse(Array(exported.stdout.utf8))["citations"]?.arrayValue ?? [] {
                byUUID[c["uuid"]?.stringValue ?? ""] = c
            }
            return (box, byUUID, folder)
        }

        static let packages = ["legacy.apkg", "latest.apkg", "latest.colpkg", "legacy.colpkg"]

        @Test(.requires(available, "needs Python's anki and faketime (scripts/setup-debian --test installs them)"), arguments: packages)
        func scheduleAsAnkiHasIt(package: String) throws {
            let (_, citations, folder) = try Self.importing(package)
            let anki = try Self.ankiCards(folder)
            #expect(anki.count == 19 && citations.count == 19)
            var compared = 0
            for card in anki {
                let uuid = UUIDString.nameBased(
                    namespace: "6f0c2b1e-3a4d-4e5f-9a8b-7c6d5e4f3a2b", name: card.guid + "\u{1F}" + String(card.ord))
                let mine = try #require(citations[uuid], "no citation for \(card.front) (card \(card.ord))")["card"]
                let log = mine?["log"]?.arrayValue ?? []
                #expect(log.count == card.reviews, "\(card.front): \(log.count) answers, Anki has \(card.reviews)")
                guard let due = card.due, let stability = card.stability else {
                    #expect(mine?["state"]?.stringValue == "new", "\(card.front)")
                    continue
                }
                let myStability = try #require(mine?["stability"]?.numberValue, "\(card.front) has no stability")
                #expect(abs(myStability / stability - 1) <= 0.05, "\(card.front): stability \(myStability), Anki's \(stability)")
                let myDue = try #require(mine?["due"]?.stringValue.flatMap { Timestamp(rfc3339: $0) }, "\(card.front) has no due time")
                let ankiDue = try #require(Timestamp(rfc3339: due.count == 10 ? due + "T12:00:00Z" : due))
                #expect(abs(myDue.seconds - ankiDue.seconds) <= 86400, "\(card.front): due \(myDue.rfc3339UTC), Anki's \(due)")
                compared += 1
            }
            // Every card but the one never studied (the suspended one too).
            #expect(compared == 18)
        }

        /// `status` and a legacy package load no Zstandard; the current form loads it (the
        /// dynamic loader's own account, LD_DEBUG).
        @Test(.requires(available, "needs Python's anki and faketime (scripts/setup-debian --test installs them)"))
        func onlyTheCurrentFormLoadsZstandard() throws {
            let folder = try Self.made.get()
            let box = try Sandbox(), other = try Sandbox()
            // After the packages' last answers (Anki's clock runs on from 12:00 under faketime:
            // a slow machine answers the last day's cards seconds later).
            for b in [box, other] { (b.now, b.timeZone) = ("2026-03-16T18:00:00Z", "UTC") }
            _ = try box.add("A citation")
            let status = try box.run(["status"], environment: ["LD_DEBUG": "files"])
            #expect(status.status == 0 && status.stderr.contains("libc.so") && !status.stderr.contains("libzstd"))
            let legacy = try box.run(["import", folder.appendingPathComponent("legacy.apkg").path], environment: ["LD_DEBUG": "files"])
            #expect(legacy.status == 0 && !legacy.stderr.contains("libzstd"))
            let latest = try other.run(["import", folder.appendingPathComponent("latest.apkg").path], environment: ["LD_DEBUG": "files"])
            #expect(latest.status == 0 && latest.stderr.contains("libzstd.so.1"))
        }

        @Test(.requires(available, "needs Python's anki and faketime (scripts/setup-debian --test installs them)"), arguments: packages)
        func fieldsTagsAndFlags(package: String) throws {
            let (box, citations, _) = try Self.importing(package)
            let all = Array(citations.values)
            func find(_ text: String) throws -> JSONValue { try #require(all.first { $0["text"]?.stringValue == text }, "no \(text)") }
            func tags(_ c: JSONValue) -> Set<String> {
                Set((c["tags"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue ?? $0.stringValue })
            }
            // HTML made text (a no-break space a space); the deck and the note's tags as tags, Anki's :: as /.
            let capital = try find("What is the capital of Australia?")
            #expect(capital["back"]?.stringValue == "Canberra & not Sydney\n(since 1913)")
            #expect(tags(capital) == ["Geography/Capitals", "geo/oceania", "marked"])
            // A reversed note: two cards, the second the other way round.
            #expect(try find("ubiquitous")["back"]?.stringValue == "found everywhere")
            #expect(try find("found everywhere")["back"]?.stringValue == "ubiquitous")
            // Cloze: the gap on the front (its hint where it has one), the sentence and the extra on the back.
            #expect(
                try find("[…] is the capital of Australia.")["back"]?.stringValue == "Canberra is the capital of Australia.\n\nSince 1913.")
            #expect(
                try find("Canberra is the capital of [country].")["back"]?.stringValue
                    == "Canberra is the capital of Australia.\n\nSince 1913.")
            // A flag as a tag; a suspended card archived; the note's creation time kept.
            #expect(tags(try find("never studied")).contains("flag/red"))
            #expect(try find("ephemeral")["archivedAt"]?.stringValue != nil)
            #expect(try find("Fact 1: the number 3")["createdAt"]?.stringValue?.hasPrefix("2026-01-05") == true)
            // Again: every card found by its uuid, nothing added or changed.
            let before = try box.run("export", "--all").stdout
            let again = try box.run(["import", try Self.made.get().appendingPathComponent(package).path])
            #expect(again.status == 0 && again.stdout.contains("imported 0, skipped 19 duplicates"), "\(again.stdout)")
            #expect(try box.run("export", "--all").stdout == before)
        }
    }
}

extension Integration {
    /// Packages no Anki would read, or that citefeed cannot: each refused with its reason (exit
    /// 65), the library as it was (one transaction) and the package unchanged. Made from Anki's
    /// own packages (`AnkiPackageTests.made`) by Python's zipfile and sqlite3.
    @Suite struct AnkiPackageBadInputTests {
        static let cases: [(String, String)] = [
            ("corrupt.apkg", "is not a zip, as Anki's packages are"),
            ("foreign.apkg", "it is a zip, but not an Anki package: it holds no collection.anki21b"),
            ("newer.apkg", "it was made by a newer Anki (package version 4; citefeed reads up to 3)"),
            ("schema.apkg", "its collection is from a newer Anki (schema 19; citefeed reads up to 18)"),
            ("nocards.apkg", "its collection holds no cards"),
            ("cut.apkg", "its Zstandard data"),
            ("notsqlite.colpkg", "its collection.anki21 is not an SQLite database"),
            ("notables.apkg", "it holds no Anki collection (no col, notes, cards and revlog tables)"),
            // 600 MiB of zeros after a database header, in a small frame: refused once 512 MiB is unpacked, a block at a time.
            ("bomb.apkg", "it unpacks to more than 512 MiB"),
            ("zeros.apkg", "its collection.anki21b is not an SQLite database"),
            ("metaonly21b.apkg", "its meta says package version 2, whose collection it lacks; it holds collection.anki21b"),
            // Mostly media, which the import leaves out: the advice says so.
            ("big.apkg", "export it from Anki again without \"Include media\""),
        ]

        static let made: Result<URL, any Error> = Result {
            let folder = try AnkiPackageTests.made.get()
            let script = """
                import os, sqlite3, sys, tempfile, zipfile
                src, out = sys.argv[1], sys.argv[2]
                os.makedirs(out, exist_ok=True)
                def rewrite(source, target, change):
                    with zipfile.ZipFile(os.path.join(src, source)) as z, zipfile.ZipFile(os.path.join(out, target), "w") as w:
                        for info in z.infolist():
                            data = change(info.filename, z.read(info.filename))
                            if data is not None: w.writestr(info.filename, data)
                def database(data, sql):
                    path = tempfile.mktemp()
                    open(path, "wb").write(data)
                    db = sqlite3.connect(path); db.executescript(sql); db.commit(); db.close()
                    return open(path, "rb").read()
                open(os.path.join(out, "corrupt.apkg"), "wb").write(b"PK\\x03\\x04" + os.urandom(200))
                with zipfile.ZipFile(os.path.join(out, "foreign.apkg"), "w") as w: w.writestr("a.txt", "hello")
                rewrite("latest.apkg", "newer.apkg", lambda n, d: b"\\x08\\x04" if n == "meta" else d)
                rewrite("legacy.apkg", "schema.apkg", lambda n, d: database(d, "UPDATE col SET ver = 19") if n == "collection.anki21" else d)
                rewrite("legacy.apkg", "nocards.apkg", lambda n, d: database(d, "DELETE FROM cards") if n == "collection.anki21" else d)
                rewrite("latest.apkg", "cut.apkg", lambda n, d: d[: len(d) // 2] if n == "collection.anki21b" else d)
                rewrite("legacy.colpkg", "notsqlite.colpkg", lambda n, d: b"hello" if n == "collection.anki21" else d)
                rewrite("legacy.apkg", "notables.apkg", lambda n, d: database(d, "DROP TABLE revlog") if n == "collection.anki21" else d)
                import subprocess
                bomb = subprocess.run("(printf 'SQLite format 3\\\\000'; head -c 600M /dev/zero) | zstd -q -1 -c", shell=True, check=True, capture_output=True).stdout
                rewrite("latest.apkg", "bomb.apkg", lambda n, d: bomb if n == "collection.anki21b" else d)
                zeros = subprocess.run("head -c 10M /dev/zero | zstd -q -1 -c", shell=True, check=True, capture_output=True).stdout
                rewrite("latest.apkg", "zeros.apkg", lambda n, d: zeros if n == "collection.anki21b" else d)
                rewrite("latest.apkg", "metaonly21b.apkg", lambda n, d: None if n == "collection.anki2" else b"\\x08\\x02" if n == "meta" else d)
                with open(os.path.join(out, "big.apkg"), "wb") as f: f.truncate(101 << 20)
                """
            return try AnkiPackageTests.rewritten(by: script, from: folder, into: "bad")
        }

        @Test(
            .requires(AnkiPackageTests.available, "needs Python's anki and faketime (scripts/setup-debian --test installs them)"),
            arguments: cases)
        func refusedWithItsReasonAndNothingChanged(file: String, reason: String) throws {
            let package = try Self.made.get().appendingPathComponent(file)
            let bytes = try Data(contentsOf: package)
            let box = try Sandbox()
            _ = try box.add("Already here", "--back", "kept")
            let before = try box.state()
            expectFailure(try box.run("import", package.path), status: .dataError, containing: reason)
            #expect(try box.state() == before)
            #expect(try Data(contentsOf: package) == bytes)
        }
    }
}

extension Integration {
    /// Collections Anki could hold that its own tests never make: two cards asking the same
    /// question, a NUL in a field, card styles and scripts, sounds, deck and tag names citefeed's
    /// tags cannot hold, answers dated before their note, a card without a note. Each imports,
    /// nothing of it lost or made up, what is left out counted.
    @Suite struct AnkiPackageVariantTests {
        static let made: Result<URL, any Error> = Result {
            let folder = try AnkiPackageTests.made.get()
            let script = """
                import os, sqlite3, sys, tempfile, zipfile
                src, out = sys.argv[1], sys.argv[2]
                os.makedirs(out, exist_ok=True)
                def variant(target, sql, args=()):
                    with zipfile.ZipFile(os.path.join(src, "legacy.apkg")) as z, zipfile.ZipFile(os.path.join(out, target), "w") as w:
                        for info in z.infolist():
                            data = z.read(info.filename)
                            if info.filename == "collection.anki21":
                                path = tempfile.mktemp()
                                open(path, "wb").write(data)
                                db = sqlite3.connect(path)
                                for statement in sql: db.execute(statement, args)
                                db.commit(); db.close()
                                data = open(path, "rb").read()
                            w.writestr(info.filename, data)
                fact1 = "(SELECT id FROM notes WHERE flds LIKE 'Fact 1:%')"
                fact2 = "(SELECT id FROM notes WHERE flds LIKE 'Fact 2:%')"
                variant("samefront.apkg", ["UPDATE notes SET flds = 'Fact 1: the number 3' || char(31) || 'another back' WHERE id = " + fact2])
                variant("nul.apkg", ["UPDATE notes SET flds = 'never' || char(0) || 'studied' || char(31) || 'a new' || char(0) || 'card' WHERE flds LIKE 'never studied%'"])
                variant("html.apkg", ["UPDATE notes SET flds = '<style>.x{color:red}</style>Hello<script>alert(1)</script> [sound:abc.mp3]' || char(31) || 'b' WHERE id = " + fact1])
                variant("names.apkg", ["UPDATE notes SET tags = ' a,b tab' || char(9) || 'bed bel' || char(7) || ' ' WHERE id = " + fact1,
                                       "UPDATE col SET decks = replace(decks, '\\"Words\\"', '\\"Wo,rds;semi\\\\nline::\\"')"])
                variant("misdated.apkg", ["UPDATE revlog SET id = -id WHERE cid = (SELECT id FROM cards WHERE nid = " + fact1 + ")"])
                variant("orphan.apkg", ["UPDATE cards SET nid = 777 WHERE nid = " + fact2])
                """
            return try AnkiPackageTests.rewritten(by: script, from: folder, into: "variants")
        }

        static func imported(_ file: String) throws -> (RunResult, [JSONValue]) {
            let box = try Sandbox()
            (box.now, box.timeZone) = ("2026-03-16T18:00:00Z", "UTC")
            let run = try box.run(["import", try made.get().appendingPathComponent(file).path])
            let citations = try JSONParser.parse(Array(try box.run("export", "--all").stdout.utf8))["citations"]?.arrayValue ?? []
            return (run, citations)
        }

        static func find(_ citations: [JSONValue], _ prefix: String) -> [JSONValue] {
            citations.filter { $0["text"]?.stringValue?.hasPrefix(prefix) == true }
        }

        static let available = AnkiPackageTests.available

        @Test(.requires(available, "needs Python's anki and faketime (scripts/setup-debian --test installs them)"))
        func twoCardsAskingTheSameAreTwo() throws {
            let (run, citations) = try Self.imported("samefront.apkg")
            #expect(run.status == 0 && run.stdout.contains("imported 19"), "\(run)")
            #expect(Set(Self.find(citations, "Fact 1: the number 3").compactMap { $0["back"]?.stringValue }) == ["is odd", "another back"])
        }

        @Test(.requires(available, "needs Python's anki and faketime (scripts/setup-debian --test installs them)"))
        func aNulEndsNothing() throws {
            let (run, citations) = try Self.imported("nul.apkg")
            #expect(run.status == 0, "\(run)")
            #expect(Self.find(citations, "neverstudied").first?["back"]?.stringValue == "a newcard")
        }

        @Test(.requires(available, "needs Python's anki and faketime (scripts/setup-debian --test installs them)"))
        func stylesAndScriptsStayOutAndSoundsAreNamed() throws {
            let (run, citations) = try Self.imported("html.apkg")
            #expect(run.status == 0, "\(run)")
            #expect(Self.find(citations, "Hello").first?["text"]?.stringValue == "Hello [sound: abc.mp3]")
        }

        @Test(.requires(available, "needs Python's anki and faketime (scripts/setup-debian --test installs them)"))
        func namesBecomeTags() throws {
            let (run, citations) = try Self.imported("names.apkg")
            #expect(run.status == 0, "\(run)")
            let tags = Set(
                Self.find(citations, "Fact 1:").first?["tags"]?.arrayValue?.compactMap { $0["name"]?.stringValue ?? $0.stringValue } ?? [])
            #expect(tags == ["a_b", "tab_bed", "bel_", "Wo_rds_semi_line"], "\(tags)")
        }

        @Test(.requires(available, "needs Python's anki and faketime (scripts/setup-debian --test installs them)"))
        func answersBeforeTheirNoteAreLeftOutAndCounted() throws {
            let (run, citations) = try Self.imported("misdated.apkg")
            #expect(run.status == 0 && run.stderr.contains("misdated answers"), "\(run)")
            let card = Self.find(citations, "Fact 1:").first?["card"]
            #expect((card?["log"]?.arrayValue ?? []).isEmpty && card?["state"]?.stringValue == "new", "\(String(describing: card))")
        }

        @Test(.requires(available, "needs Python's anki and faketime (scripts/setup-debian --test installs them)"))
        func aCardWithoutItsNoteIsCounted() throws {
            let (run, citations) = try Self.imported("orphan.apkg")
            #expect(run.status == 0 && run.stdout.contains("imported 18") && run.stderr.contains("1 orphaned card"), "\(run)")
            #expect(Self.find(citations, "Fact 2:").isEmpty)
        }
    }
}
