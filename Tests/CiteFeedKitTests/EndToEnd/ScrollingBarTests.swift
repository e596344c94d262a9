import Foundation
import Testing

@testable import CiteFeedCore
@testable import CiteFeedSupport

extension Integration {
    /// Scrolling in the real bars: each bar, run as the existing bar tests run it with
    /// `--scroll`, shows at least two different parts of one long citation before a generous
    /// deadline.
    @Suite(.serialized) struct ScrollingBarTests {
        /// Words OCR reads without doubt, far wider than the 24 columns shown.
        static let long = "Quiet river flows under bright morning sun while gentle autumn breeze moves golden leaves"

        /// The letters of the citation's loop (text, gap, text): every part a bar shows is in it.
        static let loop = Screen.letters("“" + long + "”" + Marquee.gap + "“" + long + "”")

        /// Reads (with `read`) until two different parts of the citation, of at least 10 letters
        /// each, were seen, or `seconds` pass; the parts seen.
        static func parts(seconds: Double, read: () -> String?) -> [String] {
            var seen: [String] = []
            let start = Date()
            while Date().timeIntervalSince(start) < seconds && seen.count < 2 {
                if let text = read() {
                    let letters = Screen.letters(text)
                    if letters.count >= 10 && loop.contains(letters) && !seen.contains(letters) { seen.append(letters) }
                }
                Thread.sleep(forTimeInterval: 0.2)
            }
            return seen
        }

        func box() throws -> Sandbox {
            let box = try Sandbox()
            try box.add(Self.long)
            try box.rotate(at: box.now)
            return box
        }

        @Test(
            .requires(
                Integration.GraphicalBarTests.installed(Integration.GraphicalBarTests.waybarTools)
                    && (getuid() != 0 || findProgram("setpriv") != nil),
                "needs sway, waybar, grim and tesseract"))
        func waybarScrollsALongCitation() throws {
            let box = try box()
            let module = try Integration.RealBarTests.contrib("contrib/waybar/config.jsonc")
                .replacing(" status --format waybar --follow\",", with: " status --format waybar --width 24 --follow --scroll\",")
            let bar = try Integration.GraphicalBarTests.startWaybar(box, module: module)
            defer { bar.stop() }
            let png = box.home.appendingPathComponent("bar.png")
            let seen = Self.parts(seconds: 60) { bar.capture(png) ? Screen.read(png) : nil }
            #expect(seen.count == 2, "waybar showed \(seen)\n\(bar.process.logTail)")
            Screen.keep(png, as: "waybar.png")
        }

        @Test(
            .requires(
                Integration.GraphicalBarTests.installed(Integration.GraphicalBarTests.polybarTools),
                "needs Xvfb, polybar, ImageMagick's import and tesseract"))
        func polybarScrollsALongCitation() throws {
            let box = try box()
            let module = try Integration.RealBarTests.contrib("contrib/polybar/citefeed.ini")
                .replacing(" --width 70 --follow\n", with: " --width 24 --follow --scroll\n")
            let bar = try Integration.GraphicalBarTests.startPolybar(box, module: module)
            defer { bar.stop() }
            let png = box.home.appendingPathComponent("bar.png")
            let seen = Self.parts(seconds: 60) { bar.capture(png) ? Screen.read(png) : nil }
            #expect(seen.count == 2, "polybar showed \(seen)\n\(bar.process.logTail)")
            Screen.keep(png, as: "polybar.png")
        }

        /// i3blocks in persist mode: every line the block gets is one frame, 24 columns wide.
        @Test(.requires(findProgram("i3blocks") != nil, "needs i3blocks (scripts/setup-debian --test installs it)"))
        func i3blocksScrollsALongCitation() throws {
            let box = try box()
            let contrib = try Integration.RealBarTests.contrib("contrib/i3blocks/citefeed.conf")
                .replacing(" --width 70 --follow\n", with: " --width 24 --follow --scroll\n")
            let config = box.home.appendingPathComponent("i3blocks.conf")
            try contrib.write(to: config, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: findProgram("i3blocks")!)
            process.arguments = ["-c", config.path]
            process.environment = box.environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = Pipe()
            try process.run()
            defer {
                kill(-process.processIdentifier, SIGKILL)
                kill(process.processIdentifier, SIGKILL)
                for pid in Screen.citefeedProcesses(home: box.home.path) { kill(pid, SIGKILL) }
            }
            let watcher = LineWatcher(output.fileHandleForReading)
            let seen = Self.parts(seconds: 60) { Integration.RealBarTests.i3blocksText(watcher.all) }
            #expect(seen.count == 2, "i3blocks showed \(watcher.all.suffix(3))")
            let frames = watcher.all.compactMap { Integration.RealBarTests.i3blocksText([$0]) }
            #expect(frames.allSatisfy { TextWidth.columns(of: $0) == 24 }, "\(frames.prefix(5))")
        }
    }
}
