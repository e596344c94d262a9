import Foundation
import Testing

@testable import CiteFeedExchange
@testable import CiteFeedSupport

extension Integration {
    /// `import DIR` and `import --devices`: every source on its own, a line each,
    /// the exit status saying whether any failed; mounted e-readers found under the roots given;
    /// the same source again adds nothing, but a note added since becomes the back.
    @Suite struct FolderImportTests {
        static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures/readers")

        /// A fake mount tree: a Kindle with its clippings, a Kobo with its database and a KOReader
        /// sidecar, and a USB stick that is no e-reader.
        static func mounts(in box: Sandbox) throws -> URL {
            let root = box.home.appendingPathComponent("media/reader")
            let kindle = root.appendingPathComponent("Kindle"), kobo = root.appendingPathComponent("KOBOeReader")
            for dir in [
                kindle.appendingPathComponent("documents"), kobo.appendingPathComponent(".kobo"),
                kobo.appendingPathComponent("Books/Frankenstein.sdr"), root.appendingPathComponent("USB STICK/notes"),
            ] {
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            }
            try """
            Meditations (Marcus Aurelius)\r
            - Your Highlight on Location 120-121 | Added on Monday, 1 January 2024 10:00:00\r
            \r
            The best revenge is not to be like that.\r
            ==========\r

            """.write(to: kindle.appendingPathComponent("documents/My Clippings.txt"), atomically: true, encoding: .utf8)
            try Integration.DatabaseImportTests.make(kobo.appendingPathComponent(".kobo/KoboReader.sqlite").path, "kobo.sql")
            try """
            -- we can read Lua syntax here!
            return {
                ["annotations"] = {
                    [1] = { ["pos0"] = "/body/p[3]", ["text"] = "Beware; for I am fearless, and therefore powerful.", ["datetime"] = "2024-02-01 08:00:00", },
                },
                ["doc_props"] = { ["title"] = "Frankenstein", ["authors"] = "Shelley, Mary", },
            }
            """.write(to: kobo.appendingPathComponent("Books/Frankenstein.sdr/metadata.epub.lua"), atomically: true, encoding: .utf8)
            try "> not a highlight, a note".write(
                to: root.appendingPathComponent("USB STICK/notes/quote.md"), atomically: true, encoding: .utf8)
            return root
        }

