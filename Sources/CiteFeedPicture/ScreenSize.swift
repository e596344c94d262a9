import CiteFeedModel
import CiteFeedSupport

/// The size of the screen in pixels, for the `wallpaper` and `lockscreen` presets: the focused
/// output of sway (`swaymsg -t get_outputs`), else X's primary output (`xrandr --current`), else
/// none. Each program gets two seconds: a compositor that does not answer must not hang a
/// picture.
package enum ScreenSize {
    package static let timeout = 2000

    package static func read(environment: [String: String]) -> PictureSize? {
        if !(environment["SWAYSOCK"] ?? "").isEmpty, let program = Subprocess.find("swaymsg", environment: environment) {
            let (status, output, _) = Subprocess.capture(
                program, ["-t", "get_outputs", "--raw"], environment: environment, limit: 1 << 20, timeout: timeout)
            if status == 0, let size = sway(output) { return size }
        }
        if !(environment["DISPLAY"] ?? "").isEmpty, let program = Subprocess.find("xrandr", environment: environment) {
            let (status, output, _) = Subprocess.capture(program, ["--current"], environment: environment, limit: 1 << 20, timeout: timeout)
            if status == 0, let size = xrandr(String(decoding: output, as: UTF8.self)) { return size }
        }
        return nil
    }

    /// The focused (else the first active) output's current mode, from `swaymsg -t get_outputs`,
    /// turned with the output.
    package static func sway(_ json: [UInt8]) -> PictureSize? {
        guard let outputs = (try? JSONParser.parse(json))?.arrayValue else { return nil }
        let active = outputs.filter { $0["active"] != .bool(false) }
        let chosen = active.first { $0["focused"] == .bool(true) } ?? active.first
        guard let mode = chosen?["current_mode"], let width = mode["width"]?.numberValue, let height = mode["height"]?.numberValue,
            let w = Int(exactly: width), let h = Int(exactly: height)
        else { return nil }
        // A screen turned a quarter (a monitor on its side) shows its mode the other way round.
        let turned = ["90", "270", "flipped-90", "flipped-270"].contains(chosen?["transform"]?.stringValue ?? "")
        let size = turned ? PictureSize(width: h, height: w) : PictureSize(width: w, height: h)
        return size.isWithinBounds ? size : nil
    }

    /// The primary (else the first connected) output's `WxH+X+Y`, from `xrandr --current`.
    package static func xrandr(_ text: String) -> PictureSize? {
        let lines = text.split(separator: "\n").filter { $0.contains(" connected ") }
        let chosen = lines.first { $0.contains(" connected primary ") } ?? lines.first
        guard let chosen else { return nil }
        for word in chosen.split(separator: " ") {
            let geometry = word.split(separator: "+")
            if geometry.count == 3, let size = PictureSize(parsing: String(geometry[0])), size.isWithinBounds { return size }
        }
        return nil
    }
}
