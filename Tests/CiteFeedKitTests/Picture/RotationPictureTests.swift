import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedPicture

extension Integration {
    /// A rotation's `pictures`: `picture-PRESET.png` beside its feeds, made when the pick changes,
    /// carried by the newest feed item, never made by a bar's `status` itself.
    @Suite(.needsPangoCairo, .requires(PixelImage.available, "needs ImageMagick's identify"))
    struct RotationPictureTests {
        static func picturedLibrary() throws -> Sandbox {
            let box = try Sandbox()
            box.separateProcess = true
            try box.add("The obstacle is the way.", "--author", "Marcus Aurelius", "--tag", "stoic")
            try box.add("Well begun is half done.", "--author", "Aristotle", "--tag", "craft")
            #expect(try box.run("defaults", "write", "pictures", "square", "kobo-clara").status == 0)
            #expect(try box.run("defaults", "write", "feedURL", "https://example.org/quotes/").status == 0)
            return box
        }

        static func modified(_ url: URL) throws -> Date {
            try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
        }

        @Test func rotateWritesEachPresetsPictureAndTheFeedsCarryTheNewest() throws {
            let box = try Self.picturedLibrary()
            let rotated = try box.run("rotate")
            #expect(rotated.status == 0 && rotated.stderr.isEmpty, "\(rotated)")
            let square = box.feeds.appendingPathComponent("picture-square.png"),
                kobo = box.feeds.appendingPathComponent("picture-kobo-clara.png")
            #expect(try Integration.PictureReaderTests.identify(square).hasPrefix("1080 1080 "))
            #expect(try Integration.PictureReaderTests.identify(kobo).hasPrefix("1072 1448 Grayscale 8 "))
            let shown = try #require(OutputDirectory.readCurrent(box.home.appendingPathComponent("current.json").path)?.pick)
            let read = try Integration.PictureReaderTests.ocrWords(square)
            #expect(Integration.PictureReaderTests.share(of: Integration.PictureReaderTests.words(shown.text), in: read) >= 0.9, "\(read)")
            // The newest item carries the first preset's picture, named by its pick.
            let json = try String(contentsOf: box.feeds.appendingPathComponent("feed.json"), encoding: .utf8)
            let rss = try String(contentsOf: box.feeds.appendingPathComponent("feed.xml"), encoding: .utf8)
            let atom = try String(contentsOf: box.feeds.appendingPathComponent("feed.atom"), encoding: .utf8)
            let image = try #require(json.firstMatch(of: /"image": "(https:\/\/example\.org\/quotes\/picture-square\.png\?v=\d+)"/)?.1)
            #expect(rss.contains("<enclosure url=\"\(image)\" length=\"0\" type=\"image/png\"/>"), "\(rss)")
            #expect(atom.contains("<link rel=\"enclosure\" type=\"image/png\" href=\"\(image)\"/>"), "\(atom)")
            // Listed among the files citefeed wrote there, so that it may replace them (and remove them).
            let manifest = try String(contentsOf: box.feeds.appendingPathComponent(".citefeed-outputs"), encoding: .utf8)
            #expect(manifest.contains("picture-square.png") && manifest.contains("picture-kobo-clara.png"))
        }

        @Test func anUnchangedPickLeavesThePicturesAloneAndNextRemakesThem() throws {
            let box = try Self.picturedLibrary()
            #expect(try box.run("rotate").status == 0)
            let square = box.feeds.appendingPathComponent("picture-square.png")
            let before = try Data(contentsOf: square), when = try Self.modified(square)
            #expect(try box.run("rotate").status == 0)
            #expect(try Self.modified(square) == when, "the same pick: the picture is not made again")
            let next = try box.run("next")
            #expect(next.status == 0, "\(next)")
            #expect(box.waitForAnnouncements(), "next hands the pictures to a detached citefeed")
            #expect(try Data(contentsOf: square) != before, "a new pick, a new picture: \(box.announceLog)")
        }

