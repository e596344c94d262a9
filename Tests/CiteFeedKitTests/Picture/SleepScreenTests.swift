import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedPicture

extension Integration {
    /// E-readers' sleep screens: KOReader found on a mounted reader (Kobo, Kindle, PocketBook, built
    /// here from KOReader's and Kobo's documented layouts: no real device tree is public), its
    /// screensaver folder and screen size read from its own files, and pictures of the next picks
    /// written there, only citefeed's own ever replaced.
    @Suite struct SleepScreenTests {
        static func write(_ text: String, _ path: URL) throws {
            try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: path, atomically: true, encoding: .utf8)
        }

        /// `media/KOBOeReader` (a Clara 2E whose KOReader shows random images from /mnt/onboard/Sleep),
        /// `media/Kindle` (KOReader's crash.log says its screen) and `media/PB` (a PocketBook that says
        /// nothing of its screen).
        static func readers(in base: URL) throws -> URL {
            let media = base.appendingPathComponent("media")
            let kobo = media.appendingPathComponent("KOBOeReader")
            try write(
                "N4181234567,4.1.15,4.38.21908,4.1.15,4.1.15,00000000-0000-0000-0000-000000000386",
                kobo.appendingPathComponent(".kobo/version")
            )
            try write(
                """
                -- ./settings.reader.lua
                return {
                    ["screensaver_dir"] = "/mnt/onboard/Sleep",
                    ["screensaver_type"] = "random_image",
                }
                """, kobo.appendingPathComponent(".adds/koreader/settings.reader.lua"))
            try write("a picture of the user's own", kobo.appendingPathComponent("Sleep/holiday.png"))
            let kindle = media.appendingPathComponent("Kindle")
            try write(
                """
                11/01/25-08:00:01 INFO  initializing for device KindlePaperWhite4
                11/01/25-08:00:01 INFO  framebuffer resolution: { h = 1072, w = 1448 }
                11/20/25-21:10:44 INFO  initializing for device KindlePaperWhite5
                11/20/25-21:10:44 INFO  framebuffer resolution: { h = 1648, w = 1236 }
                """, kindle.appendingPathComponent("koreader/crash.log"))
            try FileManager.default.createDirectory(
                at: media.appendingPathComponent("PB/applications/koreader"), withIntermediateDirectories: true)
            return media
        }

        @Test func eachReadersFolderAndScreenComeFromItsOwnFiles() throws {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("readers-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: base) }
            let media = try Self.readers(in: base)
            let kobo = try #require(ReaderDevice.find(at: media.appendingPathComponent("KOBOeReader").path))
            #expect(kobo.kind == .kobo && kobo.isShown && kobo.model == "Kobo Clara 2E")
            #expect(kobo.folder == media.appendingPathComponent("KOBOeReader/Sleep").path && kobo.folderOnDevice == "/mnt/onboard/Sleep")
            #expect(kobo.size == PictureSize(width: 1072, height: 1448))
            let kindle = try #require(ReaderDevice.find(at: media.appendingPathComponent("Kindle").path))
            #expect(kindle.kind == .kindle && !kindle.isShown && kindle.model == "KindlePaperWhite5")
            #expect(kindle.size == PictureSize(width: 1236, height: 1648), "the last start's, the shorter side the width")
            #expect(kindle.folder == media.appendingPathComponent("Kindle/koreader/screensaver").path)
            #expect(kindle.folderOnDevice == "/mnt/us/koreader/screensaver")
            let pocketbook = try #require(ReaderDevice.find(at: media.appendingPathComponent("PB").path))
            #expect(
                pocketbook.kind == .pocketbook && pocketbook.size == nil
                    && pocketbook.folderOnDevice == "/mnt/ext1/applications/koreader/screensaver")
            #expect(ReaderDevice.find(at: base.path) == nil)
            // A folder off this storage, or one climbing out of it, is not taken.
            #expect(ReaderDevice.local("/mnt/sd/Sleep", kind: .kobo, root: "/media/u/K") == nil)
            #expect(ReaderDevice.local("/mnt/onboard/../../etc", kind: .kobo, root: "/media/u/K") == nil)
            #expect(ReaderDevice.local("/mnt/onboard/a//b/", kind: .kobo, root: "/media/u/K") == "/media/u/K/a/b")
        }

