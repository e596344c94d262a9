/// Text made safe to show on a terminal: what every message that echoes a user's value uses.
extension String {
    /// Text that cannot steer a terminal: C0 controls (but tab and newline), DEL, C1 controls and
    /// the bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) written as
    /// visible escapes (`\x1b`, `\u202e`); everything else as it is.
    package var terminalSafe: String {
        // Most text has none: a quick scan of the bytes first (every C0 control and DEL is one
        // byte; C1 controls start with C2, bidi controls with D8, E2).
        if utf8AllSatisfy({
            ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x09 || ($0 >= 0x80 && $0 != 0xC2 && $0 != 0xD8 && $0 != 0xE2)
        }) {
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
    package func echoed(limit: Int = 120) -> String {
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
    package var needsTerminalEscape: Bool {
        switch value {
        case 0x09, 0x0A: return false
        case 0x00..<0x20, 0x7F..<0xA0: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `\x1b` for a scalar below 256, `\u202e` above.
    package var visibleEscape: String {
        let hex = String(value, radix: 16)
        return value < 0x100
            ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
            : "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// `"text"` with the quotes a message puts around a name; made safe for a terminal and cut
/// (`echoed`), as every echoed value is.
package func quoted(_ s: String) -> String { "\"\(s.echoed())\"" }
