/// RFC 4180 CSV: fields separated by commas, records by CRLF or LF, fields with commas, quotes or
/// line breaks in double quotes, quotes doubled inside them.
public enum CSV {
    public struct Failure: Error, Equatable {
        public var line: Int
        public var reason: String
    }

    /// One record and the line it starts on (1-based).
    public struct Record: Equatable, Sendable {
        public var line: Int
        public var fields: [String]
    }

    /// Parses the whole text; a UTF-8 byte order mark is skipped. Blank lines between records
    /// are ignored. Works on the UTF-8 bytes (every delimiter is ASCII), making a String only
    /// per field: a 100,000-row import spends its time here otherwise.
    public static func parse(_ text: String) throws(Failure) -> [Record] {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var fieldStarted = false
        var i = 0
        let n = bytes.count
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty && !fieldStarted) { records.append(Record(line: recordLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
            fieldStarted = false
        }
        while i < n {
            let b = bytes[i]
            switch b {
            case 0x22:  // "
                guard field.isEmpty else { throw Failure(line: line, reason: "a quote inside an unquoted field") }
                let quoteLine = line
                fieldStarted = true
                i += 1
                var closed = false
                while i < n {
                    let c = bytes[i]
                    if c == 0x22 {
                        if i + 1 < n && bytes[i + 1] == 0x22 {
                            field.append(0x22)
                            i += 2
                            continue
                        }
                        closed = true
                        i += 1
                        break
                    }
                    if c == 0x0A { line += 1 }
                    field.append(c)
                    i += 1
                }
                if !closed { throw Failure(line: quoteLine, reason: "a quoted field is not closed") }
                continue
            case 0x2C:  // ,
                endField()
                fieldStarted = true
            case 0x0D:
                if i + 1 < n && bytes[i + 1] == 0x0A { i += 1 }
                endRecord()
                line += 1
                recordLine = line
            case 0x0A:
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(b)
                fieldStarted = true
            }
            i += 1
        }
        if fieldStarted || !fields.isEmpty || !field.isEmpty { endRecord() }
        return records
    }

    /// One field, quoted when it must be.
    public static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return value }
        return "\"" + value.replacing("\"", with: "\"\"") + "\""
    }

    /// One record with CRLF, as RFC 4180 writes it.
    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }
}