        @Test(.needsPangoCairo, .requires(PixelImage.available, "needs ImageMagick"))
        func pictureDevicesWritesTheNextPicksToEachReader() throws {
            let box = try Sandbox()
            box.separateProcess = true
            for n in 1...3 { try box.add("Sleep well, reader number \(n), and dream of long books.", "--author", "Night \(n)") }
            let media = try Self.readers(in: box.home)
            let foreign = media.appendingPathComponent("Kindle/koreader/screensaver/citefeed-002.png")
            try Self.write("not citefeed's", foreign)
            let ran = try box.run(["picture", "--devices", media.path])
            #expect(ran.status == 1, "the PocketBook's size is unknown, the others are written: \(ran)")
            let kobo = media.appendingPathComponent("KOBOeReader/Sleep"),
                kindle = media.appendingPathComponent("Kindle/koreader/screensaver")
            #expect(
                ran.stdout.contains("Kobo Clara 2E at \(media.path)/KOBOeReader: 3 sleep-screen pictures (1072×1448) in \(kobo.path)."),
                "\(ran)")
            #expect(
                ran.stdout.contains("KindlePaperWhite5 at \(media.path)/Kindle: 2 sleep-screen pictures (1236×1648) in \(kindle.path)."),
                "\(ran)")
            #expect(
                ran.stderr.contains("citefeed: note: \(kindle.path)/citefeed-002.png was not written by citefeed; it is left as it is."))
            #expect(ran.stderr.contains("KOReader on \(media.path)/Kindle shows them once its sleep screen is set to"))
            #expect(ran.stderr.contains("and the folder /mnt/us/koreader/screensaver."))
            #expect(!ran.stderr.contains("KOReader on \(media.path)/KOBOeReader"), "the Kobo's KOReader already shows its folder")
            #expect(ran.stderr.contains("citefeed: error: PocketBook at \(media.path)/PB: its screen's size is not known"))
            #expect(ran.stderr.hasSuffix("citefeed: error: 1 of the 3 readers got no pictures.\n"))
            let names = try FileManager.default.contentsOfDirectory(atPath: kobo.path).sorted()
            #expect(names == [".citefeed-sleep-screens", "citefeed-001.png", "citefeed-002.png", "citefeed-003.png", "holiday.png"])
            #expect(try String(contentsOf: kobo.appendingPathComponent("holiday.png"), encoding: .utf8) == "a picture of the user's own")
            #expect(try String(contentsOf: foreign, encoding: .utf8) == "not citefeed's")
            for name in ["citefeed-001.png", "citefeed-002.png", "citefeed-003.png"] {
                let url = kobo.appendingPathComponent(name)
                #expect(try Integration.PictureReaderTests.identify(url).hasPrefix("1072 1448 Grayscale 8 "))
                let levels = try Integration.PictureReaderTests.grays(url)
                #expect(levels.isSubset(of: Set(stride(from: 0, through: 255, by: 17).map { String(format: "#%02X%02X%02X", $0, $0, $0) })))
            }
            let read = try Integration.PictureReaderTests.ocrWords(kobo.appendingPathComponent("citefeed-001.png"))
            #expect(read.contains("dream") && read.contains("books"), "\(read)")
            // The PocketBook with a preset; then again: nothing changed; then fewer wanted.
            let pocketbook = try box.run(["picture", "--devices", media.appendingPathComponent("PB").path, "--preset", "pocketbook-era"])
            #expect(pocketbook.status == 0 && pocketbook.stdout.contains("(1264×1680)"), "\(pocketbook)")
            let again = try box.run(["picture", "--devices", media.appendingPathComponent("KOBOeReader").path])
            #expect(again.stdout.contains("3 sleep-screen pictures (1072×1448) in \(kobo.path), 3 unchanged."), "\(again)")
            #expect(try box.run("defaults", "write", "sleepScreenCount", "1").status == 0)
            let fewer = try box.run(["picture", "--devices", media.appendingPathComponent("KOBOeReader").path])
            #expect(
                fewer.stdout.contains("1 sleep-screen picture (1072×1448) in \(kobo.path), 1 unchanged, 2 old ones removed."), "\(fewer)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: kobo.path).sorted() == [
                    ".citefeed-sleep-screens", "citefeed-001.png", "holiday.png",
                ])
        }

        @Test(.needsPangoCairo)
        func importDevicesRefreshesTheSleepScreensAfterImporting() throws {
            let box = try Sandbox()
            box.separateProcess = true
            try box.add("Read before you sleep.")
            let media = try Self.readers(in: box.home)
            let ran = try box.run(["import", "--devices", media.path])
            #expect(ran.status == 0, "\(ran)")
            #expect(ran.stdout.contains("1 sleep-screen picture (1072×1448)"), "\(ran)")
            #expect(ran.stderr.contains("citefeed: warning: PocketBook at \(media.path)/PB: its screen's size is not known"))
            #expect(FileManager.default.fileExists(atPath: media.appendingPathComponent("KOBOeReader/Sleep/citefeed-001.png").path))
            #expect(try box.run("defaults", "write", "sleepScreenCount", "0").status == 0)
            let off = try box.run(["import", "--devices", media.path])
            #expect(off.status == 0 && !off.stdout.contains("sleep-screen"), "\(off)")
        }

        @Test func badUseOfDevices() throws {
            let box = try Sandbox()
            expectFailure(try box.run("picture", "--devices", "--out", "x.png"), status: .usage, containing: "cannot be used together")
            expectFailure(
                try box.run("picture", "--devices", box.home.appendingPathComponent("none").path), status: .notFound,
                containing: "is not a folder")
            expectFailure(
                try box.run("picture", "--devices", box.home.path), status: .notFound,
                containing: "No e-reader with KOReader is mounted under")
            expectFailure(try box.run("picture", "1", "2"), status: .usage, containing: "'picture' takes one ID")
        }
    }
}

