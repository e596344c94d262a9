import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// The bytes of an import file as UTF-8 without a byte order mark, whatever encoding the file
/// was written in: UTF-8 with or without a BOM, UTF-16 LE or BE with a BOM, and, for a file that
/// is not valid UTF-8, Windows-1252 (what Windows programs, Kindle's among them, write). C1
/// control characters that are Windows-1252 bytes read as Latin-1 (U+0093 for “), or UTF-8
/// read as Latin-1 and encoded again (`â` U+0080 U+0099 for ’), become the characters meant;
/// the other controls stay, for the import to refuse.
package enum ImportText {
    package struct Decoded {
        package var bytes: [UInt8]
        /// What was done to read the file, for a note on stderr (`nil`: it was plain UTF-8).
        package var note: String?
    }

    package enum Failure: Error, Equatable {
        /// NUL bytes, or UTF-16 that is not well-formed: not a text file.
        case binary
    }

    /// The bytes decoded as `decode` does, or nil for a file that is not text.
    static func decodeIfText(_ bytes: [UInt8]) -> [UInt8]? { try? decode(bytes).bytes }

    package static func decode(_ bytes: [UInt8]) throws(Failure) -> Decoded {
        var decoded = try decodingEncoding(bytes)
        // A byte order mark written twice (or a UTF-16 file's mark, then a zero-width no-break
        // space) is no text either.
        var marks = 0
        while decoded.bytes[marks...].starts(with: [0xEF, 0xBB, 0xBF]) { marks += 3 }
        if marks > 0 { decoded.bytes.removeFirst(marks) }
        return decoded
    }

    private static func decodingEncoding(_ bytes: [UInt8]) throws(Failure) -> Decoded {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let text = try utf16(bytes.dropFirst(2), littleEndian: bytes[0] == 0xFF)
            let repaired = repairingC1(text)
            return Decoded(
                bytes: Array(repaired.text.utf8),
                note: "read as UTF-16 (\(bytes[0] == 0xFF ? "little" : "big")-endian)" + (repaired.changed ? c1Note : ""))
        }
        if ImportText.containsNUL(bytes) { throw .binary }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if (try? UTF8Span(validating: body.span)) != nil {
            // C1 controls are two bytes, C2 80 to C2 9F: most files have none.
            guard hasC1(body) else { return Decoded(bytes: body, note: nil) }
            let repaired = repairingC1(String(decoding: body, as: UTF8.self))
            return Decoded(bytes: Array(repaired.text.utf8), note: repaired.changed ? String(c1Note.dropFirst(2)) : nil)
        }
        var text = String.UnicodeScalarView()
        for byte in body { text.append(windows1252(byte)) }
        return Decoded(bytes: Array(String(text).utf8), note: "not valid UTF-8, so read as Windows-1252")
    }

    private static let c1Note =
        "; C1 control characters read as the characters they stand for (Windows-1252 punctuation, or UTF-8 once read as Latin-1)"

    /// Whether a NUL byte is in `bytes` (a binary file), with the C library's vectorised search.
    static func containsNUL(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { $0.count > 0 && memchr($0.baseAddress!, 0, $0.count) != nil }
    }

    /// Whether a C1 control (C2 80 to C2 9F) is in `bytes`, found with the C library's
    /// vectorised search for C2 (the file may be 100 MiB).
    private static func hasC1(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard var p = buffer.baseAddress else { return false }
            let end = p + buffer.count
            while p < end, let found = memchr(p, 0xC2, end - p) {
                let c2 = found.assumingMemoryBound(to: UInt8.self)
                if c2 + 1 < end && (0x80...0x9F).contains(c2[1]) { return true }
                p = UnsafePointer(c2 + 1)
            }
            return false
        }
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) throws(Failure) -> String {
        guard bytes.count % 2 == 0 else { throw .binary }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(littleEndian ? a | b << 8 : a << 8 | b)
            i += 2
        }
        var text = String.UnicodeScalarView()
        var iterator = units.makeIterator()
        var decoder = UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar.value == 0 { throw .binary }
                text.append(scalar)
            case .emptyInput: break loop
            case .error: throw .binary
            }
        }
        return String(text)
    }

    /// `text` with each C1 control that Windows-1252 gives a character replaced by it.
    static func repairingC1(_ text: String) -> (text: String, changed: Bool) {
        guard text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) else { return (text, false) }
        var out = String.UnicodeScalarView()
        var changed = false
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            // A run of Latin-1 letters with a C1 among them, which as bytes is UTF-8, perhaps
            // encoded twice or more (’ read as Latin-1 twice: `Ã¢Â` U+0080 `Â` U+0099).
            if (0x80...0xFF).contains(scalars[i].value) {
                var end = i
                while end < scalars.count && (0x80...0xFF).contains(scalars[end].value) { end += 1 }
                if let meant = undoingLatin1(scalars[i..<end]) {
                    out.append(contentsOf: meant)
                    changed = true
                    i = end
                    continue
                }
            }
            let scalar = scalars[i]
            i += 1
            // UTF-8 read as Latin-1 and written again as UTF-8 (`â` U+0080 U+0099 for ’): the
            // bytes are the scalars' values; a lead byte, continuation bytes, at least one a C1.
            if (0xC2...0xF4).contains(scalar.value) {
                let count = scalar.value < 0xE0 ? 1 : scalar.value < 0xF0 ? 2 : 3
                if i + count <= scalars.count, case let tail = scalars[i..<i + count],
                    tail.allSatisfy({ (0x80...0xBF).contains($0.value) }), tail.contains(where: { $0.value < 0xA0 }),
                    let meant = String(validating: [UInt8(scalar.value)] + tail.map { UInt8($0.value) }, as: UTF8.self)
                {
                    out.append(contentsOf: meant.unicodeScalars)
                    changed = true
                    i += count
                    continue
                }
            }
            if (0x80...0x9F).contains(scalar.value) {
                let meant = windows1252(UInt8(scalar.value))
                changed = changed || meant != scalar
                out.append(meant)
            } else {
                out.append(scalar)
            }
        }
        return (String(out), changed)
    }

    /// What `run` was before UTF-8 was read as Latin-1 (once or more), if it holds a C1 control
    /// and its values decode as UTF-8.
    private static func undoingLatin1(_ run: ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar]? {
        guard run.contains(where: { $0.value < 0xA0 }) else { return nil }
        var current = Array(run)
        var decoded: [Unicode.Scalar]?
        while current.allSatisfy({ $0.value <= 0xFF }), let text = String(validating: current.map { UInt8($0.value) }, as: UTF8.self) {
            current = Array(text.unicodeScalars)
            decoded = current
        }
        return decoded
    }

    /// The character of a Windows-1252 byte (the five bytes it leaves undefined stay C1 controls).
    static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        let table: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
            0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
        ]
        return Unicode.Scalar(table[Int(byte) - 0x80])!
    }
}
