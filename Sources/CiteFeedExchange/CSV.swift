import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// RFC 4180 CSV: fields separated by commas, records by CRLF or LF, fields with commas, quotes or
/// line breaks in double quotes, quotes doubled inside them.
package enum CSV {
    package struct Failure: Error, Equatable {
        package var line: Int
        package var reason: String
    }

    /// One record and the line it starts on (1-based).
    package struct Record: Equatable, Sendable {
        package var line: Int
        package var fields: [String]
    }

    /// Parses the whole text (see `Reader`).
    package static func parse(_ text: String) throws(Failure) -> [Record] {
        var reader = Reader(Array(text.utf8))
        var records: [Record] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    /// Reads records one at a time from UTF-8 bytes, so that a 100,000-row file is never held
    /// as records. A byte order mark is skipped; blank lines between records are ignored. Works
    /// on the bytes (every delimiter is ASCII) and makes a String only per field.
    package struct Reader {
        private let bytes: [UInt8]
        private var i: Int
        private var line = 1
        private var fields: [String] = []
        private var field: [UInt8] = []
        /// The byte between fields: a comma, or a tab (Anki's text files).
        private let separator: UInt8

        package init(_ bytes: [UInt8], separator: UInt8 = 0x2C) {
            self.bytes = bytes
            self.separator = separator
            i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }

        /// The fraction of the bytes read so far, 0…1.
        package var fractionRead: Double { bytes.isEmpty ? 1 : Double(i) / Double(bytes.count) }

        /// The next record, or `nil` at the end.
        package mutating func next() throws(Failure) -> Record? {
            let bytes = self.bytes
            return try bytes.withUnsafeBufferPointer { buffer throws(Failure) in try record(in: buffer) }
        }

        private mutating func record(in buf: UnsafeBufferPointer<UInt8>) throws(Failure) -> Record? {
            let n = buf.count
            while i < n {
                let recordLine = line
                var blank = true
                fields.removeAll(keepingCapacity: true)
                fieldLoop: while true {
                    var value = ""
                    // Spaces before a quoted field, as in `"a", "b"`, which many files have.
                    var ahead = i
                    while ahead < n && buf[ahead] == 0x20 { ahead += 1 }
                    if ahead > i && ahead < n && buf[ahead] == 0x22 { i = ahead }
                    if i < n && buf[i] == 0x22 {
                        blank = false
                        value = try quoted(in: buf)
                    }
                    // An unquoted field (or what follows a quoted one before the delimiter).
                    let start = i
                    while i < n {
                        let c = buf[i]
                        if c == separator || c == 0x0A || c == 0x0D { break }
                        if c == 0x22 { throw Failure(line: line, reason: "a quote inside an unquoted field") }
                        i += 1
                    }
                    if i > start {
                        blank = false
                        let run = String(decoding: UnsafeBufferPointer(rebasing: buf[start..<i]), as: UTF8.self)
                        value = value.isEmpty ? run : value + run
                    }
                    fields.append(value)
                    guard i < n else { break fieldLoop }
                    switch buf[i] {
                    case separator:
                        blank = false
                        i += 1
                    case 0x0D:
                        i += i + 1 < n && buf[i + 1] == 0x0A ? 2 : 1
                        line += 1
                        break fieldLoop
                    default:  // LF
                        i += 1
                        line += 1
                        break fieldLoop
                    }
                }
                if blank && fields.count == 1 { continue }  // a blank line
                return Record(line: recordLine, fields: fields)
            }
            return nil
        }

        /// A quoted field from its opening quote: doubled quotes are one, line breaks are kept.
        private mutating func quoted(in buf: UnsafeBufferPointer<UInt8>) throws(Failure) -> String {
            let quoteLine = line
            let n = buf.count
            i += 1
            var start = i
            var escaped = false
            while i < n {
                let c = buf[i]
                if c == 0x22 {
                    if i + 1 < n && buf[i + 1] == 0x22 {
                        field.append(contentsOf: UnsafeBufferPointer(rebasing: buf[start...i]))
                        escaped = true
                        i += 2
                        start = i
                        continue
                    }
                    let end = i
                    i += 1
                    guard escaped else { return String(decoding: UnsafeBufferPointer(rebasing: buf[start..<end]), as: UTF8.self) }
                    field.append(contentsOf: UnsafeBufferPointer(rebasing: buf[start..<end]))
                    defer { field.removeAll(keepingCapacity: true) }
                    return String(decoding: field, as: UTF8.self)
                }
                if c == 0x0A { line += 1 }
                i += 1
            }
            throw Failure(line: quoteLine, reason: "a quoted field is not closed")
        }
    }

    /// One record with CRLF, as RFC 4180 writes it: fields quoted when they hold a comma, a
    /// quote or a line break, or start with a byte order mark (which a reader would skip at the
    /// start of a file), quotes doubled inside.
    package static func record(_ fields: [String]) -> String {
        var out: [UInt8] = []
        append(fields, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `record(fields)`, appended to `out`. A record of one empty field is written `""`, as a
    /// blank line would be skipped by a reader.
    /// `separator` and `lineEnd` make other dialects: Anki's tab-separated text with LF.
    package static func append(_ fields: [String], into out: inout [UInt8], separator: UInt8 = 0x2C, lineEnd: [UInt8] = [0x0D, 0x0A]) {
        if fields.count == 1 && fields[0].isEmpty {
            out += [0x22, 0x22] + lineEnd
            return
        }
        for (i, field) in fields.enumerated() {
            if i > 0 { out.append(separator) }
            var field = field
            field.withUTF8 { bytes in
                let startsWithBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
                guard startsWithBOM || bytes.contains(where: { $0 == separator || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
                    out.append(contentsOf: bytes)
                    return
                }
                out.append(0x22)
                for b in bytes {
                    if b == 0x22 { out.append(0x22) }
                    out.append(b)
                }
                out.append(0x22)
            }
        }
        out += lineEnd
    }

    /// A cell that a spreadsheet would run as a formula (one starting with `=`, `+`, `-`, `@`, a
    /// tab or a carriage return: `=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`) with a `'` before it, which
    /// spreadsheets read as "text" and do not show (OWASP's advice for CSV injection). A cell
    /// that starts with `'` before such a character gets one more, so `formulaUnguarded` gives
    /// back exactly the cell that was exported.
    package static func formulaGuarded(_ cell: String) -> String {
        startsLikeFormula(cell.utf8[...]) ? "'" + cell : cell
    }

    /// The cell of citefeed's own CSV export without the `'` that `formulaGuarded` added.
    package static func formulaUnguarded(_ cell: String) -> String {
        let bytes = cell.utf8
        guard bytes.first == UInt8(ascii: "'"), startsLikeFormula(bytes.dropFirst()) else { return cell }
        return String(cell.dropFirst())
    }

    private static func startsLikeFormula(_ bytes: Substring.UTF8View) -> Bool {
        var rest = bytes
        while rest.first == UInt8(ascii: "'") { rest = rest.dropFirst() }
        guard let first = rest.first else { return false }
        return "=+-@\t\r".utf8.contains(first)
    }
}