extension Integration {
    /// What an attacker (or a careless user) found: a reader's own folders taken for readers, a long
    /// crash.log, links leading off the reader, a listed name that became a folder, a link to nothing.
    @Suite struct SleepScreenHardeningTests {
        @Test func aReadersOwnMountPointIsOneReaderAndALongLogIsReadFromItsEnd() throws {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("readers-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: base) }
            let media = try Integration.SleepScreenTests.readers(in: base)
            let kobo = media.appendingPathComponent("KOBOeReader")
            // A reader given as the root is that reader alone (its .adds holds koreader/), once however spelt.
            let found = ImportSources.devices(roots: [kobo.path, kobo.path + "/", media.path]).map(\.device)
            #expect(found == [kobo.path, media.appendingPathComponent("Kindle").path, media.appendingPathComponent("PB").path], "\(found)")
            // 1.2 MB of log before the line that says the screen.
            let log = media.appendingPathComponent("Kindle/koreader/crash.log")
            let filler = String(repeating: "11/20/25-21:10:44 DEBUG something happened in the reader, and it was logged\n", count: 16_000)
            try (filler + "11/21/25-07:00:00 INFO  framebuffer resolution: { h = 1448, w = 1072 }\n").write(
                to: log, atomically: true, encoding: .utf8)
            #expect(try FileManager.default.attributesOfItem(atPath: log.path)[.size] as! Int > 1 << 20)
            #expect(ReaderDevice.find(at: media.appendingPathComponent("Kindle").path)?.size == PictureSize(width: 1072, height: 1448))
        }

        @Test(.needsPangoCairo)
        func linksAndFoldersInTheWayAreNotFollowedOrReplaced() throws {
            let box = try Sandbox()
            box.separateProcess = true
            try box.add("Careful now.")
            try box.add("And again.")
            let media = try Integration.SleepScreenTests.readers(in: box.home)
            // The Kobo's folder is a link to somewhere else: refused, nothing written there.
            let elsewhere = box.home.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            let sleep = media.appendingPathComponent("KOBOeReader/Sleep")
            try FileManager.default.removeItem(at: sleep)
            try FileManager.default.createSymbolicLink(at: sleep, withDestinationURL: elsewhere)
            let kobo = try box.run(["picture", "--devices", media.appendingPathComponent("KOBOeReader").path])
            #expect(kobo.status == 1 && kobo.stdout.isEmpty, "\(kobo)")
            #expect(
                kobo.stderr.contains(
                    "Kobo Clara 2E at \(media.path)/KOBOeReader: cannot write in \(sleep.path): it leads off the reader's storage"))
            #expect(kobo.stderr.hasSuffix("citefeed: error: The reader got no pictures.\n"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
            // On the Kindle: a link to nothing that citefeed did not make stays; a listed picture
            // that became a folder is left, with a note, and the rest are written.
            let kindle = media.appendingPathComponent("Kindle/koreader/screensaver")
            try FileManager.default.createDirectory(at: kindle, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: kindle.appendingPathComponent("citefeed-002.png").path, withDestinationPath: "/nonexistent")
            let first = try box.run(["picture", "--devices", media.appendingPathComponent("Kindle").path])
            #expect(first.status == 0 && first.stderr.contains("citefeed-002.png was not written by citefeed"), "\(first)")
            #expect(
                try FileManager.default.destinationOfSymbolicLink(atPath: kindle.appendingPathComponent("citefeed-002.png").path)
                    == "/nonexistent")
            try FileManager.default.removeItem(at: kindle.appendingPathComponent("citefeed-001.png"))
            try FileManager.default.createDirectory(
                at: kindle.appendingPathComponent("citefeed-001.png"), withIntermediateDirectories: true)
            let again = try box.run(["picture", "--devices", media.appendingPathComponent("Kindle").path])
            #expect(again.status == 0 && again.stderr.contains("citefeed-001.png was not written by citefeed"), "\(again)")
            var isDirectory: ObjCBool = false
            #expect(
                FileManager.default.fileExists(atPath: kindle.appendingPathComponent("citefeed-001.png").path, isDirectory: &isDirectory)
                    && isDirectory.boolValue)
        }

        @Test func presetsAndTheRotationSettingAreChecked() throws {
            let box = try Sandbox()
            let media = try Integration.SleepScreenTests.readers(in: box.home)
            expectFailure(
                try box.run("picture", "--devices", media.path, "--preset", "wallpaper"), status: .usage,
                containing: "--preset wallpaper is a desktop screen's")
            #expect(try box.run("defaults", "write", "sleepScreenRotation", "nosuch").status == 0)
            expectFailure(
                try box.run("picture", "--devices", media.path), status: .usage,
                containing: "sleepScreenRotation names rotation \"nosuch\", which does not exist")
            let imported = try box.run("import", "--devices", media.path)
            #expect(
                imported.stderr.contains(
                    "citefeed: warning: the readers' sleep screens were not written: sleepScreenRotation names rotation"),
                "\(imported)")
        }
    }
}
