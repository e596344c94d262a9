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

    static func copy(_ text: String, _ context: Context) throws(ClipboardError) {
        guard let method = method(environment: context.environment, stdoutIsTerminal: context.stdoutIsTerminal) else {
            throw .unavailable
        }
        switch method {
        case let .program(path, arguments):
            let status = Subprocess.run(path, arguments, input: Array(text.utf8), environment: context.environment)
            if status != 0 { throw .failed(path, status) }
        case .osc52:
            context.out.write("\u{1B}]52;c;\(Base64.encode(Array(text.utf8)))\u{07}")
        }
    }
}

package enum ClipboardError: CiteFeedError, Equatable {
    case unavailable
    case failed(String, Int32)

    package var exitStatus: ExitStatus { .failure }

    package var message: String {
        switch self {
        case .unavailable:
            return "No clipboard to copy to: install wl-clipboard (Wayland) or xclip or xsel (X11), or run citefeed in a terminal."
        case let .failed(path, status):
            return "\(path) failed (exit status \(status)); the text was not copied."
        }
    }
}
