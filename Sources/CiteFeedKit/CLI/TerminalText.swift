/// Text on its way to a terminal: the one choke point between what a citation, a file or a
/// setting holds and what reaches a terminal, which obeys escape sequences (a window title, a
/// clipboard write, a cleared screen) and reorders text at bidi controls.
///
/// `OutputStream.write` and `line` take only this type. Its literals are citefeed's own text and
/// pass as they are; every `String` interpolated into one, or given to `init(_:)`, is made safe
/// by `terminalSafe` (controls and bidi controls shown escaped, never raw). Only `Terminal`
/// (colours) and the literals add escape sequences. Data meant for programs (`--json`, exports,
/// the status line, completion scripts) is written with `OutputStream.write(data:)` instead.
public struct TerminalText: Equatable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// What is written, escape sequences included.
    public private(set) var rendered: String

    /// `text` made safe for a terminal.
    public init(_ text: String) { rendered = text.terminalSafe }

    /// Text written by citefeed itself (help pages, its own messages), passed as it is.
    init(trusted text: String) { rendered = text }

    public init(stringLiteral value: String) { rendered = value }

    public init(stringInterpolation: StringInterpolation) { rendered = stringInterpolation.rendered }

    public var description: String { rendered }

    public struct StringInterpolation: StringInterpolationProtocol {
        var rendered = ""

        public init(literalCapacity: Int, interpolationCount: Int) { rendered.reserveCapacity(literalCapacity) }

        public mutating func appendLiteral(_ literal: String) { rendered += literal }

        /// Data: made safe.
        public mutating func appendInterpolation(_ text: String) { rendered += text.terminalSafe }

        public mutating func appendInterpolation(_ text: Substring) { rendered += String(text).terminalSafe }

        public mutating func appendInterpolation(_ text: TerminalText) { rendered += text.rendered }

        public mutating func appendInterpolation<T: BinaryInteger>(_ number: T) { rendered += String(number) }
    }

    public static func + (a: TerminalText, b: TerminalText) -> TerminalText { TerminalText(trusted: a.rendered + b.rendered) }

    public static func += (a: inout TerminalText, b: TerminalText) { a.rendered += b.rendered }

    public var isEmpty: Bool { rendered.isEmpty }

    /// Without the spaces at its end.
    func trimmingTrailingSpaces() -> TerminalText {
        var text = rendered
        while text.last == " " { text.removeLast() }
        return TerminalText(trusted: text)
    }

    /// Lines joined by `separator`.
    public static func joined(_ parts: [TerminalText], separator: TerminalText = "") -> TerminalText {
        TerminalText(trusted: parts.map(\.rendered).joined(separator: separator.rendered))
    }
}

extension String {
    /// Text that cannot steer a terminal: C0 controls (but tab and newline), DEL, C1 controls and
    /// the bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) written as
    /// visible escapes (`\x1b`, `\u202e`); everything else as it is.
    public var terminalSafe: String {
        // Most text has none: a quick scan of the bytes first (every C0 control and DEL is one
        // byte; C1 controls start with C2, bidi controls with D8, E2).
        if utf8AllSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x09 || ($0 >= 0x80 && $0 != 0xC2 && $0 != 0xD8 && $0 != 0xE2) }) {
            return self
        }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar.needsTerminalEscape {
                out.append(contentsOf: scalar.visibleEscape.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// A value echoed in a one-line message: made safe for a terminal with line breaks and tabs
    /// escaped too, and cut to `limit` characters (with `…`) so that a 1 MB line stays a line.
    public func echoed(limit: Int = 120) -> String {
        var out = String.UnicodeScalarView()
        var count = 0
        for scalar in unicodeScalars {
            if count == limit {
                out.append("…")
                break
            }
            if scalar.needsTerminalEscape || scalar == "\n" || scalar == "\t" || scalar == "\r" {
                out.append(contentsOf: scalar.visibleEscape.unicodeScalars)
            } else {
                out.append(scalar)
            }
            count += 1
        }
        return String(out)
    }
}

extension Unicode.Scalar {
    /// C0 controls but tab and newline, DEL, C1 controls, and bidi controls.
    var needsTerminalEscape: Bool {
        switch value {
        case 0x09, 0x0A: return false
        case 0x00..<0x20, 0x7F..<0xA0: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `\x1b` for a scalar below 256, `\u202e` above.
    var visibleEscape: String {
        let hex = String(value, radix: 16)
        return value < 0x100 ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex : "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
