import Foundation
import Testing

@testable import CiteFeedOutput
@testable import CiteFeedSupport

extension Integration {
    /// `setup wallpaper --install` on real desktops: a headless sway whose swaybg shows
    /// the picture, and feh on an Xvfb screen, each read back from the screen by tesseract, before
    /// and after a new pick. GNOME Shell's is scripts/test-gnome-wallpaper (`DesktopWidgetTests`).
    @Suite(.serialized, .needsPangoCairo)
    struct WallpaperDesktopTests {
        /// Citations whose words OCR reads without doubt.
        static let texts = Integration.GraphicalBarTests.texts

        static func library() throws -> Sandbox {
            let box = try Sandbox()
            box.separateProcess = true
            for text in texts.prefix(2) { try box.add(text) }
            // sway (and its swaybg) run as nobody when the tests run as root: they must read it.
            chmod(box.home.path, 0o755)
            return box
        }

        /// The share of the shown citation's words that OCR reads on the screen, waiting up to
        /// `seconds` for the desktop to draw it. `capture` takes the screen into its file.
        static func readBack(_ box: Sandbox, seconds: Double = 10, capture: (URL) -> Bool) throws -> (share: Double, read: [String]) {
            let shown = try #require(OutputDirectory.readCurrent(box.home.appendingPathComponent("current.json").path)?.pick)
            let expected = Integration.PictureReaderTests.words(shown.text)
            let shot = box.home.appendingPathComponent("screen.png")
            var best: (share: Double, read: [String]) = (0, [])
            let start = Date()
            repeat {
                if capture(shot) {
                    let read = try Integration.PictureReaderTests.ocrWords(shot)
                    let share = Integration.PictureReaderTests.share(of: expected, in: read)
                    if share > best.share { best = (share, read) }
                    if share >= 0.9 { return best }
                }
                Thread.sleep(forTimeInterval: 0.3)
            } while Date().timeIntervalSince(start) < seconds
            return best
        }

        @Test(
            .requires(
                Integration.GraphicalBarTests.installed(["sway", "swaybg", "grim", "tesseract"]), "needs sway, swaybg, grim and tesseract"))
        func swaybgShowsThePictureAndThenTheNextOne() throws {
            let box = try Self.library()
            let (sway, display) = try Integration.GraphicalBarTests.startSway(in: box.home)
            defer { sway.stop() }
            box.extraEnvironment = display
            #expect(try box.run("rotate").status == 0)
            let installed = try box.run("setup", "wallpaper", "--desktop", "sway", "--install")
            #expect(installed.status == 0 && installed.stderr.isEmpty, "\(installed)")
            let picture = box.feeds.appendingPathComponent("picture-wallpaper.png")
            #expect(try Integration.PictureReaderTests.identify(picture).hasPrefix("1280 720 "), "the screen's size, read from sway")
            let grim = findProgram("grim")!
            let capture = { (png: URL) -> Bool in
                (try? Sandbox.execute(grim, [png.path], stdin: Data(), environment: display.merging(["PATH": "/usr/bin:/bin"]) { $1 }))?
                    .status
                    == 0
            }
            let first = try Self.readBack(box, capture: capture)
            #expect(first.share >= 0.9, "the screen shows the citation: \(first.read)")

            // A bar's next, without SWAYSOCK (as a timer's environment): the picture of the new
            // pick, given to the sway found in XDG_RUNTIME_DIR.
            #expect(try box.run(["next"], environment: ["SWAYSOCK": nil]).status == 0)
            #expect(box.waitForAnnouncements())
            #expect(!box.announceLog.contains("warning"), "\(box.announceLog)")
            let second = try Self.readBack(box, capture: capture)
            #expect(second.share >= 0.9, "the screen shows the new citation: \(second.read); \(box.announceLog)")
        }

        @Test(
            .requires(
                Integration.GraphicalBarTests.installed(["Xvfb", "feh", "import", "tesseract"]),
                "needs Xvfb, feh, ImageMagick and tesseract"))
        func fehShowsThePictureOnX11() throws {
            let box = try Self.library()
            let screen = try VirtualDisplay(size: "1280x720", home: box.home)
            defer { screen.stop() }
            box.extraEnvironment = ["DISPLAY": screen.name]
            #expect(try box.run("rotate").status == 0)
            let installed = try box.run("setup", "wallpaper", "--desktop", "x11", "--install")
            #expect(installed.status == 0 && installed.stderr.isEmpty, "\(installed)")
            let capture = { (png: URL) -> Bool in screen.capture(png, area: "1280x720+0+0") }
            let first = try Self.readBack(box, capture: capture)
            #expect(first.share >= 0.9, "the screen shows the citation: \(first.read)")
            #expect(
                try String(contentsOf: box.home.appendingPathComponent(".fehbg"), encoding: .utf8).contains(
                    box.feeds.path + "/picture-wallpaper.png"),
                "feh's ~/.fehbg shows it again at the next login")
            #expect(try box.run("next").status == 0)
            #expect(box.waitForAnnouncements())
            let second = try Self.readBack(box, capture: capture)
            #expect(second.share >= 0.9, "the screen shows the new citation: \(second.read); \(box.announceLog)")
        }
    }
}
