import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// Colours and sizes of the terminal, when there is one.
package struct Terminal: Sendable {
    /// Whether to use ANSI colour: only on a terminal, and never with `NO_COLOR` set.
    package var color: Bool
    /// Columns available for tables.
    package var width: Int

    package init(color: Bool, width: Int) {
        self.color = color
        self.width = width
    }

    /// Reads the terminal of standard output: its width from the kernel, else `COLUMNS`, else 80.
    static func detect(environment: [String: String], isTerminal: Bool) -> Terminal {
        var width = 0
        if isTerminal {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 { width = Int(size.ws_col) }
        }
        if width <= 0, let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { width = columns }
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
        return Terminal(color: isTerminal && !noColor, width: width > 0 ? max(width, 40) : 80)
    }

    /// `text` in SGR `code` (on a terminal with colour): the only place, with the study
    /// screen's clearing, where citefeed writes escape sequences of its own.
    package func paint(_ text: TerminalText, _ code: String) -> TerminalText {
        color ? TerminalText(trusted: "\u{1B}[\(code)m\(text.rendered)\u{1B}[0m") : text
    }

    package func paint(_ text: String, _ code: String) -> TerminalText { paint(TerminalText(text), code) }
    package func bold(_ text: TerminalText) -> TerminalText { paint(text, "1") }
    package func bold(_ text: String) -> TerminalText { paint(text, "1") }
    package func dim(_ text: TerminalText) -> TerminalText { paint(text, "2") }
    package func dim(_ text: String) -> TerminalText { paint(text, "2") }

    /// `text` in a tag colour (24-bit).
    package func tint(_ text: String, _ color: String) -> TerminalText {
        let (r, g, b) = Palette.rgb(of: color)
        return paint(text, "38;2;\(r);\(g);\(b)")
    }
}
