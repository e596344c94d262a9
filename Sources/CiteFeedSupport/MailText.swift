/// The pieces of an Internet message (RFC 5322, MIME) that are text rules, not transport:
/// header words in RFC 2047's encoding, bodies in quoted-printable (RFC 2045), and the one
/// form of address citefeed sends to. Lines end in LF, as `sendmail -t` and a Maildir take them
/// (the mail program writes CRLF on the wire).
package enum MailText {
    /// A header's text: as it is when it is printable ASCII without `=?`, else RFC 2047
    /// encoded-words (`=?UTF-8?B?…?=`, each at most 75 characters and whole characters), one a
    /// line after the first, folded with a space. Line breaks and controls become spaces first.
    package static func headerText(_ text: String, nameLength: Int) -> String {
        let flat = String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
        // Printable ASCII that no reader could take for an encoded word stays as it is.
        if flat.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) && !flat.contains("=?") {
            return nameLength + 2 + flat.utf8.count <= 78 ? flat : fold(flat, first: nameLength + 2)
        }
        // 45 bytes make 60 base64 characters: with `=?UTF-8?B?` and `?=`, a word of 72. Words
        // part between scalars (RFC 2047's characters), never inside one.
        var words: [String] = []
        var chunk: [UInt8] = []
        for scalar in flat.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if chunk.count + bytes.count > 45 {
                words.append("=?UTF-8?B?" + Base64.encode(chunk) + "?=")
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append("=?UTF-8?B?" + Base64.encode(chunk) + "?=") }
        return words.joined(separator: "\n ")
    }

    /// Printable ASCII folded at spaces so that lines stay within 78 characters where a word
    /// allows (`first`: the columns the header's name takes).
    private static func fold(_ text: String, first: Int) -> String {
        var lines: [String] = []
        var line = ""
        var width = first
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty && width + 1 + word.utf8.count > 78 {
                lines.append(line)
                line = String(word)
                width = 1 + word.utf8.count
            } else {
                width += (line.isEmpty ? 0 : 1) + word.utf8.count
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n ")
    }

    /// A body as quoted-printable: lines at most 76 characters (a soft break `=` where one is
    /// longer), `=`, controls and bytes above 127 as `=XX`, spaces and tabs before a line's end
    /// encoded; line breaks LF.
    package static func quotedPrintable(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        let lines = text.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        for (n, line) in lines.enumerated() {
            if n > 0 { out.append(0x0A) }
            let bytes = Array(line.utf8)
            var column = 0
            for (i, b) in bytes.enumerated() {
                let last = i == bytes.count - 1
                var piece: [UInt8]
                if (b >= 0x21 && b <= 0x7E && b != 0x3D) || ((b == 0x20 || b == 0x09) && !last) {
                    piece = [b]
                } else {
                    piece = [0x3D, hex[Int(b >> 4)], hex[Int(b & 0x0F)]]
                }
                // A soft break keeps each line at 76 with its `=`.
                if column + piece.count > (last ? 76 : 75) {
                    out += [0x3D, 0x0A]
                    column = 0
                }
                out += piece
                column += piece.count
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `address` is one plain address (`name@example.org`): one `@`, a local part of
    /// letters, digits and `!#$%&'*+-/=?^_`{|}~.` (no quoted forms), a domain of dot-separated
    /// labels of letters, digits and `-`. No display name, no list, no spaces or line breaks:
    /// a header built from it cannot gain another header or recipient.
    package static func isAddress(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, address.utf8.count <= 254 else { return false }
        let local = parts[0], domain = parts[1]
        let atext = Set("!#$%&'*+-/=?^_`{|}~".utf8)
        guard !local.isEmpty, local.utf8.count <= 64, !local.hasPrefix("."), !local.hasSuffix("."), !local.contains(".."),
            local.utf8.allSatisfy({ isAlphanumeric($0) || atext.contains($0) || $0 == UInt8(ascii: ".") })
        else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return !domain.isEmpty
            && labels.allSatisfy { label in
                !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
            }
    }

    private static func isAlphanumeric(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A)
    }
}