        @Test func devicesAreFoundAndImportedOnceAndANewNoteBecomesTheBack() throws {
            let box = try Sandbox()
            let root = try Integration.FolderImportTests.mounts(in: box)
            let first = try box.run(["import", "--devices", root.path])
            #expect(first.status == 0, "\(first)")
            #expect(
                first.stdout == """
                    KOBOeReader/.kobo/KoboReader.sqlite: imported 3, skipped 0 duplicates
                    KOBOeReader/Books/Frankenstein.sdr/metadata.epub.lua: imported 1, skipped 0 duplicates
                    Kindle/documents/My Clippings.txt: imported 1, skipped 0 duplicates
                    3 files: imported 5, skipped 0 duplicates

                    """)
            #expect(try box.run("list", "--search", "fearless").stdout.contains("Mary Shelley"))
            // Again: nothing new, exit 0; then a note made on the Kobo since becomes the back.
            let again = try box.run(["import", "--devices", root.path])
            #expect(again.status == 0 && again.stdout.hasSuffix("3 files: imported 0, skipped 5 duplicates\n"), "\(again)")
            #expect(again.stdout.contains("Kindle/documents/My Clippings.txt: nothing new (1 duplicate)"))
            let kobo = root.appendingPathComponent("KOBOeReader/.kobo/KoboReader.sqlite").path
            try Integration.DatabaseImportTests.make(kobo, "UPDATE Bookmark SET Annotation = 'Seen again.' WHERE BookmarkID = 'b1'")
            let noted = try box.run(["import", "--devices", root.path])
            #expect(
                noted.status == 0
                    && noted.stdout.contains(
                        "KOBOeReader/.kobo/KoboReader.sqlite: imported 0, skipped 3 duplicates, 1 note added as a back"),
                "\(noted)")
            let shown = try box.run("list", "--search", "cooperative", "--json")
            #expect(shown.stdout.contains("\"back\": \"Seen again.\""), "\(shown.stdout)")
            // No e-reader under a root: a note, exit 0.
            let none = try box.run(["import", "--devices", root.appendingPathComponent("USB STICK").path])
            #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.hasPrefix("citefeed: note: no e-reader is mounted under "))
        }

        @Test func aFolderWithABadFileImportsTheOthersAndSaysSo() throws {
            let box = try Sandbox()
            let folder = box.home.appendingPathComponent("exports")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("old.sdr"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: Integration.FolderImportTests.fixtures.appendingPathComponent("koreader-export-one.json"),
                to: folder.appendingPathComponent("book.json"))
            try "return { [\"annotations\"] = { os.execute(\"touch /tmp/x\") } }".write(
                to: folder.appendingPathComponent("old.sdr/metadata.pdf.lua"), atomically: true, encoding: .utf8)
            try "[{\"text\": \"a quote collection, not taken from a folder\"}]".write(
                to: folder.appendingPathComponent("quotes.json"), atomically: true, encoding: .utf8)
            let run = try box.run(["import", folder.path])
            #expect(run.status == 65, "\(run)")
            #expect(run.stdout == "book.json: imported 3, skipped 0 duplicates\n2 files: imported 3, skipped 0 duplicates\n")
            #expect(
                run.errorLines.first?.hasPrefix("citefeed: error: old.sdr/metadata.pdf.lua is not valid: line 1: ") == true, "\(run.stderr)"
            )
            #expect(run.errorLines.last == "citefeed: error: 1 of 2 files could not be imported (said above); the others were.")
            #expect(try box.run("list").stdout.split(separator: "\n").count == 1 + 3)
            // A folder with nothing an import takes from a folder.
            let empty = box.home.appendingPathComponent("empty")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            let nothing = try box.run(["import", empty.path])
            #expect(nothing.status == 66 && nothing.stderr.contains("is a file citefeed imports from a folder"), "\(nothing)")
            let format = try box.run(["import", "--format", "koreader", folder.path])
            #expect(format.status == 64, "\(format)")
            #expect(try box.run(["import", "--devices", "--format", "kobo"]).status == 64)
            #expect(try box.run(["import"]).status == 64 && box.run(["import", "a", "b"]).status == 64)
        }

        /// contrib's path unit and its service: systemd accepts them, and the service's command
        /// imports from a fake mount tree.
        @Test(.requires(findProgram("systemd-analyze") != nil, "needs systemd-analyze"))
        func theSystemdPathUnitIsValidAndItsCommandImports() throws {
            let box = try Sandbox()
            let units = box.home.appendingPathComponent("units")
            try FileManager.default.createDirectory(at: units, withIntermediateDirectories: true)
            for name in ["citefeed-devices.path", "citefeed-devices.service.in"] {
                var text = try String(contentsOf: packageRoot.appendingPathComponent("contrib/systemd/" + name), encoding: .utf8)
                // systemd-analyze checks that the program exists: the built one stands for it.
                text = text.replacingOccurrences(of: "@bindir@/citefeed", with: Sandbox.binary.path)
                try text.write(
                    to: units.appendingPathComponent(name.replacingOccurrences(of: ".in", with: "")), atomically: true, encoding: .utf8)
            }
            let verify = try Sandbox.execute(
                try #require(findProgram("systemd-analyze")),
                [
                    "verify", "--man=no", units.appendingPathComponent("citefeed-devices.path").path,
                    units.appendingPathComponent("citefeed-devices.service").path,
                ],
                stdin: Data(), environment: ["PATH": "/usr/bin:/bin", "SYSTEMD_LOG_LEVEL": "warning"])
            #expect(verify.status == 0 && !verify.stderr.contains("citefeed-devices"), "\(verify)")
            let service = try String(
                contentsOf: packageRoot.appendingPathComponent("contrib/systemd/citefeed-devices.service.in"), encoding: .utf8)
            let exec = try #require(service.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
            #expect(exec == "ExecStart=@bindir@/citefeed import --devices")
            // A device that stops answering ends the import in time, and it yields to the desktop.
            #expect(service.contains("\nTimeoutStartSec=15min\nNice=10\nIOSchedulingClass=idle\n"), "\(service)")
            let path = try String(contentsOf: packageRoot.appendingPathComponent("contrib/systemd/citefeed-devices.path"), encoding: .utf8)
            #expect(path.contains("\nPathChanged=/media/%u\n") && path.contains("\nPathChanged=/run/media/%u\n"))
            // The command, with the fake tree as its root.
            let root = try Integration.FolderImportTests.mounts(in: box)
            let ran = try box.run(["import", "--devices", root.path])
            #expect(ran.status == 0 && ran.stdout.hasSuffix("3 files: imported 5, skipped 0 duplicates\n"), "\(ran)")
        }
    }
}

