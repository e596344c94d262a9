import Foundation
import Testing

@testable import CiteFeedModel
@testable import CiteFeedPicture

/// The wallpaper's size, from what sway and X say of their outputs.
@Suite struct ScreenSizeTests {
    /// Part of what `swaymsg -t get_outputs --raw` prints (sway 1.8), two outputs.
    static let swayOutputs = """
        [{"id":3,"type":"output","name":"eDP-1","active":true,"focused":false,"current_mode":{"width":1920,"height":1200,"refresh":60000},
          "rect":{"x":0,"y":0,"width":1536,"height":960},"scale":1.25},
         {"id":4,"type":"output","name":"DP-2","active":true,"focused":true,"current_mode":{"width":2560,"height":1440,"refresh":59951},
          "rect":{"x":1536,"y":0,"width":2560,"height":1440},"scale":1.0},
         {"id":5,"type":"output","name":"HDMI-A-1","active":false,"focused":false}]
        """

    static let xrandrOutput = """
        Screen 0: minimum 320 x 200, current 4480 x 1440, maximum 16384 x 16384
        eDP-1 connected 1920x1080+0+360 (normal left inverted right x axis y axis) 344mm x 194mm
           1920x1080     60.00*+
        DP-1 disconnected (normal left inverted right x axis y axis)
        HDMI-1 connected primary 2560x1440+1920+0 (normal left inverted right x axis y axis) 597mm x 336mm
           2560x1440     59.95*+
        """

    @Test func swayTheFocusedOutputsModeInPixels() {
        #expect(ScreenSize.sway(Array(Self.swayOutputs.utf8)) == PictureSize(width: 2560, height: 1440))
        let unfocused = Self.swayOutputs.replacingOccurrences(of: "\"focused\":true", with: "\"focused\":false")
        #expect(ScreenSize.sway(Array(unfocused.utf8)) == PictureSize(width: 1920, height: 1200), "the first active one")
        #expect(ScreenSize.sway(Array("[]".utf8)) == nil)
        #expect(ScreenSize.sway(Array("not json".utf8)) == nil)
        #expect(ScreenSize.sway(Array(#"[{"active":true,"current_mode":{"width":99999,"height":10}}]"#.utf8)) == nil)
    }

    @Test func xrandrThePrimaryOutput() {
        #expect(ScreenSize.xrandr(Self.xrandrOutput) == PictureSize(width: 2560, height: 1440))
        let noPrimary = Self.xrandrOutput.replacingOccurrences(of: "connected primary", with: "connected")
        #expect(ScreenSize.xrandr(noPrimary) == PictureSize(width: 1920, height: 1080))
        #expect(ScreenSize.xrandr("Screen 0: minimum 320 x 200, current 1024 x 768\nVGA-1 disconnected\n") == nil)
    }

    /// A compositor that answers, and one that hangs: the wallpaper falls back to 1920×1080
    /// after the helper's two-second timeout instead of waiting.
    @Test func aHangingSwaymsgIsNotWaitedFor() throws {
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("swaymsg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bin) }
        let swaymsg = bin.appendingPathComponent("swaymsg")
        let environment = ["PATH": bin.path + ":/usr/bin:/bin", "SWAYSOCK": "/run/sway.sock"]
        try "#!/bin/sh\ncat <<'EOF'\n\(Self.swayOutputs)\nEOF\n".write(to: swaymsg, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swaymsg.path)
        #expect(ScreenSize.read(environment: environment) == PictureSize(width: 2560, height: 1440))
        // One that never answers: it is stopped at the timeout (gone, and its mark never
        // written), and the answer is that no size was read.
        let marker = bin.appendingPathComponent("pid"), slept = bin.appendingPathComponent("slept")
        try "#!/bin/sh\necho $$ > '\(marker.path)'\nsleep 600\ntouch '\(slept.path)'\n".write(
            to: swaymsg, atomically: true, encoding: .utf8)
        // (A new file: executable again, else the test would not reach the helper at all.)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swaymsg.path)
        #expect(ScreenSize.read(environment: environment) == nil)
        let helper = try #require(pid_t(String(contentsOf: marker, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(helper, 0) != 0, "the hanging helper \(helper) was stopped")
        #expect(!FileManager.default.fileExists(atPath: slept.path))
    }

    @Test func aTurnedSwayOutputIsTallerThanWide() {
        let turned = #"[{"active":true,"focused":true,"transform":"270","current_mode":{"width":2560,"height":1440}}]"#
        #expect(ScreenSize.sway(Array(turned.utf8)) == PictureSize(width: 1440, height: 2560))
    }

    /// A helper that answers and ends, leaving a child of its own holding the pipe: its answer
    /// counts, and the child is stopped rather than left running.
    @Test func anAnswerLeftWithALingeringChildCountsAndTheChildIsStopped() throws {
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("swaymsg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bin) }
        let swaymsg = bin.appendingPathComponent("swaymsg"), marker = bin.appendingPathComponent("child.pid")
        let answer = #"[{"active":true,"focused":true,"current_mode":{"width":3840,"height":2160}}]"#
        // The child would leave a mark had it slept its time out: the answer must not wait for it.
        let slept = bin.appendingPathComponent("slept")
        try "#!/bin/sh\necho '\(answer)'\n(sleep 30; touch '\(slept.path)') &\necho $! > '\(marker.path)'\nexit 0\n".write(
            to: swaymsg, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swaymsg.path)
        let environment = ["PATH": bin.path + ":/usr/bin:/bin", "SWAYSOCK": "/run/sway.sock"]
        #expect(ScreenSize.read(environment: environment) == PictureSize(width: 3840, height: 2160))
        let child = try #require(pid_t(String(contentsOf: marker, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        var gone = false
        for _ in 0..<200 where !gone {
            gone = kill(child, 0) != 0
            if !gone { usleep(10_000) }
        }
        #expect(gone, "the helper's child \(child) was stopped with its group")
        #expect(!FileManager.default.fileExists(atPath: slept.path), "the answer waited for the helper's child to end")
    }
}
