import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// Puts text on the desktop clipboard: `wl-copy` on Wayland, `xclip` or `xsel` on X11, and
/// otherwise an OSC 52 escape when standard output is a terminal (most terminal emulators,
/// tmux and ssh sessions pass it on to the local clipboard).
enum Clipboard {
    enum Method: Equatable {
        case program(String, [String])
        case osc52
    }

    /// The way to reach the clipboard in this environment, or `nil`.
    static func method(environment: [String: String], stdoutIsTerminal: Bool) -> Method? {
        let wayland = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        let x11 = !(environment["DISPLAY"] ?? "").isEmpty
        if wayland, let path = Subprocess.find("wl-copy", environment: environment) { return .program(path, []) }
        if x11 || wayland, let path = Subprocess.find("xclip", environment: environment) {
            return .program(path, ["-selection", "clipboard"])
        }
        if x11 || wayland, let path = Subprocess.find("xsel", environment: environment) {
            return .program(path, ["--clipboard", "--input"])
        }
        #if os(macOS)
            if let path = Subprocess.find("pbcopy", environment: environment) { return .program(path, []) }
        #endif
        return stdoutIsTerminal ? .osc52 : nil
    }

    /// The program that puts a PNG picture on the clipboard: `wl-copy --type image/png` on
    /// Wayland, `xclip -t image/png` on X11 (xsel and OSC 52 carry only text); `nil` when
    /// neither is there.
    static func pictureMethod(environment: [String: String]) -> (String, [String])? {
        let wayland = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        let x11 = !(environment["DISPLAY"] ?? "").isEmpty
        if wayland, let path = Subprocess.find("wl-copy", environment: environment) { return (path, ["--type", "image/png"]) }
        if x11 || wayland, let path = Subprocess.find("xclip", environment: environment) {
            return (path, ["-selection", "clipboard", "-t", "image/png"])
        }
        return nil
    }

    /// How long a clipboard tool may take to take the data and return, in milliseconds (they
    /// leave a process of their own behind to serve the clipboard, and return at once).
    static let timeout = 10_000

    private static func check(_ path: String, _ status: Int32) throws(ClipboardError) {
        switch status {
        case 0: return
        case -2: throw .timedOut(path, timeout / 1000)
        case -3: throw .notTaken(path)
        default: throw .failed(path, status)
        }
    }

    static func copy(png: [UInt8], _ context: Context) throws(ClipboardError) {
        guard let (path, arguments) = pictureMethod(environment: context.environment) else { throw .noPictureClipboard }
        try check(path, Subprocess.run(path, arguments, input: png, environment: context.environment, timeout: timeout))
    }

    static func copy(_ text: String, _ context: Context) throws(ClipboardError) {
        guard let method = method(environment: context.environment, stdoutIsTerminal: context.stdoutIsTerminal) else {
            throw .unavailable
        }
        switch method {
        case let .program(path, arguments):
            try check(path, Subprocess.run(path, arguments, input: Array(text.utf8), environment: context.environment, timeout: timeout))
        case .osc52:
            context.out.write("\u{1B}]52;c;\(Base64.encode(Array(text.utf8)))\u{07}")
        }
    }
}

package enum ClipboardError: CiteFeedError, Equatable {
    case unavailable
    case noPictureClipboard
    case failed(String, Int32)
    /// The tool had not returned after this many seconds (it was stopped).
    case timedOut(String, Int)
    /// The tool ended without reading what was to be copied.
    case notTaken(String)

    package var exitStatus: ExitStatus { .failure }

    package var message: String {
        switch self {
        case .unavailable:
            return "No clipboard to copy to: install wl-clipboard (Wayland) or xclip or xsel (X11), or run citefeed in a terminal."
        case .noPictureClipboard:
            return "No clipboard that takes a picture: install wl-clipboard (Wayland) or xclip (X11)."
        case let .timedOut(path, seconds):
            return "\(path) did not finish within \(seconds) seconds and was stopped; nothing was copied."
        case .notTaken(let path):
            return "\(path) ended without taking what was to be copied; nothing was copied."
        case let .failed(path, status):
            return "\(path) failed (exit status \(status)); nothing was copied."
        }
    }
}