extension Integration {
    /// What an attacker found in the first version of folder imports: dates no output can write, a
    /// citefeed export taken for a highlight file, file names that forge lines, errors that did not
    /// say which file, a dry run that counted twice, a root that is not there.
    @Suite struct FolderImportDefectTests {
        @Test func datesOutsideTheYearsAFeedCanWriteAreLeftUnset() throws {
            let box = try Sandbox()
            let file = box.home.appendingPathComponent("k.json")
            try
                #"{"version":"json/1.0.0","title":"B","author":"A","entries":[{"text":"t","time":-9223372036854775808},{"text":"u","time":253402300800}]}"#
                .write(to: file, atomically: true, encoding: .utf8)
            #expect(try box.run(["import", file.path]).status == 0)
            let export = try box.run(["export", "--format", "json"])
            #expect(export.status == 0 && export.stdout.contains("\"createdAt\": \"2026-03-01T08:30:00Z\""), "\(export)")
            #expect(try box.run("show", "1").status == 0 && box.run("list", "--json").status == 0)
        }

        @Test func aCitefeedExportWithATagNamedLikeAFormatIsCitefeeds() throws {
            let box = try Sandbox()
            try box.add("A quote", "--tag", "calibre_highlights")
            try box.add("Another", "--tag", "highlights", "--tag", "asin")
            let backup = box.home.appendingPathComponent("backup.json")
            #expect(try box.run(["export", "--out", backup.path]).status == 0)
            let other = try Sandbox()
            let run = try other.run(["import", backup.path])
            #expect(run.status == 0 && run.stdout == "imported 2, skipped 0 duplicates\n", "\(run)")
        }

        @Test func labelsAreEscapedErrorsNameTheirFileAndADryRunCountsOnce() throws {
            let box = try Sandbox()
            let folder = box.home.appendingPathComponent("in")
            let odd = folder.appendingPathComponent("new\nline")
            try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
            let koreader = Integration.FolderImportTests.fixtures.appendingPathComponent("koreader-export-one.json")
            try FileManager.default.copyItem(at: koreader, to: odd.appendingPathComponent("a.json"))
            try FileManager.default.copyItem(at: koreader, to: folder.appendingPathComponent("b.json"))
            try "{\"asin\":\"x\",\"title\":\"T\",\"highlights\":[{\"text\":\"bad\\u0002text\",\"isNoteOnly\":false}]}".write(
                to: folder.appendingPathComponent("c.json"), atomically: true, encoding: .utf8)
            let dry = try box.run(["import", "--dry-run", folder.path])
            #expect(dry.status == 65, "\(dry)")
            #expect(dry.stdout.split(separator: "\n").count == 3, "\(dry.stdout)")
            #expect(dry.stdout.contains("b.json: would import 3, skip 0 duplicates\n"))
            #expect(dry.stdout.contains("new\\x0aline/a.json: nothing new (3 duplicates)\n"), "\(dry.stdout)")
            #expect(dry.stdout.hasSuffix("Dry run (nothing was written): 3 files: would import 3, skip 3 duplicates\n"))
            #expect(dry.errorLines.first?.hasPrefix("citefeed: error: c.json: ") == true, "\(dry.stderr)")
            #expect(!FileManager.default.fileExists(atPath: box.libraryPath))
            let none = try box.run(["import", "--devices", box.home.appendingPathComponent("nowhere").path])
            #expect(none.status == 66 && none.stderr.contains("is not a folder"), "\(none)")
        }
    }
}