        /// `status` in a new slot prints its line; the detached citefeed makes the pictures (the
        /// dynamic loader's report shows which process loaded Pango).
        @Test func statusLeavesThePicturesToTheDetachedAnnouncer() throws {
            let box = try Self.picturedLibrary()
            let status = try box.run(["status"], environment: ["LD_DEBUG": "libs"])
            #expect(status.status == 0 && !status.stdout.isEmpty)
            #expect(!status.stderr.contains("libpangocairo"), "status itself never loads Pango")
            #expect(box.waitForAnnouncements())
            #expect(box.announceLog.contains("libpangocairo-1.0.so.0"), "the detached citefeed did: \(box.announceLog.suffix(400))")
            #expect(FileManager.default.fileExists(atPath: box.feeds.appendingPathComponent("picture-square.png").path))
        }

        /// A file of that name that citefeed did not write is left alone, with a warning; the feeds
        /// are written all the same.
        @Test func aPictureFileCitefeedDidNotWriteIsLeftAlone() throws {
            let box = try Self.picturedLibrary()
            try FileManager.default.createDirectory(at: box.feeds, withIntermediateDirectories: true)
            let mine = box.feeds.appendingPathComponent("picture-square.png")
            try Data("my own picture".utf8).write(to: mine)
            let rotated = try box.run("rotate")
            #expect(rotated.status == 0)
            #expect(
                rotated.stderr.contains(
                    "citefeed: warning: picture-square.png in \(box.feeds.path) was not written by citefeed, so it is left as it is; the other pictures were made."
                ), "\(rotated)")
            #expect(try Data(contentsOf: mine) == Data("my own picture".utf8))
            #expect(FileManager.default.fileExists(atPath: box.feeds.appendingPathComponent("feed.xml").path))
        }

        /// A background that cannot be read is a warning of the rotation, never a failed rotate.
        @Test func aBrokenBackgroundIsAWarning() throws {
            let box = try Self.picturedLibrary()
            let missing = box.home.appendingPathComponent("gone.png").path
            #expect(try box.run("defaults", "write", "pictureBackground", missing).status == 0)
            let rotated = try box.run("rotate")
            #expect(rotated.status == 0)
            #expect(
                rotated.stderr.contains("warning: the pictures were not made: The background image \(missing) does not exist"), "\(rotated)"
            )
        }

        @Test func thePicturesSettingTakesPresetsOnly() throws {
            let box = try Sandbox()
            expectFailure(
                try box.run("defaults", "write", "pictures", "square", "poster"), status: .usage,
                containing: "\"poster\" is not a preset; use wallpaper")
            #expect(try box.run("defaults", "write", "pictures", "SQUARE", "square").status == 0)
            #expect(try box.run("defaults", "read", "pictures").stdout == "square\n")
        }

        @Test(.needsShared(Integration.FeedValidatorTests.tool))
        func feedsWithPicturesPassTheW3CValidatorAtAA() throws {
            let box = try Self.picturedLibrary()
            #expect(try box.run("rotate").status == 0)
            for name in ["feed.xml", "feed.atom"] {
                let result = try Integration.FeedValidatorTests().feedcheck(box.feeds.appendingPathComponent(name))
                #expect(result.status == 0 && result.stdout.contains("no errors or warnings"), "\(name): \(result)")
            }
        }

        /// Pictures made again for a new look (nothing else changed) are published too.
        @Test func picturesMadeAgainArePublished() throws {
            let box = try Self.picturedLibrary()
            let log = box.home.appendingPathComponent("published.log").path
            let script = box.home.appendingPathComponent("publish.sh").path
            try "#!/bin/sh\nmd5sum picture-square.png >> \"\(log)\"\n".write(toFile: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
            #expect(try box.run("defaults", "write", "publishCommand", script).status == 0)
            #expect(try box.run("rotate").status == 0)
            func runs() -> [String] { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
            let first = runs()
            #expect(first.count >= 1, "\(first)")
            let theme = try box.run("defaults", "write", "pictureTheme", "dark")
            #expect(theme.status == 0, "\(theme)")
            let second = runs()
            #expect(second.count == first.count + 1, "the new picture is published: \(second)")
            #expect(second.last != first.last, "a new picture: \(second)")
            #expect(try box.run("rotate").status == 0)
            #expect(runs().count == second.count, "nothing new: nothing published")
        }
    }
}
