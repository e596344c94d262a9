import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// Text on its way to a terminal: the one choke point between what a citation, a file or a
/// setting holds and what reaches a terminal, which obeys escape sequences (a window title, a
/// clipboard write, a cleared screen) and reorders text at bidi controls.
///
/// `OutputStream.write` and `line` take only this type. Its literals are citefeed's own text and
/// pass as they are; every `String` interpolated into one, or given to `init(_:)`, is made safe
/// by `terminalSafe` (controls and bidi controls shown escaped, never raw). Only `Terminal`
/// (colours) and the literals add escape sequences. Data meant for programs (`--json`, exports,
/// the status line, completion scripts) is written with `OutputStream.write(data:)` instead.
package struct TerminalText: Equatable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// What is written, escape sequences included.
    package private(set) var rendered: String

    /// `text` made safe for a terminal.
    package init(_ text: String) { rendered = text.terminalSafe }

    /// Text written by citefeed itself (help pages, its own messages), passed as it is.
    init(trusted text: String) { rendered = text }

    package init(stringLiteral value: String) { rendered = value }

    package init(stringInterpolation: StringInterpolation) { rendered = stringInterpolation.rendered }

    package var description: String { rendered }

    package struct StringInterpolation: StringInterpolationProtocol {
        var rendered = ""

        package init(literalCapacity: Int, interpolationCount: Int) { rendered.reserveCapacity(literalCapacity) }

        package mutating func appendLiteral(_ literal: String) { rendered += literal }

        /// Data: made safe.
        package mutating func appendInterpolation(_ text: String) { rendered += text.terminalSafe }

        package mutating func appendInterpolation(_ text: Substring) { rendered += String(text).terminalSafe }

        package mutating func appendInterpolation(_ text: TerminalText) { rendered += text.rendered }

        package mutating func appendInterpolation<T: BinaryInteger>(_ number: T) { rendered += String(number) }
    }

    package static func + (a: TerminalText, b: TerminalText) -> TerminalText { TerminalText(trusted: a.rendered + b.rendered) }

    package static func += (a: inout TerminalText, b: TerminalText) { a.rendered += b.rendered }

    package var isEmpty: Bool { rendered.isEmpty }

    /// Without the spaces at its end.
    func trimmingTrailingSpaces() -> TerminalText {
        var text = rendered
        while text.last == " " { text.removeLast() }
        return TerminalText(trusted: text)
    }

    /// Lines joined by `separator`.
    package static func joined(_ parts: [TerminalText], separator: TerminalText = "") -> TerminalText {
        TerminalText(trusted: parts.map(\.rendered).joined(separator: separator.rendered))
    }
}