extension Integration {
    /// What a second attacker found in folder imports.
    @Suite struct FolderImportSecondReviewTests {
        static let sidecar = """
            return {
             ["annotations"] = { [1] = { ["pos0"] = "p", ["text"] = "Alpha one" } },
             ["doc_props"] = { ["title"] = "Book A", ["authors"] = "Anne Author" }
            }

            """

        /// A file that cannot even be opened between two holding the same highlight: the check
        /// forgets nothing of the file before it.
        @Test func aFileThatCannotBeOpenedForgetsNothingOfTheOthers() throws {
            let box = try Sandbox()
            let folder = box.home.appendingPathComponent("r")
            for name in ["a", "b", "c"] {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent(name + ".sdr"), withIntermediateDirectories: true)
            }
            try Integration.FolderImportSecondReviewTests.sidecar.write(
                to: folder.appendingPathComponent("a.sdr/metadata.epub.lua"), atomically: true, encoding: .utf8)
            try "".write(to: folder.appendingPathComponent("b.sdr/metadata.epub.lua"), atomically: true, encoding: .utf8)
            try Integration.FolderImportSecondReviewTests.sidecar.write(
                to: folder.appendingPathComponent("c.sdr/metadata.epub.lua"), atomically: true, encoding: .utf8)
            let run = try box.run(["import", folder.path])
            #expect(run.status == 65 && run.stdout.contains("c.sdr/metadata.epub.lua: nothing new (1 duplicate)"), "\(run)")
            #expect(try box.run("list").stdout.split(separator: "\n").count == 1 + 1)
        }

        /// Every file failing: the words, and no library left where there was none.
        @Test func whenEveryFileFails() throws {
            let box = try Sandbox()
            let folder = box.home.appendingPathComponent("bad/x.sdr")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "".write(to: folder.appendingPathComponent("metadata.epub.lua"), atomically: true, encoding: .utf8)
            let run = try box.run(["import", box.home.appendingPathComponent("bad").path])
            #expect(run.status == 65 && run.errorLines.last == "citefeed: error: It could not be imported (said above).", "\(run)")
            #expect(!FileManager.default.fileExists(atPath: box.libraryPath))
        }

        /// KOReader on a Kobo keeps its sidecars under .adds/koreader/docsettings when set so.
        @Test func sidecarsInKOReadersOwnFolderOnAKobo() throws {
            let box = try Sandbox()
            let book = box.home.appendingPathComponent("media/KOBOeReader/.adds/koreader/docsettings/mnt/onboard/Books/Dune.sdr")
            try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
            try Integration.FolderImportSecondReviewTests.sidecar.write(
                to: book.appendingPathComponent("metadata.epub.lua"), atomically: true, encoding: .utf8)
            let devices = try box.run(["import", "--devices", box.home.appendingPathComponent("media").path])
            #expect(devices.status == 0 && devices.stdout.hasSuffix("1 file: imported 1, skipped 0 duplicates\n"), "\(devices)")
        }
    }
}
